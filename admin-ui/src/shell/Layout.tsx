import { useEffect, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { Layout } from 'react-admin';
import { ensureUserContext } from '../lib/authProvider';
import { SERVER_ERROR } from '../shared/http';
import { useUserContext } from './UserContextProvider';
import { AspAppBar } from './AppBar';
import { Footer } from './Footer';
import { AspMenu } from './Menu';
import { ShellEventBridge } from './ShellEventBridge';
import { PortalGate } from './PortalGate';
import { InactivityDialog, SessionProvider } from './Session';
import { PasswordDialog } from './PasswordDialog';
import { SitePickerDialog } from './SitePickerDialog';
import { DeveloperHelp } from '../devops/help/DeveloperHelp';
import { ImpersonationBanner } from './ImpersonationBanner';
import { ImpersonateDialog } from './ImpersonateDialog';
import { RealtimeBridge } from '../realtime/RealtimeBridge';

/** Pages need the UserContext (site, permissions); hold them back until it is loaded. */
function StartupGate({ children }: { children: ReactNode }) {
  const { status, context } = useUserContext();
  useEffect(() => {
    if (status === 'idle') ensureUserContext().catch(() => undefined);
  }, [status]);

  if (context) return <>{children}</>;
  if (status === 'error') {
    return (
      <Stack spacing={2} sx={{ p: 3, maxWidth: 520 }} data-testid="startup-error">
        <Alert severity="error">
          {SERVER_ERROR}
          <br />
          General error starting the application.
        </Alert>
        <Box>
          <Button variant="outlined" onClick={() => ensureUserContext().catch(() => undefined)}>
            Try again
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress />
    </Box>
  );
}

const LAYOUT_SX = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
};

export function AspLayout({ children }: { children: ReactNode }) {
  return (
    <PortalGate>
      <SessionProvider>
        <ShellEventBridge />
        {/* react-admin sizes the layout to its content (min-width: fit-content); wide grids scroll inside their own
            container instead of widening the page. */}
        <Layout appBar={AspAppBar} menu={AspMenu} sx={LAYOUT_SX}>
          <Box sx={{ minHeight: 'calc(100vh - 140px)', minWidth: 0 }}>
            <ImpersonationBanner />
            <StartupGate>{children}</StartupGate>
          </Box>
          <Footer />
        </Layout>
        <InactivityDialog />
        <PasswordDialog />
        <SitePickerDialog />
        <DeveloperHelp />
        <ImpersonateDialog />
        <RealtimeBridge />
      </SessionProvider>
    </PortalGate>
  );
}
