// What the real-time hubs tell the console's components (the bell, the toasts, later the cart), and what a screen
// tells the bell (the inbox changed). Outside React so the hub connection (realtime/hub.ts) stays plain code.

import { createEventBus } from '../shared/events';

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

const bus = createEventBus<RealtimePayloads>();
export const onRealtime = bus.on;
export const emitRealtime = bus.emit;

/** For a screen that changed the inbox: the bell counts again. */
export const inboxChanged = () => emitRealtime('inboxChanged');

/** The DOM event dispatched on `window` for a new cart value (the cart screen is not built yet). */
export const CART_UPDATED_EVENT = 'asp:cartUpdated';
