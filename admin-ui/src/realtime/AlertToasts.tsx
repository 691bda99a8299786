// The live toasts of the alert and site hubs: stacked at the top right under the bar, each for about six seconds,
// each a way into the inbox. react-admin's notifier shows one message at a time, so alerts have their own stack.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useNavigate } from 'react-router';
import { onRealtime, type RealtimeToast } from './events';
import { messageRoute } from '../notifications/inbox';

/** How long a toast stays. */
export const TOAST_MS = 6_000;
/** More at once would cover the page; the oldest goes first. */
export const MAX_TOASTS = 5;

interface Shown extends RealtimeToast {
  id: number;
}

/** A site broadcast names its site; an alert is titled by its subject, unless the toast's text is the subject. */
export function toastTitle(toast: RealtimeToast): string {
  if (toast.kind === 'site') return toast.siteCode ? `Message to site ${toast.siteCode}` : 'Site message';
  const subject = toast.subject?.trim();
  return subject && subject !== toast.message.trim() ? subject : 'New alert';
}

export function AlertToasts() {
  const navigate = useNavigate();
  const [toasts, setToasts] = useState<Shown[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((shown) => shown.filter((t) => t.id !== id));
  }, []);

  useEffect(
    () =>
      onRealtime('toast', (toast) => {
        const id = next.current++;
        setToasts((shown) => [...shown, { ...toast, id }].slice(-MAX_TOASTS));
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), TOAST_MS),
        );
      }),
    [dismiss],
  );
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
      all.clear();
    };
  }, []);

  if (!toasts.length) return null;
  return (
    <Box
      sx={{ position: 'fixed', top: 72, right: 16, zIndex: (theme) => theme.zIndex.snackbar, display: 'flex', flexDirection: 'column', gap: 1, width: 360, maxWidth: 'calc(100vw - 32px)' }}
      data-testid="alert-toasts"
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          severity="info"
          variant="filled"
          elevation={6}
          onClose={() => dismiss(toast.id)}
          onClick={(event) => {
            // A link inside an HTML toast goes where it points; the rest of the toast opens its message when the
            // server named it (alertReceived's notificationId), else the inbox.
            if ((event.target as HTMLElement).closest('a')) return;
            dismiss(toast.id);
            navigate(messageRoute(toast.notificationId));
          }}
          sx={{ cursor: 'pointer', '& a': { color: 'inherit', textDecoration: 'underline' } }}
          data-testid="alert-toast"
          data-kind={toast.kind}
          data-notification-id={toast.notificationId}
        >
          <AlertTitle>{toastTitle(toast)}</AlertTitle>
          {toast.kind === 'html' ? (
            // Sanitised by realtime/sanitize.ts: simple formatting and safe links only.
            <Box component="span" dangerouslySetInnerHTML={{ __html: toast.message }} data-testid="alert-toast-message" />
          ) : (
            <Box component="span" sx={{ whiteSpace: 'pre-line' }} data-testid="alert-toast-message">
              {toast.message}
            </Box>
          )}
        </Alert>
      ))}
    </Box>
  );
}
