import { describe, expect, it } from 'vitest';
import { dropTile, moveItem, setTileSelected, splitTiles, visibleTiles, type Tile } from './tiles';

const tile = (report_id: number, aspName: string, homepageTileType: number, rank: number, is_selected = true): Tile => ({
  report_id,
  aspName,
  homepageTileType,
  rank,
  is_selected,
  report_Name: aspName,
  count: report_id,
  reportDescription: '',
});

const tiles = [
  tile(4, 'CDOPENRFQ', 2, 4),
  tile(1, 'CDIAREQS', 1, 1),
  tile(3, 'CDSBREQS', 1, 3, false),
  tile(2, 'CDICREQS', 1, 2),
  tile(5, 'CDPOHP', 2, 5),
];
const ids = (list: readonly Pick<Tile, 'report_id'>[] | undefined) => (list ?? []).map((t) => t.report_id);

describe('splitTiles', () => {
  it('separates small and large tiles, each ordered by rank', () => {
    const { small, large } = splitTiles(tiles);
    expect(ids(small)).toEqual([1, 2, 3]);
    expect(ids(large)).toEqual([4, 5]);
  });
});

describe('visibleTiles', () => {
  it('shows only selected tiles outside edit mode and all of them in edit mode', () => {
    const { small } = splitTiles(tiles);
    expect(ids(visibleTiles(small, false))).toEqual([1, 2]);
    expect(ids(visibleTiles(small, true))).toEqual([1, 2, 3]);
  });
});

describe('moveItem', () => {
  it('moves forwards and backwards', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
  });
  it('does not change the input', () => {
    const list = ['a', 'b'];
    moveItem(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('dropTile', () => {
  const { small } = splitTiles(tiles);

  it('puts the last tile first and saves rank 1', () => {
    const result = dropTile(small, 3, 1);
    expect(ids(result?.list)).toEqual([3, 1, 2]);
    expect(result?.rank).toBe(1);
    expect(result?.list.map((t) => t.rank)).toEqual([1, 2, 3]);
  });

  it('moves a tile down to the place of the target (position plus 1)', () => {
    const result = dropTile(small, 1, 3);
    expect(ids(result?.list)).toEqual([2, 3, 1]);
    expect(result?.rank).toBe(3);
  });

  it('drops at the end when there is no target tile', () => {
    const result = dropTile(small, 1, null);
    expect(ids(result?.list)).toEqual([2, 3, 1]);
    expect(result?.rank).toBe(3);
  });

  it('does nothing for a drop on itself or an unknown tile', () => {
    expect(dropTile(small, 2, 2)).toBeNull();
    expect(dropTile(small, 99, 1)).toBeNull();
    expect(dropTile(small, 1, 99)).toBeNull();
  });
});

describe('setTileSelected', () => {
  it('changes only the given tile', () => {
    const next = setTileSelected(tiles, 3, true);
    expect(next.find((t) => t.report_id === 3)?.is_selected).toBe(true);
    expect(next.find((t) => t.report_id === 1)).toBe(tiles[1]);
  });
});
