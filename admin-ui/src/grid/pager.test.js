import { afterEach, describe, expect, it, vi } from 'vitest';
import { gridReducer, nextSort, pageCount, pagerText, pageWindow, toPageRequest } from './pager';

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
  const start = { page: 4, pageSize: 20, sort: { field: 'release_number', direction: 'desc' } };

  it('sends a zero-based pageNumber for the 1-based page on screen', () => {
    expect(toPageRequest(start)).toEqual({ pageNumber: 3, pageSize: 20, sortField: 'release_number', sortDirection: 'desc' });
    expect(toPageRequest({ page: 1, pageSize: 10, sort: null })).toEqual({ pageNumber: 0, pageSize: 10 });
  });
  it('a header click flips the same field and starts another ascending', () => {
    expect(nextSort({ field: 'a', direction: 'asc' }, 'a')).toEqual({ field: 'a', direction: 'desc' });
    expect(nextSort({ field: 'a', direction: 'desc' }, 'a')).toEqual({ field: 'a', direction: 'asc' });
    expect(nextSort({ field: 'a', direction: 'desc' }, 'b')).toEqual({ field: 'b', direction: 'asc' });
  });
  it('changing the sort goes back to page 1', () => {
    const next = gridReducer(start, { type: 'toggleSort', field: 'release_title' });
    expect(next).toEqual({ page: 1, pageSize: 20, sort: { field: 'release_title', direction: 'asc' } });
    expect(gridReducer(start, { type: 'sort', sort: { field: 'x', direction: 'desc' } }).page).toBe(1);
  });
  it('changing the page size goes back to page 1', () => {
    expect(gridReducer(start, { type: 'pageSize', pageSize: 50 })).toEqual({ ...start, page: 1, pageSize: 50 });
  });
  it('moves to a valid page and logs an invalid page index', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(gridReducer(start, { type: 'page', page: 2, count: 5 }).page).toBe(2);
    expect(gridReducer(start, { type: 'page', page: 6, count: 5 })).toBe(start);
    expect(gridReducer(start, { type: 'page', page: 0, count: 5 })).toBe(start);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
