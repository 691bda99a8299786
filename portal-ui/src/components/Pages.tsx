import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { UserContext } from '../lib/roles';

interface ContextProps {
  context: UserContext;
}

function Page({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }} data-testid={testId}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function CurrentSite({ context }: ContextProps) {
  return (
    <Card sx={{ maxWidth: 520 }}>
      <CardContent>
        <Typography variant="h6">Current Site</Typography>
        <Typography data-testid="current-site">
          You are currently logged on to site: {context?.currentSite?.siteCode || 'None'}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function CustomerHome({ context }: ContextProps) {
  return (
    <Page title="Homepage" testId="customer-home">
      <CurrentSite context={context} />
    </Page>
  );
}

// Quotes arrive with a later issue; until then the page says so instead of showing invented rows.
export function QuotesPage() {
  return (
    <Page title="Quotes" testId="quotes-page">
      <Typography color="text.secondary" data-testid="quotes-empty">
        You have no quotes yet.
      </Typography>
    </Page>
  );
}

export function CatalogPage({ context }: ContextProps) {
  return (
    <Page title="Catalog" testId="catalog-page">
      <Typography color="text.secondary">
        The catalog for site {context?.currentSite?.siteCode} is not available in the portal yet.
      </Typography>
    </Page>
  );
}

export function SupplierHome({ context }: ContextProps) {
  const user = context?.currentUser;
  const name = [user?.fname, user?.lname].filter(Boolean).join(' ');
  return (
    <Page title="Supplier Portal" testId="supplier-home">
      {name && <Typography sx={{ mb: 2 }}>Welcome, {name}.</Typography>}
      <CurrentSite context={context} />
    </Page>
  );
}

export function NoPortalRole() {
  return (
    <Page title="ASP Portal" testId="no-portal-role">
      <Typography>This portal is for customer and supplier users. Your account has no portal access.</Typography>
    </Page>
  );
}

export function NotFound() {
  return (
    <Page title="Not found" testId="not-found">
      <Typography>Sorry! This page doesn&apos;t exist!</Typography>
    </Page>
  );
}
