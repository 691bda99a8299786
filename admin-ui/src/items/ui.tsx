// Small building blocks of the item screens: loading a call's answer, label/value rows, sections, and the API's
// field errors of a refused save.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { HttpError } from '../shared/http';
import { notify } from '../shared/events';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * The answer of `load` (re-run when a key changes or on `reload`); a call still running when the keys change is
 * aborted, and its late answer dropped. Until the answer for the current keys is in, `data` is undefined and
 * `loading` true, so nothing is ever shown for other keys than the current ones. `enabled: false` loads nothing.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, keys: readonly unknown[], enabled = true): Loaded<T> {
  const key = JSON.stringify(keys);
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: unknown }>({ key: null, data: undefined, error: null });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    loadRef
      .current(controller.signal)
      .then((data) => !controller.signal.aborted && setState({ key, data, error: null }))
      .catch((error: unknown) => !controller.signal.aborted && setState({ key, data: undefined, error }));
    return () => controller.abort();
  }, [key, round, enabled]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // A reload keeps showing the answer it replaces until the new one is in.
  const current = state.key === key;
  return { data: current ? state.data : undefined, error: current ? state.error : null, loading: enabled && !current, reload };
}

/** The HTTP status of a failed call (0 when the server was not reached or it was not an HTTP error). */
export const statusOf = (error: unknown): number => (error instanceof HttpError ? error.status : 0);

// The statuses the http client does not toast: the screen says what the API said.
const SAID_HERE = [400, 404, 409, 413, 422];

/**
 * A refused save's messages by field (`{min_qty: '...'}`) and the form-level ones, from the API's `errors` list
 * (400) or its message (404, 409). Other failures have been toasted by the http client and give nothing here.
 */
export function fieldErrorsOf(error: unknown): { fields: Record<string, string>; form: string | null } {
  if (!(error instanceof HttpError) || !SAID_HERE.includes(error.status)) return { fields: {}, form: null };
  const fields: Record<string, string> = {};
  const form: string[] = [];
  for (const item of error.apiErrors) {
    const message = item?.error || item?.errorType;
    if (!message) continue;
    if (!item.field || item.field === 'Error') {
      if (!form.includes(message)) form.push(message);
    } else if (!fields[item.field]) fields[item.field] = message;
    else if (!fields[item.field].split('\n').includes(message)) fields[item.field] = `${fields[item.field]}\n${message}`;
  }
  if (!error.apiErrors.length && error.message) form.push(error.message);
  return { fields, form: form.length ? form.join('\n') : null };
}

/** For actions without a form: the refusal the http client did not toast, as a toast. */
export function notifyRefusal(error: unknown): void {
  const { fields, form } = fieldErrorsOf(error);
  const lines = [...Object.values(fields), ...(form ? [form] : [])];
  if (lines.length) notify(lines.join('\n'), 'error');
}

/** One label and its value; the value carries the test id. */
export function InfoRow({ label, value, testId, children }: { label: string; value?: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 170, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {children ?? value ?? ''}
      </Typography>
    </Stack>
  );
}

export function Section({ title, children, testId, actions }: { title: string; children: ReactNode; testId?: string; actions?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}

/** A spinner while loading, the error's message when the call failed, else the content. */
export function LoadState({ loading, error, children, what }: { loading: boolean; error: unknown; children: ReactNode; what: string }) {
  if (loading) return <CircularProgress size={32} sx={{ m: 2 }} />;
  if (error) {
    const status = statusOf(error);
    const text = status === 404 ? `The ${what} could not be found.` : `An error occurred fetching this ${what}.`;
    return (
      <Alert severity="warning" sx={{ my: 1 }} data-testid="load-error">
        {text}
      </Alert>
    );
  }
  return <>{children}</>;
}
