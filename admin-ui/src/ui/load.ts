// Loading a call's answer in a screen, and the API's refusals of a save by field.
import { useCallback, useEffect, useRef, useState } from 'react';
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
