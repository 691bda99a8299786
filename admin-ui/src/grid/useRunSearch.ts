import { useCallback } from 'react';
import { removeEmpty, useListContext, type FilterPayload } from 'react-admin';

/**
 * A search form's Search button: new criteria go to the list (back to page 1); the same criteria on page 1 are
 * searched again, since react-admin would otherwise keep its answer and a click must always search.
 *
 * `onSearched` is for screens that load nothing until the first search (GridList's `enabled`): react-admin applies
 * new list parameters on the next tick, so it is called then too; enabling the list at once would search once more
 * with the criteria it had before.
 */
export function useRunSearch(onSearched?: () => void): (criteria: FilterPayload) => void {
  const { filterValues, page, setFilters, refetch } = useListContext();
  return useCallback(
    (criteria: FilterPayload) => {
      const unchanged = page === 1 && JSON.stringify(removeEmpty(criteria)) === JSON.stringify(filterValues);
      if (unchanged) refetch();
      else setFilters(criteria, undefined, false);
      if (onSearched) setTimeout(onSearched, 0);
    },
    [filterValues, page, setFilters, refetch, onSearched],
  );
}
