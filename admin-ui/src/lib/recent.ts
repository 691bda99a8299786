// The side bar's "Recent" list: the records a user opened last, kept in this browser per user (not a server
// setting: it is a convenience, and a shared workstation keeps each user's own list).
import { findRoute, type RouteEntry } from './routes';

export interface RecentRecord {
  /** The in-app address (path and query), as the router shows it after `#`. */
  to: string;
  label: string;
}

export const RECENT_LIMIT = 8;
const key = (userId: number | string) => `asp.recent.${userId}`;
// Query keys that name one record on a screen that otherwise searches (`/transaction?id=`, `?vend_code=`).
const RECORD_KEYS = ['id', 'vend_code', 'emp_id', 'employee_id', 'cip_no'];

/**
 * Whether an address shows one record: its route has a parameter (`/item/:cid_no/:cip_no`), or its query names a
 * record. Lists, searches and unknown addresses are not records.
 */
export function isRecordAddress(routes: readonly RouteEntry[], to: string): boolean {
  const route = findRoute(routes, to);
  if (!route || route.path === '/') return false;
  if (route.path.includes(':')) return !route.path.endsWith('/create');
  const query = new URLSearchParams(to.split('?')[1] ?? '');
  return RECORD_KEYS.some((k) => query.get(k));
}

export function readRecent(userId: number | string): RecentRecord[] {
  try {
    const list = JSON.parse(localStorage.getItem(key(userId)) || '[]');
    return Array.isArray(list) ? list.filter((r) => r && typeof r.to === 'string' && typeof r.label === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts the record first (once), keeps the newest RECENT_LIMIT, and answers the new list. */
export function rememberRecent(userId: number | string, record: RecentRecord): RecentRecord[] {
  const list = [record, ...readRecent(userId).filter((r) => r.to !== record.to)].slice(0, RECENT_LIMIT);
  localStorage.setItem(key(userId), JSON.stringify(list));
  return list;
}
