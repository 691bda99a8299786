import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { callApi } from '../shared/api';
import { emit, notify } from '../shared/events';
import { HttpError, SERVER_ERROR, validationMessages } from '../shared/http';
import { userContextStore } from '../lib/userContext';
import { useUserContext } from '../shell/UserContextProvider';
import { PageTitle, RouteLink } from '../ui';
import { ALERT_SETTINGS_ROUTE, ALERT_SETTINGS_TITLE } from '../alertSettings/settings';
import { SecurityQuestionsForm } from './SecurityQuestionsForm';
import {
  PROFILE_TITLE,
  SAVED_MESSAGE,
  identityOf,
  preferenceOn,
  saveFailedMessage,
  visiblePreferences,
  withSetting,
  type Preference,
  type PreferenceKey,
} from './profile';

function reasonOf(error: unknown): string {
  if (error instanceof HttpError) return validationMessages(error.apiErrors).join(' ') || error.message || SERVER_ERROR;
  return SERVER_ERROR;
}

function IdentityRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 120, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * My Profile (spec 1 route /user/userSettings/): who the user is, preferences kept as user settings (saved at once
 * through POST /V1/Presentation/UpdateUserSetting and put into the UserContext store, so the rest of the console
 * sees them without a reload), and the password and security-question changes.
 */
export function ProfilePage() {
  const { context } = useUserContext();
  // What a switch was just set to, while its save is on the way.
  const [pending, setPending] = useState<Partial<Record<PreferenceKey, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  if (!context) return null;
  const identity = identityOf(context);
  const impersonated = context.impersonatedByUserId != null;

  const save = async (preference: Preference, on: boolean) => {
    setPending((p) => ({ ...p, [preference.key]: on }));
    setFailure(null);
    try {
      const saved = await callApi('post', '/V1/Presentation/UpdateUserSetting', {
        body: { setting_key: preference.setting, setting_value: on ? 'true' : 'false' },
        quiet: true,
      });
      // The latest context (a site change may have replaced it meanwhile), with this one setting replaced.
      const latest = userContextStore.getState().context;
      if (latest) userContextStore.set(withSetting(latest, saved));
      notify(SAVED_MESSAGE, 'success');
    } catch (error) {
      const message = saveFailedMessage(preference.label, reasonOf(error));
      setFailure(message);
      notify(message, 'error');
    } finally {
      setPending(({ [preference.key]: _done, ...rest }) => rest);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 960 }} data-testid="profile-page">
      <PageTitle title={PROFILE_TITLE} />
      <Stack spacing={2}>
        <Card data-testid="profile-identity">
          <CardContent>
            <Typography variant="h6" sx={{ mb: 1 }} data-testid="profile-name">
              {identity.name}
            </Typography>
            <IdentityRow label="User name" value={identity.userName} testId="profile-user-name" />
            <IdentityRow label="E-mail" value={identity.email} testId="profile-email" />
            <IdentityRow label="Current site" value={identity.site} testId="profile-site" />
          </CardContent>
        </Card>

        <Card data-testid="profile-preferences">
          <CardContent>
            <Typography variant="h6" sx={{ mb: 1 }}>
              Preferences
            </Typography>
            <Stack divider={<Divider flexItem />} spacing={1}>
              {visiblePreferences(context).map((preference) => {
                const saving = preference.key in pending;
                const checked = pending[preference.key] ?? preferenceOn(context.aspUserSettings, preference);
                return (
                  <Box key={preference.key} data-testid={`profile-pref-${preference.key}`} data-checked={String(checked)}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={checked}
                          disabled={saving}
                          onChange={(e) => void save(preference, e.target.checked)}
                          slotProps={{
                            input: {
                              'data-testid': `profile-pref-${preference.key}-switch`,
                              'data-setting-key': preference.setting,
                            } as InputHTMLAttributes<HTMLInputElement>,
                          }}
                        />
                      }
                      label={preference.label}
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ ml: 6, mt: -0.5, mb: 0.5 }}>
                      {preference.help}
                    </Typography>
                  </Box>
                );
              })}
            </Stack>
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }} onClose={() => setFailure(null)} data-testid="profile-pref-error">
                {failure}
              </Alert>
            )}
          </CardContent>
        </Card>

        <Card data-testid="profile-alerts">
          <CardContent>
            <Typography variant="h6" sx={{ mb: 1 }}>
              Alerts
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Where alerts reach you (e-mail address, mobile number for texts) and which alerts reach you at this site, by inbox, e-mail,
              text or toast, with their filters:{' '}
              <RouteLink to={ALERT_SETTINGS_ROUTE} data-testid="profile-alert-settings">
                {ALERT_SETTINGS_TITLE}
              </RouteLink>
            </Typography>
          </CardContent>
        </Card>

        {/* An impersonating support user changes neither the password nor the security questions of the user. */}
        {!impersonated && (
          <Card data-testid="profile-security">
            <CardContent>
              <Typography variant="h6" sx={{ mb: 1 }}>
                Password
              </Typography>
              <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => emit('openPasswordDialog')} data-testid="profile-change-password">
                Change Password
              </Button>
              <Typography variant="h6" sx={{ mt: 3, mb: 1 }}>
                Security questions
              </Typography>
              <SecurityQuestionsForm userName={identity.userName} />
            </CardContent>
          </Card>
        )}
      </Stack>
    </Box>
  );
}
