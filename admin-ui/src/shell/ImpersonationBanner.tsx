import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useUserContext } from './UserContextProvider';
import { personLabel, readImpersonator, useImpersonation } from './ImpersonationSession';

/**
 * Under the top bar on every page while a support user acts as someone else: who they act as, who they really are,
 * and the way back. Nothing for anyone else.
 */
export function ImpersonationBanner() {
  const { context } = useUserContext();
  const { impersonatedBy, stop } = useImpersonation();
  const [busy, setBusy] = useState(false);
  if (impersonatedBy == null || !context) return null;
  const impersonator = readImpersonator(impersonatedBy);
  // The support user's name is remembered by this browser at the start; another browser only knows it is not them.
  const signedInAs = impersonator ? `${impersonator.name} (${impersonator.login})` : 'your own account';

  const back = async () => {
    setBusy(true);
    try {
      await stop();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      variant="filled"
      sx={{ borderRadius: 0, mb: 1, position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar - 1 }}
      data-testid="impersonation-banner"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={back} disabled={busy} data-testid="impersonation-return">
          Return to my account
        </Button>
      }
    >
      You are acting as <strong data-testid="impersonation-target">{personLabel(context.currentUser)}</strong>, signed in
      as <span data-testid="impersonation-self">{signedInAs}</span>.
    </Alert>
  );
}
