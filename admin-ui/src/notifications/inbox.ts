// The inbox's address, who may open it, and the words the bell and the page share (issue 23, spec 4 "Alert inbox").
import type { Schema } from '../shared/api';

/** /notification lists the inbox; /notification?id=N opens one message. */
export const INBOX_ROUTE = '/notification';
export const INBOX_TITLE = 'Notifications';
/** The inbox operations' permissions: anyone signed in to a site. */
export const INBOX_PERMISSIONS = ['BasicAccess', 'CustomerPortalUser', 'SupplierPortalUser'] as const;

export type InboxMessage = Schema<'InboxMessage'>;

/** The bell's badge: nothing at 0, '99+' over 99. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** A message's state as the list shows it. */
export function readState(message: Pick<InboxMessage, 'is_read' | 'acknowledged_date'>): 'Acknowledged' | 'Read' | 'Unread' {
  if (message.acknowledged_date) return 'Acknowledged';
  return message.is_read ? 'Read' : 'Unread';
}

/** Where a toast or a list row leads: the message itself when its id is known, else the inbox list. */
export function messageRoute(notificationId: number | null | undefined): string {
  return notificationId && Number.isSafeInteger(notificationId) && notificationId > 0 ? `${INBOX_ROUTE}?id=${notificationId}` : INBOX_ROUTE;
}

/** `?id=N` of the inbox's address: the message to open (null: the list). */
export function openedId(search: URLSearchParams): number | null {
  const raw = search.get('id');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The record a message is about, when it names one other than the message itself (the raising rule's default link
 * is the message's own inbox address).
 */
export function recordLink(link: string | null | undefined): string | null {
  const value = link?.trim();
  if (!value) return null;
  if (value.replace(/^#/, '').startsWith(`${INBOX_ROUTE}?`) || value.replace(/^#/, '') === INBOX_ROUTE) return null;
  return value;
}
