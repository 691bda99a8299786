import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkedPage, isPageSize, nextSort, pageCount, pagerText, pageWindow, toGridSort, toPageRequest, toRaSort } from './pager';
import type { GridSort } from './types';

describe('pager text', () => {
  it('says No Records, Showing all n records or Records x - y of n', () => {
    expect(pagerText({ page: 1, pageSize: 10, total: 0 })).toBe('No Records');
    expect(pagerText({ page: 1, pageSize: 10, total: 7 })).toBe('Showing all 7 records');
    expect(pagerText({ page: 1, pageSize: 10, total: 10 })).toBe('Showing all 10 records');
    expect(pagerText({ page: 1, pageSize: 10, total: 11 })).toBe('Records 1 - 10 of 11');
    expect(pagerText({ page: 2, pageSize: 10, total: 11 })).toBe('Records 11 - 11 of 11');
    expect(pagerText({ page: 3, pageSize: 20, total: 5000 })).toBe('Records 41 - 60 of 5000');
  });
  it('counts pages and shows about five page links', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 10)).toBe(11);
    expect(pageWindow(1, 11)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 11)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(11, 11)).toEqual([7, 8, 9, 10, 11]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('paging state', () => {
  afterEach(() => vi.restoreAllMocks());
  const start = { page: 4, pageSize: 20, sort: { field: 'release_number', direction: 'desc' } satisfies GridSort };

  it('sends a zero-based pageNumber for the 1-based page on screen', () => {
    expect(toPageRequest(start)).toEqual({ pageNumber: 3, pageSize: 20, sortField: 'release_number', sortDirection: 'desc' });
    expect(toPageRequest({ page: 1, pageSize: 10, sort: null })).toEqual({ pageNumber: 0, pageSize: 10 });
  });
  it('a header click flips the same field and starts another ascending', () => {
    expect(nextSort({ field: 'a', direction: 'asc' }, 'a')).toEqual({ field: 'a', direction: 'desc' });
    expect(nextSort({ field: 'a', direction: 'desc' }, 'a')).toEqual({ field: 'a', direction: 'asc' });
    expect(nextSort({ field: 'a', direction: 'desc' }, 'b')).toEqual({ field: 'b', direction: 'asc' });
  });
  // Going back to page 1 on a new sort or page size is react-admin's (DataGrid.test.tsx checks it through the grid).
  it('accepts only the page sizes the API allows', () => {
    expect([10, 20, 50, 100, 200, 500].every(isPageSize)).toBe(true);
    expect(isPageSize(25)).toBe(false);
    expect(isPageSize('10')).toBe(false);
  });
  it('moves to a valid page and logs an invalid page index', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(checkedPage(2, 5)).toBe(2);
    expect(checkedPage(6, 5)).toBeNull();
    expect(checkedPage(0, 5)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("react-admin's sort", () => {
  it('maps to the grid sort and back; no field is the API order', () => {
    expect(toGridSort({ field: 'release_number', order: 'DESC' })).toEqual({ field: 'release_number', direction: 'desc' });
    expect(toRaSort({ field: 'release_title', direction: 'asc' })).toEqual({ field: 'release_title', order: 'ASC' });
    expect(toGridSort({ field: '', order: 'ASC' })).toBeNull();
    expect(toRaSort(null)).toEqual({ field: '', order: 'ASC' });
  });
});
