import { useEffect } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router';
import { hasPermission, type UserContext } from '../lib/userContext';
import { useUserContext } from '../shell/UserContextProvider';
import { SiteAutocomplete } from '../shell/SiteAutocomplete';
import { useSwitchSite } from '../shell/useSwitchSite';
import { TileBoard } from './TileBoard';
import { UsageTrendCard } from './UsageTrendCard';
import { UNAUTHORIZED_TEXT } from '../shell/StaticPages';

/** Where the home route sends a user who belongs in the portal (spec 1 route table and start-up rules). */
export function portalRedirectFor(context: UserContext | null | undefined): string | null {
  if (!context) return null;
  if (context.currentUser?.supplier_portal_user) return '/portal/#/supplier-portal';
  if (hasPermission(context, 'CustomerPortalUser') && !hasPermission(context, 'BasicAccess')) {
    return '/portal/#/customer-portal';
  }
  return null;
}

export function HomePage() {
  const { context } = useUserContext();
  const switchSite = useSwitchSite();
  const navigate = useNavigate();
  const redirect = portalRedirectFor(context);

  useEffect(() => {
    if (redirect) window.location.assign(redirect);
  }, [redirect]);

  if (!context || redirect) return null;
  if (!hasPermission(context, 'BasicAccess')) {
    return <Typography sx={{ p: 3 }}>{UNAUTHORIZED_TEXT}</Typography>;
  }
  const code = context.currentSite?.siteCode;

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="home-page">
      <Title title="Homepage" />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }} data-testid="home-title">
        Homepage
      </Typography>
      <Card sx={{ mb: 3, maxWidth: 520 }} data-testid="current-site-card">
        <CardContent>
          <Typography variant="h6">Current Site</Typography>
          <Typography sx={{ mb: 2 }} data-testid="current-site">
            You are currently logged on to site: {code || 'None'}
          </Typography>
          {!context.isPunchinUser && (
            <SiteAutocomplete
              sites={context.availableSites}
              testId="home-site-select"
              label="Change site"
              onSelect={(site) => switchSite(site).catch(() => undefined)}
            />
          )}
        </CardContent>
      </Card>
      {/* Tiles count per site: none without a site, and reloaded with every new context (site or password change). */}
      {context.currentSite && <TileBoard reloadKey={context} onOpen={(tile) => tile.route && navigate(tile.route)} />}
      {context.currentSite && <UsageTrendCard reloadKey={context} siteCode={code} />}
    </Box>
  );
}
