import type { GridSort } from './types';

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Client-side sort for grids whose rows are all loaded at once (job list): blanks after values when ascending. */
export function sortRows<Row extends object>(rows: readonly Row[], sort: GridSort | null | undefined): Row[] {
  if (!sort?.field) return [...rows];
  const sign = sort.direction === 'desc' ? -1 : 1;
  const value = (row: Row) => (row as Record<string, unknown>)[sort.field];
  return [...rows].sort((x, y) => sign * compareValues(value(x), value(y)));
}
