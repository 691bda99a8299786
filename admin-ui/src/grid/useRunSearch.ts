import { useCallback } from 'react';
import { removeEmpty, useListContext, type FilterPayload } from 'react-admin';

/**
 * A search form's Search button: new criteria go to the list (back to page 1); the same criteria on page 1 are
 * searched again, since react-admin would otherwise keep its answer and a click must always search.
 */
export function useRunSearch(): (criteria: FilterPayload) => void {
  const { filterValues, page, setFilters, refetch } = useListContext();
  return useCallback(
    (criteria: FilterPayload) => {
      const unchanged = page === 1 && JSON.stringify(removeEmpty(criteria)) === JSON.stringify(filterValues);
      if (unchanged) refetch();
      else setFilters(criteria, undefined, false);
    },
    [filterValues, page, setFilters, refetch],
  );
}
