import type { Schema } from '../shared/api';

export type Tile = Schema<'HomepageTile'>;

export const SMALL_TILE = 1;
export const LARGE_TILE = 2;

const byRank = (a: Pick<Tile, 'rank'>, b: Pick<Tile, 'rank'>) => (a.rank ?? 0) - (b.rank ?? 0);

/** The API answers one list ordered by rank; the home page shows small (type 1) and large (type 2) separately. */
export function splitTiles<T extends Pick<Tile, 'rank' | 'homepageTileType'>>(tiles: readonly T[] | null | undefined): { small: T[]; large: T[] } {
  const sorted = [...(tiles || [])].sort(byRank);
  return {
    small: sorted.filter((t) => t.homepageTileType === SMALL_TILE),
    large: sorted.filter((t) => t.homepageTileType === LARGE_TILE),
  };
}

/** Out of edit mode only the tiles the user ticked are shown; in edit mode all of them, to be ticked or moved. */
export function visibleTiles<T extends Pick<Tile, 'is_selected'>>(list: readonly T[], editMode: boolean): readonly T[] {
  return editMode ? list : list.filter((t) => t.is_selected);
}

/** Moves the item at `from` to `to` (same semantics as removing it and inserting it at `to`). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.max(0, Math.min(to, list.length - 1));
  const [item] = next.splice(from, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/**
 * Drops tile `draggedId` onto the place of tile `targetId` (or at the end when targetId is null).
 * Answers {list, rank} with the 1-based rank to save (position plus 1), or null when nothing moves
 * (unknown tile, dropped on itself or at its own place).
 */
export function dropTile<T extends Pick<Tile, 'report_id'>>(
  list: readonly T[],
  draggedId: number,
  targetId: number | null | undefined,
): { list: (T & { rank: number })[]; rank: number } | null {
  const from = list.findIndex((t) => t.report_id === draggedId);
  if (from < 0) return null;
  const to = targetId == null ? list.length - 1 : list.findIndex((t) => t.report_id === targetId);
  if (to < 0 || to === from) return null;
  const next = moveItem(list, from, to);
  return { list: next.map((t, i) => ({ ...t, rank: i + 1 })), rank: to + 1 };
}

export function setTileSelected<T extends Pick<Tile, 'report_id' | 'is_selected'>>(list: readonly T[], reportId: number, isSelected: boolean): T[] {
  return list.map((t) => (t.report_id === reportId ? { ...t, is_selected: isSelected } : t));
}
