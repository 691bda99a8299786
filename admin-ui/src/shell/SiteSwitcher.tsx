import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useUserContext } from './UserContextProvider';
import { SiteAutocomplete } from './SiteAutocomplete';
import { useSwitchSite } from './useSwitchSite';

/** App bar site switcher: the current site code; a click opens the autocomplete. Punch-in users cannot switch. */
export function SiteSwitcher() {
  const { context } = useUserContext();
  const switchSite = useSwitchSite();
  const [editing, setEditing] = useState(false);
  if (!context) return null;
  const code = context.currentSite?.siteCode;

  if (context.isPunchinUser) {
    return (
      <Typography component="span" sx={{ mx: 1, whiteSpace: 'nowrap' }} data-testid="site-code">
        {code}
      </Typography>
    );
  }
  if (editing) {
    return (
      <Box sx={{ width: 220, mx: 1, bgcolor: 'background.paper', borderRadius: 1 }}>
        <SiteAutocomplete
          sites={context.availableSites}
          testId="site-switcher-input"
          label="Site"
          autoFocus
          onDismiss={() => setEditing(false)}
          onSelect={(site) => {
            setEditing(false);
            switchSite(site).catch(() => undefined); // errors are toasted by the http client
          }}
        />
      </Box>
    );
  }
  return (
    <Button color="inherit" sx={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 'auto' }} onClick={() => setEditing(true)} data-testid="site-switcher" title="Change site">
      {code || 'No site'}
    </Button>
  );
}
