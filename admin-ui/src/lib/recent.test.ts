import { beforeEach, describe, expect, it } from 'vitest';
import { isRecordAddress, readRecent, rememberRecent, RECENT_LIMIT } from './recent';
import type { RouteEntry } from './routes';

const routes: RouteEntry[] = [
  { path: '/', permission: null },
  { path: '/item/stations', permission: 'BasicAccess' },
  { path: '/item/:cid_no/:cip_no', permission: 'BasicAccess' },
  { path: '/transaction', permission: 'TransactionView' },
  { path: '/users/create', permission: 'FSSConnectAdmin' },
  { path: '/users/:id', permission: 'FSSConnectAdmin' },
];

describe('recent records', () => {
  beforeEach(() => localStorage.clear());

  it('counts one record pages, not lists, searches, forms to create or unknown addresses', () => {
    expect(isRecordAddress(routes, '/item/C1/C101')).toBe(true);
    expect(isRecordAddress(routes, '/transaction?id=1205')).toBe(true);
    expect(isRecordAddress(routes, '/users/7')).toBe(true);
    expect(isRecordAddress(routes, '/transaction')).toBe(false);
    expect(isRecordAddress(routes, '/item/stations')).toBe(false);
    expect(isRecordAddress(routes, '/users/create')).toBe(false);
    expect(isRecordAddress(routes, '/')).toBe(false);
    expect(isRecordAddress(routes, '/requisition/5')).toBe(false);
  });

  it('keeps the newest first, once each, at most RECENT_LIMIT, per user', () => {
    for (let i = 1; i <= RECENT_LIMIT + 2; i++) rememberRecent(1, { to: `/transaction?id=${i}`, label: `T${i}` });
    rememberRecent(1, { to: '/transaction?id=5', label: 'T5 again' });
    const list = readRecent(1);
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toEqual({ to: '/transaction?id=5', label: 'T5 again' });
    expect(list.filter((r) => r.to === '/transaction?id=5')).toHaveLength(1);
    expect(readRecent(2)).toEqual([]);
  });

  it('survives a damaged entry', () => {
    localStorage.setItem('asp.recent.1', '{not json');
    expect(readRecent(1)).toEqual([]);
  });
});
