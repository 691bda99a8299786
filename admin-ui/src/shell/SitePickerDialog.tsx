import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useLogout } from 'react-admin';
import { useUserContext } from './UserContextProvider';
import { SiteAutocomplete } from './SiteAutocomplete';
import { useSwitchSite } from './useSwitchSite';

export const NO_SITES_MESSAGE = 'No sites have been set up for your account - contact your system administrator.';

/** A user without a current site must pick one before anything else works (the API scopes every call by site). */
export function SitePickerDialog() {
  const { context } = useUserContext();
  const switchSite = useSwitchSite();
  const logout = useLogout();
  const passwordFirst = context?.currentUser?.password_expired && !context?.impersonatedByUserId;
  const open = Boolean(context) && !context?.currentSite && !passwordFirst;
  const sites = context?.availableSites || [];

  return (
    <Dialog open={open} disableEscapeKeyDown data-testid="site-picker-dialog" maxWidth="xs" fullWidth>
      <DialogTitle>Select a site</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        {sites.length === 0 ? (
          <Alert severity="error" data-testid="no-sites-error">
            {NO_SITES_MESSAGE}
          </Alert>
        ) : (
          <SiteAutocomplete
            sites={sites}
            testId="site-picker-input"
            label="Site"
            autoFocus
            sx={{ mt: 1 }}
            onSelect={(site) => switchSite(site).catch(() => undefined)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout()}>Sign out</Button>
      </DialogActions>
    </Dialog>
  );
}
