import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogContentText, LinearProgress } from '@mui/material';
import { on, notify } from '../events';
import { callApi } from '../api';

export const OFFLINE_MESSAGE = 'ASP is currently offline. This screen will minimize when ASP is back online.';
export const ONLINE_MESSAGE = 'ASP is online.  You may need to resubmit your last action.';
export const OFFLINE_POLL_MS = 30000;

export interface OfflineDialogProps {
  /** How often IsEnabled is asked while offline. */
  pollMs?: number;
}

/** Opens on any 503 (the API was switched off) and blocks the screen until IsEnabled says it is back. */
export function OfflineDialog({ pollMs = OFFLINE_POLL_MS }: OfflineDialogProps) {
  const [offline, setOffline] = useState(false);

  useEffect(() => on('offline', () => setOffline(true)), []);

  useEffect(() => {
    if (!offline) return undefined;
    let cancelled = false;
    const timer = setInterval(async () => {
      try {
        const answer = await callApi('get', '/V1/Security/API/IsEnabled', { auth: false, quiet: true });
        if (!cancelled && answer?.isEnabled) {
          setOffline(false);
          notify(ONLINE_MESSAGE, 'success');
        }
      } catch {
        // Still offline (or unreachable): keep polling.
      }
    }, pollMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [offline, pollMs]);

  return (
    <Dialog open={offline} disableEscapeKeyDown data-testid="offline-dialog" aria-labelledby="offline-text">
      <DialogContent>
        <DialogContentText id="offline-text">{OFFLINE_MESSAGE}</DialogContentText>
        <LinearProgress sx={{ mt: 2 }} />
      </DialogContent>
    </Dialog>
  );
}
