// The paginator of every grid (spec 2 sections 4 and 9). Pages are numbered from 1 on screen; the wire speaks a
// zero-based pageNumber.
import type { SortPayload } from 'react-admin';
import type { GridSort } from './types';

export const PAGE_SIZES = [10, 20, 50, 100, 200, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const PAGE_WINDOW = 5;

export const isPageSize = (value: unknown): value is PageSize => PAGE_SIZES.includes(value as PageSize);

export function pageCount(total: number | null | undefined, pageSize: number): number {
  if (!total || total <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 'No Records', 'Showing all n records' (everything on one page) or 'Records x - y of n'. */
export function pagerText({ page, pageSize, total }: { page: number; pageSize: number; total: number | null | undefined }): string {
  if (!total || total <= 0) return 'No Records';
  if (total <= pageSize) return `Showing all ${total} records`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Records ${first} - ${last} of ${total}`;
}

/** About five page links around the current page. */
export function pageWindow(page: number, count: number, width = PAGE_WINDOW): number[] {
  const size = Math.min(width, count);
  let start = Math.max(1, page - Math.floor(size / 2));
  if (start + size - 1 > count) start = count - size + 1;
  return Array.from({ length: size }, (_, i) => start + i);
}

export function isValidPage(page: number, count: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= count;
}

/** The page to move to, or null (logged) when the index is out of range: a stale pager must not ask for it. */
export function checkedPage(page: number, count: number): number | null {
  if (isValidPage(page, count)) return page;
  console.warn(`Invalid page index: ${page}`);
  return null;
}

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
  sortField?: string;
  sortDirection?: 'asc' | 'desc';
}

/** The wire's paging fields for a 1-based page. */
export function toPageRequest({ page, pageSize, sort }: { page: number; pageSize: number; sort?: GridSort | null }): PageRequest {
  const request: PageRequest = { pageNumber: Math.max(0, page - 1), pageSize };
  if (sort?.field) {
    request.sortField = sort.field;
    request.sortDirection = sort.direction === 'desc' ? 'desc' : 'asc';
  }
  return request;
}

/** A header click: the same field flips its direction, another field starts ascending. */
export function nextSort(current: GridSort | null | undefined, field: string): GridSort {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/** react-admin's sort as the grids' (and the wire's) sort; an empty field means "the API's default order". */
export function toGridSort(sort: SortPayload | null | undefined): GridSort | null {
  if (!sort?.field) return null;
  return { field: sort.field, direction: sort.order === 'DESC' ? 'desc' : 'asc' };
}

/** react-admin's sort for a grid sort; no sort is an empty field. */
export const toRaSort = (sort: GridSort | null | undefined): SortPayload =>
  sort ? { field: sort.field, order: sort.direction === 'desc' ? 'DESC' : 'ASC' } : { field: '', order: 'ASC' };
