// My Alert Settings (spec 3 "Alerts"): where the signed-in user's alerts reach them (e-mail address, mobile number and
// carrier), then their settings at the current site. Another site's are shown after switching to it (the site
// switcher), as every site-tier screen works.
import { useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { PageTitle, RouteLink } from '../ui';
import { useUserContext } from '../shell/UserContextProvider';
import { PROFILE_ROUTE, PROFILE_TITLE } from '../profile/profile';
import { AlertSettingsGrid } from './AlertSettingsGrid';
import { ContactInfoSection } from './ContactInfoSection';
import { ALERT_SETTINGS_TITLE } from './settings';

export function AlertSettingsPage() {
  const { context } = useUserContext();
  const userId = context?.currentUser?.asp_users_id;
  const site = context?.currentSite;
  const [textWanted, setTextWanted] = useState(false);
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="alert-settings-page">
      <PageTitle title={ALERT_SETTINGS_TITLE} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Which alerts reach you at {site ? `${site.site_name} (${site.siteCode})` : 'this site'}, and how. Alerts without a channel ticked, or not
        active, are not sent to you. Back to <RouteLink to={PROFILE_ROUTE}>{PROFILE_TITLE}</RouteLink>.
      </Typography>
      {userId !== undefined && <ContactInfoSection userId={userId} textWanted={textWanted} />}
      {userId !== undefined && site ? (
        <AlertSettingsGrid
          key={`${userId}:${site.site_id}`}
          userId={userId}
          siteId={site.site_id}
          siteCode={site.siteCode}
          own
          onTextWanted={setTextWanted}
        />
      ) : (
        <Alert severity="info">Choose a site first: alert settings are kept per site.</Alert>
      )}
    </Box>
  );
}
