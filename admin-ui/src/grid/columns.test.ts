import { describe, expect, it } from 'vitest';
import {
  MAX_COLUMNS,
  SORT_DIRECTION_NOTICE,
  exportColumns,
  gridSettingItems,
  initialSort,
  mergeColumns,
  parseFieldList,
  readGridSettings,
  settingKeys,
  sortDirectionNotice,
  visibleColumns,
} from './columns';
import type { GridColumn, GridSort } from './types';

const COLUMNS: GridColumn[] = [
  { field: 'release_number', header: 'Release Number', configurable: false },
  { field: 'release_title', header: 'Title' },
  { field: 'release_date', header: 'Date', kind: 'date' },
  { field: 'released_by_user', header: 'Released By' },
  { field: 'approval_date', header: 'Approval Date', kind: 'date', defaultDisplayed: false },
  { field: 'actions', header: 'Actions', configurable: false, position: 'end', action: true },
];

describe('mergeColumns', () => {
  it('uses the defaults without stored lists', () => {
    expect(mergeColumns(COLUMNS, null, null)).toEqual({
      displayed: ['release_title', 'release_date', 'released_by_user'],
      available: ['approval_date'],
    });
  });
  it('keeps the stored order and drops removed or fixed columns', () => {
    const merged = mergeColumns(
      COLUMNS,
      JSON.stringify(['released_by_user', 'gone', 'release_title', 'release_number', 'release_title']),
      JSON.stringify(['release_date', 'approval_date', 'also_gone']),
    );
    expect(merged).toEqual({ displayed: ['released_by_user', 'release_title'], available: ['release_date', 'approval_date'] });
  });
  it('merges in new columns: shown when displayed by default, else offered', () => {
    const merged = mergeColumns(COLUMNS, '["release_title"]', '[]');
    expect(merged.displayed).toEqual(['release_title', 'release_date', 'released_by_user']);
    expect(merged.available).toEqual(['approval_date']);
  });
  it('falls back to the defaults for unreadable settings', () => {
    expect(mergeColumns(COLUMNS, 'not json', '{}')).toEqual(mergeColumns(COLUMNS, null, null));
    expect(parseFieldList('{"a":1}')).toBeNull();
    expect(parseFieldList('["a", 2, "b"]')).toEqual(['a', 'b']);
  });
  it('keeps at most 100 fields per list', () => {
    const many: GridColumn[] = Array.from({ length: 150 }, (_, i) => ({ field: `c${i}`, header: `C${i}` }));
    const merged = mergeColumns(many, JSON.stringify(many.map((c) => c.field)), '[]');
    expect(merged.displayed).toHaveLength(MAX_COLUMNS);
    expect(gridSettingItems('g', { displayed: many.map((c) => c.field), available: [] })[0].setting_value).toBe(
      JSON.stringify(many.slice(0, 100).map((c) => c.field)),
    );
  });
});

describe('visible and exported columns', () => {
  it('puts fixed columns first and last around the displayed ones', () => {
    expect(visibleColumns(COLUMNS, ['release_date', 'release_title']).map((c) => c.field)).toEqual([
      'release_number',
      'release_date',
      'release_title',
      'actions',
    ]);
  });
  it('exports header, field and kind of the displayed data columns', () => {
    const visible = visibleColumns(COLUMNS, ['release_date']);
    expect(exportColumns(visible)).toEqual([
      { header: 'Release Number', field: 'release_number', kind: 'text' },
      { header: 'Date', field: 'release_date', kind: 'date' },
    ]);
  });
  it('exports exact-number columns as plain numbers and US dollars as currency', () => {
    const kinds = ['money', 'unitCost', 'quantity', 'percent', 'factor', 'currency', 'number'] as const;
    expect(exportColumns(kinds.map((kind) => ({ field: kind, header: kind, kind }))).map((c) => c.kind)).toEqual([
      'number',
      'number',
      'number',
      'number',
      'number',
      'currency',
      'number',
    ]);
  });
});

describe('grid settings', () => {
  it('uses the documented keys', () => {
    expect(settingKeys('aspReleases')).toEqual({
      displayedColumns: 'aspReleases.displayedColumns',
      availableColumns: 'aspReleases.availableColumns',
      pageLength: 'aspReleases.pageLength',
      defaultSortField: 'aspReleases.defaultSortField',
      defaultSortDirection: 'aspReleases.defaultSortDirection',
    });
  });
  it('reads stored settings and ignores bad page lengths', () => {
    const stored = [
      { setting_key: 'g.displayedColumns', setting_value: '["a","b"]' },
      { setting_key: 'g.pageLength', setting_value: '50' },
      { setting_key: 'g.defaultSortField', setting_value: 'b' },
      { setting_key: 'g.defaultSortDirection', setting_value: 'DESC' },
      { setting_key: 'other.pageLength', setting_value: '20' },
    ];
    expect(readGridSettings('g', stored)).toEqual({
      displayedColumns: ['a', 'b'],
      availableColumns: null,
      pageLength: 50,
      defaultSortField: 'b',
      defaultSortDirection: 'desc',
    });
    expect(readGridSettings('g', [{ setting_key: 'g.pageLength', setting_value: '15' }]).pageLength).toBeNull();
  });
  it('writes the five settings', () => {
    expect(gridSettingItems('g', { displayed: ['a'], available: ['b'], pageLength: 20, defaultSortField: null, defaultSortDirection: 'desc' })).toEqual([
      { setting_key: 'g.displayedColumns', setting_value: '["a"]' },
      { setting_key: 'g.availableColumns', setting_value: '["b"]' },
      { setting_key: 'g.pageLength', setting_value: '20' },
      { setting_key: 'g.defaultSortField', setting_value: null },
      { setting_key: 'g.defaultSortDirection', setting_value: 'desc' },
    ]);
  });
  it('a default direction has no effect without a default field', () => {
    const fallback: GridSort = { field: 'release_number', direction: 'desc' };
    expect(initialSort({ defaultSortField: null, defaultSortDirection: 'asc' }, fallback)).toBe(fallback);
    expect(initialSort({ defaultSortField: 'b', defaultSortDirection: null }, fallback, ['b'])).toEqual({ field: 'b', direction: 'asc' });
    expect(initialSort({ defaultSortField: 'b', defaultSortDirection: 'desc' }, fallback, ['b'])).toEqual({ field: 'b', direction: 'desc' });
    expect(initialSort({ defaultSortField: 'gone', defaultSortDirection: 'desc' }, fallback, ['b'])).toBe(fallback);
    expect(sortDirectionNotice(null, 'desc')).toBe(SORT_DIRECTION_NOTICE);
    expect(sortDirectionNotice('b', 'desc')).toBeNull();
    expect(SORT_DIRECTION_NOTICE).toBe(
      'Please Note: Default Sort Direction will not be in effect until a Default Sort Field is also selected.',
    );
  });
});
