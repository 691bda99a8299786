import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogContentText, LinearProgress } from '@mui/material';
import { on, notify } from '@asp/client/events';
import { api } from '@asp/client/api';

export const OFFLINE_MESSAGE = 'ASP is currently offline. This screen will minimize when ASP is back online.';
export const ONLINE_MESSAGE = 'ASP is online.  You may need to resubmit your last action.';
const POLL_MS = 30000;

/** Opens on any 503 (API switched off) and blocks the portal until IsEnabled says it is back. */
export function OfflineDialog() {
  const [offline, setOffline] = useState(false);
  useEffect(() => on('offline', () => setOffline(true)), []);
  useEffect(() => {
    if (!offline) return undefined;
    const timer = setInterval(async () => {
      try {
        const answer = await api.get('/api/V1/Security/API/IsEnabled', { auth: false, quiet: true });
        if (answer?.isEnabled) {
          setOffline(false);
          notify(ONLINE_MESSAGE, 'success');
        }
      } catch {
        // still offline
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [offline]);
  return (
    <Dialog open={offline} disableEscapeKeyDown data-testid="offline-dialog">
      <DialogContent>
        <DialogContentText>{OFFLINE_MESSAGE}</DialogContentText>
        <LinearProgress sx={{ mt: 2 }} />
      </DialogContent>
    </Dialog>
  );
}
