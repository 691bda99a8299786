// An administrator's view of another user's alert settings (the "Alert settings" tab of a user's page): a site of the
// user's to choose, then the same grid as My Alert Settings. The settings operations take a site of the caller's
// own of the current client (docs/alerts.md), so the choice is the user's sites among those; the server still
// answers 404 for a user out of the administrator's reach, which the grid says.
import { useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Box, MenuItem, TextField } from '@mui/material';
import type { Schema } from '../shared/api';
import { useUserContext } from '../shell/UserContextProvider';
import { AlertSettingsGrid } from './AlertSettingsGrid';

type SiteInfo = Schema<'SiteInfo'>;

/**
 * The sites to offer: the user's among the caller's sites of the current client, by code; the current site first
 * when it is one of them.
 */
export function sitesToOffer(userSiteIds: readonly number[], available: readonly SiteInfo[], current: SiteInfo | null | undefined): SiteInfo[] {
  const clientId = current?.client_id;
  const offered = available
    .filter((s) => userSiteIds.includes(s.site_id) && (clientId === undefined || s.client_id === clientId))
    .sort((a, b) => a.siteCode.localeCompare(b.siteCode));
  const here = offered.findIndex((s) => s.site_id === current?.site_id);
  return here > 0 ? [offered[here], ...offered.slice(0, here), ...offered.slice(here + 1)] : offered;
}

export function UserAlertSettings({ userId, siteIds }: { userId: number; siteIds: readonly number[] }) {
  const { context } = useUserContext();
  const sites = useMemo(
    () => sitesToOffer(siteIds, context?.availableSites ?? [], context?.currentSite),
    [siteIds, context?.availableSites, context?.currentSite],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const site = sites.find((s) => s.site_id === chosen) ?? sites[0];
  if (!site) {
    return (
      <Alert severity="info" data-testid="user-alerts-no-site">
        The user has no site of this client that you have access to. Alert settings are kept per site: switch to a site of the user&apos;s to see
        them.
      </Alert>
    );
  }
  return (
    <Box data-testid="user-alert-settings">
      <TextField
        select
        size="small"
        label="Site"
        sx={{ width: 320, mb: 2 }}
        value={site.site_id}
        onChange={(e) => setChosen(Number(e.target.value))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-alerts-site' } as HTMLAttributes<HTMLDivElement> } }}
      >
        {sites.map((s) => (
          <MenuItem key={s.site_id} value={s.site_id} data-testid={`user-alerts-site-${s.siteCode}`}>
            {s.site_name} ({s.siteCode})
          </MenuItem>
        ))}
      </TextField>
      <AlertSettingsGrid key={`${userId}:${site.site_id}`} userId={userId} siteId={site.site_id} siteCode={site.siteCode} own={userId === context?.currentUser?.asp_users_id} />
    </Box>
  );
}
