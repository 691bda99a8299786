// The paginator of every grid (spec 2 sections 4 and 9). Pages are numbered from 1 on screen; the wire speaks a
// zero-based pageNumber.

export const PAGE_SIZES = [10, 20, 50, 100, 200, 500];
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_WINDOW = 5;

export function pageCount(total, pageSize) {
  if (!total || total <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 'No Records', 'Showing all n records' (everything on one page) or 'Records x - y of n'. */
export function pagerText({ page, pageSize, total }) {
  if (!total || total <= 0) return 'No Records';
  if (total <= pageSize) return `Showing all ${total} records`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Records ${first} - ${last} of ${total}`;
}

/** About five page links around the current page. */
export function pageWindow(page, count, width = PAGE_WINDOW) {
  const size = Math.min(width, count);
  let start = Math.max(1, page - Math.floor(size / 2));
  if (start + size - 1 > count) start = count - size + 1;
  return Array.from({ length: size }, (_, i) => start + i);
}

export function isValidPage(page, count) {
  return Number.isInteger(page) && page >= 1 && page <= count;
}

/** The wire's paging fields for a 1-based page. */
export function toPageRequest({ page, pageSize, sort }) {
  const request = { pageNumber: Math.max(0, page - 1), pageSize };
  if (sort?.field) {
    request.sortField = sort.field;
    request.sortDirection = sort.direction === 'desc' ? 'desc' : 'asc';
  }
  return request;
}

/** A header click: the same field flips its direction, another field starts ascending. */
export function nextSort(current, field) {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/**
 * Grid paging state: {page, pageSize, sort}. Changing the sort or the page size goes back to page 1; an invalid
 * page index is logged and ignored.
 */
export function gridReducer(state, action) {
  switch (action.type) {
    case 'page': {
      const count = action.count ?? Infinity;
      if (!Number.isInteger(action.page) || action.page < 1 || action.page > count) {
        console.warn(`Invalid page index: ${action.page}`);
        return state;
      }
      return action.page === state.page ? state : { ...state, page: action.page };
    }
    case 'pageSize':
      return { ...state, pageSize: action.pageSize, page: 1 };
    case 'toggleSort':
      return { ...state, sort: nextSort(state.sort, action.field), page: 1 };
    case 'sort':
      return { ...state, sort: action.sort, page: 1 };
    case 'reset':
      return { ...state, page: 1 };
    case 'replace':
      return { ...state, ...action.state };
    default:
      return state;
  }
}
