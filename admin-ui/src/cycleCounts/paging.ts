// The page a server-paged list of these screens shows (1-based on screen, `pageNumber` 0-based on the wire).
import { useEffect, useState } from 'react';
import { pageCount } from '../grid/pager';

export interface Paging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** Back to the first page (a filter changed). */
  first: () => void;
  /** The request's paging fields. */
  wire: { pageNumber: number; pageSize: number };
}

export function usePaging(defaultSize = 50): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(defaultSize);
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
    first: () => setPage(1),
    wire: { pageNumber: page - 1, pageSize },
  };
}

/**
 * When the total shrinks under the page shown (rows accepted, posted or removed), moves back to the last page that
 * exists instead of showing an empty one.
 */
export function useKeepPageIn(paging: Paging, total: number | undefined): void {
  const { page, pageSize, setPage } = paging;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, pageSize);
    if (page > last) setPage(last);
  }, [total, page, pageSize, setPage]);
}
