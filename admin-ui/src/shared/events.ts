// The http client and other non-React code need to raise toasts and dialogs; React components subscribe here
// (admin-ui: shell/ShellEventBridge; portal-ui: components/Toaster and App) so those modules stay free of React and
// react-admin and testable on their own.
import type { ToastType } from './http';

export interface Toast {
  message: string;
  type: ToastType;
}

/** Every event and its payload. */
export interface EventPayloads {
  notify: Toast;
  /** A 401 on an authenticated call: the token is already dropped, the app returns to sign-in. */
  unauthorized: undefined;
  /** A 503: the API was switched off. */
  offline: undefined;
  /** admin-ui: the user menu asks the password dialog (shell/PasswordDialog) to open. */
  openPasswordDialog: undefined;
}

export type EventType = keyof EventPayloads;
type Listener<T extends EventType> = (payload: EventPayloads[T]) => void;

const listeners = new Map<EventType, Set<Listener<never>>>();

export function on<T extends EventType>(type: T, listener: Listener<T>): () => void {
  let set = listeners.get(type) as Set<Listener<T>> | undefined;
  if (!set) {
    set = new Set();
    listeners.set(type, set as Set<Listener<never>>);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function emit<T extends EventType>(
  type: T,
  ...[payload]: EventPayloads[T] extends undefined ? [] : [EventPayloads[T]]
): void {
  const set = listeners.get(type) as Set<Listener<T>> | undefined;
  if (!set) return;
  for (const listener of [...set]) listener(payload as EventPayloads[T]);
}

export function notify(message: string, type: ToastType = 'info'): void {
  emit('notify', { message, type });
}
