import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, CssBaseline, Stack } from '@mui/material';
import { callApi } from '@asp/client/api';
import { OfflineDialog } from '@asp/client/components/OfflineDialog';
import { on } from '@asp/client/events';
import { SERVER_ERROR } from '@asp/client/http';
import { getToken, getTokenExpiry, clearToken } from '@asp/client/token';
import { logout } from './lib/auth';
import { navigate, usePath } from './lib/router';
import { portalRole, resolveRoute, ROUTES, type UserContext } from './lib/roles';
import { SignIn } from './components/SignIn';
import { PortalShell } from './components/PortalShell';
import { LocationDialog } from './components/LocationDialog';
import { Toaster } from './components/Toaster';
import { Footer } from './components/Footer';
import { useTokenRefresh } from './components/useTokenRefresh';
import { CatalogPage, CustomerHome, NoPortalRole, NotFound, QuotesPage, SupplierHome } from './components/Pages';

function hasLiveToken(): boolean {
  const expiry = getTokenExpiry();
  if (getToken() && (!expiry || expiry > Date.now())) return true;
  clearToken();
  return false;
}

/** `?aspNav_siteCode=` chooses the site of the first context load, as in the staff console. */
function navSiteCode(): string | null {
  const code = new URLSearchParams(window.location.search).get('aspNav_siteCode');
  return code ? code.trim().toUpperCase() : null;
}

export function Page({ path, context }: { path: string; context: UserContext }) {
  if (portalRole(context) === 'none') return <NoPortalRole />;
  switch (path) {
    case ROUTES.customerHome:
      return <CustomerHome context={context} />;
    case ROUTES.quotes:
      return <QuotesPage />;
    case ROUTES.catalog:
      return <CatalogPage context={context} />;
    case ROUTES.supplierHome:
      return <SupplierHome context={context} />;
    default:
      return <NotFound />;
  }
}

interface ContextState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  context: UserContext | null;
}

export function App() {
  const [signedIn, setSignedIn] = useState(hasLiveToken);
  const [state, setState] = useState<ContextState>({ status: 'idle', context: null });
  const path = usePath();

  useTokenRefresh(signedIn);

  useEffect(
    () =>
      on('unauthorized', () => {
        setSignedIn(false);
        setState({ status: 'idle', context: null });
      }),
    [],
  );

  const loadContext = useCallback(async () => {
    setState((s) => ({ ...s, status: 'loading' }));
    const code = navSiteCode();
    try {
      const context = await callApi('get', '/V1/Site/UserContext', { query: { site_code: code ?? undefined } });
      setState({ status: 'ready', context });
    } catch {
      setState({ status: 'error', context: null });
    }
  }, []);

  useEffect(() => {
    if (signedIn) loadContext();
  }, [signedIn, loadContext]);

  const context = state.context;
  const target = context ? resolveRoute(path, context) : path;
  useEffect(() => {
    if (context && target !== path) navigate(target, { replace: true });
  }, [context, target, path]);

  const signOut = async () => {
    await logout();
    setSignedIn(false);
    setState({ status: 'idle', context: null });
  };

  let content;
  if (!signedIn) {
    content = <SignIn onSignedIn={() => setSignedIn(true)} />;
  } else if (!context) {
    content =
      state.status === 'error' ? (
        <Stack spacing={2} sx={{ p: 3, maxWidth: 520 }} data-testid="startup-error">
          <Alert severity="error">
            {SERVER_ERROR}
            <br />
            General error starting the application.
          </Alert>
          <Box>
            <Button variant="outlined" onClick={loadContext}>
              Try again
            </Button>
          </Box>
        </Stack>
      ) : (
        <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress />
        </Box>
      );
  } else {
    const setContext = (next: UserContext) => setState({ status: 'ready', context: next });
    content = (
      <>
        <PortalShell context={context} path={target} onContext={setContext} onSignOut={signOut}>
          <Page path={target} context={context} />
          <Footer />
        </PortalShell>
        <LocationDialog context={context} onContext={setContext} />
      </>
    );
  }

  return (
    <>
      <CssBaseline />
      {content}
      <OfflineDialog />
      <Toaster />
    </>
  );
}
