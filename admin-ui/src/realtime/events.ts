// What the real-time hubs tell the console's components (the bell, the toasts, later the cart), and what a screen
// tells the bell (the inbox changed). Outside React so the hub connection (realtime/hub.ts) stays plain code.

export type ToastKind = 'alert' | 'html' | 'site';

export interface RealtimeToast {
  kind: ToastKind;
  /** Plain text, or sanitised HTML for kind 'html'. */
  message: string;
  /** The site a site broadcast was sent to. */
  siteCode?: string;
  /** The inbox message an alert toast announces (alertReceived's notificationId): the toast opens it. */
  notificationId?: number;
  /** The message's subject, the toast's title. */
  subject?: string;
}

export interface RealtimePayloads {
  /** A toast to show (alert hub: alertReceived, alertHTMLReceived; site hub: BroadcastMessageToSite). */
  toast: RealtimeToast;
  /** cartUpdatedReceived: the cart's new value, as the server sent it. */
  cartUpdated: string;
  /** The unread count may have changed: an alert arrived, or the inbox page read, acknowledged or removed. */
  inboxChanged: undefined;
}

export type RealtimeEvent = keyof RealtimePayloads;
type Listener<T extends RealtimeEvent> = (payload: RealtimePayloads[T]) => void;

const listeners = new Map<RealtimeEvent, Set<Listener<never>>>();

export function onRealtime<T extends RealtimeEvent>(type: T, listener: Listener<T>): () => void {
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

export function emitRealtime<T extends RealtimeEvent>(type: T, ...[payload]: RealtimePayloads[T] extends undefined ? [] : [RealtimePayloads[T]]): void {
  const set = listeners.get(type) as Set<Listener<T>> | undefined;
  if (!set) return;
  for (const listener of [...set]) listener(payload as RealtimePayloads[T]);
}

/** For a screen that changed the inbox: the bell counts again. */
export const inboxChanged = () => emitRealtime('inboxChanged');

/** The DOM event dispatched on `window` for a new cart value (the cart screen is not built yet). */
export const CART_UPDATED_EVENT = 'asp:cartUpdated';
