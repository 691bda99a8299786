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

/** The emit arguments of an event: none when its payload is `undefined`. */
export type EmitArgs<P, T extends keyof P> = P[T] extends undefined ? [] : [P[T]];

/** A typed event bus: listeners per event name, each given that event's payload. */
export interface EventBus<P> {
  on<T extends keyof P>(type: T, listener: (payload: P[T]) => void): () => void;
  emit<T extends keyof P>(type: T, ...args: EmitArgs<P, T>): void;
}

/** One bus per kind of news (this module's shell events; realtime/events.ts the hubs' messages). */
export function createEventBus<P>(): EventBus<P> {
  const listeners = new Map<keyof P, Set<(payload: never) => void>>();
  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      const entry = listener as (payload: never) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(type, ...[payload]) {
      const set = listeners.get(type);
      if (!set) return;
      for (const listener of [...set]) (listener as (p: typeof payload) => void)(payload);
    },
  };
}

const bus = createEventBus<EventPayloads>();
export const on = bus.on;
export const emit = bus.emit;

export function notify(message: string, type: ToastType = 'info'): void {
  emit('notify', { message, type });
}
