import { useState, type ChangeEvent, type ReactNode } from 'react';
import { AppBar, Box, Button, TextField, Toolbar, Typography } from '@mui/material';
import { callApi } from '@asp/client/api';
import { notify } from '@asp/client/events';
import { navigate } from '../lib/router';
import { canSwitchSite, homeFor, navItems, portalRole, showAspButton, type UserContext } from '../lib/roles';

interface ContextProps {
  context: UserContext;
  onContext: (next: UserContext) => void;
}

function SiteSelect({ context, onContext }: ContextProps) {
  const [busy, setBusy] = useState(false);
  const change = async (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const code = event.target.value;
    if (!code || code === context.currentSite?.siteCode) return;
    setBusy(true);
    try {
      const next = await callApi('put', '/V1/Site/CurrentSite', { body: { site_code: code } });
      notify(`Site set to ${next?.currentSite?.siteCode || code}`, 'success');
      onContext(next);
      navigate(homeFor(next));
    } catch {
      // toasted by the http client
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextField
      select
      size="small"
      value={context.currentSite?.siteCode || ''}
      onChange={change}
      disabled={busy}
      sx={{ minWidth: 160, bgcolor: 'background.paper', borderRadius: 1 }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'portal-site-select', 'aria-label': 'Site' } }}
    >
      {!context.currentSite && <option value="">None</option>}
      {(context.availableSites || []).map((s) => (
        <option key={s.site_id} value={s.siteCode}>
          {s.siteCode}
          {s.site_name ? ` - ${s.site_name}` : ''}
        </option>
      ))}
    </TextField>
  );
}

interface PortalShellProps extends ContextProps {
  path: string;
  onSignOut: () => void;
  children: ReactNode;
}

export function PortalShell({ context, path, onContext, onSignOut, children }: PortalShellProps) {
  const role = portalRole(context);
  const title = role === 'supplier' ? 'ASP Supplier Portal' : 'ASP Customer Portal';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="span" sx={{ mr: 2 }}>
            {title}
          </Typography>
          <Box component="nav" sx={{ display: 'flex', gap: 1, flex: 1 }} data-testid="portal-nav">
            {navItems(context).map((item) => (
              <Button
                key={item.path}
                color="inherit"
                href={`#${item.path}`}
                aria-current={path === item.path ? 'page' : undefined}
                sx={{ fontWeight: path === item.path ? 700 : 400 }}
                data-testid={`nav-${item.label.toLowerCase()}`}
              >
                {item.label}
              </Button>
            ))}
          </Box>
          {canSwitchSite(context) ? (
            <SiteSelect context={context} onContext={onContext} />
          ) : (
            <Typography component="span" data-testid="site-code">
              {context.currentSite?.siteCode}
            </Typography>
          )}
          {showAspButton(context) && (
            <Button color="inherit" variant="outlined" href="/" data-testid="asp-button">
              ASP
            </Button>
          )}
          <Button color="inherit" onClick={onSignOut} data-testid="portal-logout">
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
