import { useEffect, useState } from 'react';
import { Alert, Snackbar } from '@mui/material';
import { on, type Toast } from '@asp/client/events';

/** Shows the toasts raised through @asp/client/events, one at a time in arrival order. */
export function Toaster() {
  const [queue, setQueue] = useState<(Toast & { key: number })[]>([]);
  useEffect(() => on('notify', (toast) => setQueue((q) => [...q, { ...toast, key: Date.now() + Math.random() }])), []);
  const current = queue[0];
  const dismiss = () => setQueue((q) => q.slice(1));
  return (
    <Snackbar
      key={current?.key}
      open={Boolean(current)}
      autoHideDuration={5000}
      onClose={(_event, reason) => reason !== 'clickaway' && dismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert severity={current.type} onClose={dismiss} variant="filled" sx={{ whiteSpace: 'pre-line' }} data-testid="toast">
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
