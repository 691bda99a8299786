// Column configuration per user and grid, kept in user settings (spec 2 sections 3 and 9):
// <base>.displayedColumns and <base>.availableColumns (JSON arrays of field names, at most 100), <base>.pageLength,
// <base>.defaultSortField, <base>.defaultSortDirection.
import { isPageSize } from './pager';
import type { Schema } from '../shared/api';
import type { ColumnKind, GridColumn, GridConfig, GridSettings, GridSort, SortDirection, UserSettingItem } from './types';

export const MAX_COLUMNS = 100;
export const SORT_DIRECTION_NOTICE =
  'Please Note: Default Sort Direction will not be in effect until a Default Sort Field is also selected.';

export const isConfigurable = (column: GridColumn<never>): boolean => column.configurable !== false;

export function settingKeys(base: string) {
  return {
    displayedColumns: `${base}.displayedColumns`,
    availableColumns: `${base}.availableColumns`,
    pageLength: `${base}.pageLength`,
    defaultSortField: `${base}.defaultSortField`,
    defaultSortDirection: `${base}.defaultSortDirection`,
  };
}

/** A stored JSON array of field names, or null when missing or not such an array. */
export function parseFieldList(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.filter((f): f is string => typeof f === 'string');
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : null;
  } catch {
    return null;
  }
}

/** A column of the export request (`POST <search>/Export`): `{header, field, kind}`. */
export type ExportColumn = Required<Schema<'ExportColumn'>>;
const EXPORT_KINDS: readonly ExportColumn['kind'][] = ['text', 'number', 'currency', 'date', 'datetime', 'boolean'];

const unique = (list: string[]): string[] => [...new Set(list)];

/**
 * Reconciles stored lists with the grid's current column definitions:
 * - without a stored displayed list, the definitions' defaults apply (defaultDisplayed !== false);
 * - stored fields that no longer exist (or are not configurable) are dropped;
 * - columns the user has never seen (in neither list) are merged in: shown when displayed by default, otherwise
 *   offered as available;
 * - each list holds at most 100 fields.
 */
export function mergeColumns(
  columns: readonly GridColumn<never>[],
  storedDisplayed: unknown,
  storedAvailable: unknown,
): { displayed: string[]; available: string[] } {
  const configurable = columns.filter(isConfigurable);
  const known = new Set(configurable.map((c) => c.field));
  const displayedList = parseFieldList(storedDisplayed);
  const availableList = parseFieldList(storedAvailable);

  if (!displayedList) {
    return {
      displayed: configurable.filter((c) => c.defaultDisplayed !== false).map((c) => c.field).slice(0, MAX_COLUMNS),
      available: configurable.filter((c) => c.defaultDisplayed === false).map((c) => c.field).slice(0, MAX_COLUMNS),
    };
  }
  const displayed = unique(displayedList.filter((f) => known.has(f)));
  const available = unique((availableList || []).filter((f) => known.has(f) && !displayed.includes(f)));
  for (const column of configurable) {
    if (displayed.includes(column.field) || available.includes(column.field)) continue;
    (column.defaultDisplayed === false ? available : displayed).push(column.field);
  }
  return { displayed: displayed.slice(0, MAX_COLUMNS), available: available.slice(0, MAX_COLUMNS) };
}

/** The columns shown, in order: fixed leading columns, the displayed configurable ones, fixed trailing columns. */
export function visibleColumns<C extends GridColumn<never>>(columns: readonly C[], displayed: readonly string[] | null | undefined): C[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const lead = columns.filter((c) => !isConfigurable(c) && c.position !== 'end');
  const tail = columns.filter((c) => !isConfigurable(c) && c.position === 'end');
  const middle = (displayed || []).map((f) => byField.get(f)).filter((c): c is C => Boolean(c) && isConfigurable(c as C));
  return [...lead, ...middle, ...tail];
}

/** The export's column list: the displayed columns that carry data, as {header, field, kind}. */
export function exportColumns(columns: readonly GridColumn<never>[]): ExportColumn[] {
  return columns
    .filter((c) => c.exportable !== false && !c.action)
    .map((c) => ({ header: c.header, field: c.exportField || c.field, kind: exportKind(c.kind) }))
    .slice(0, MAX_COLUMNS);
}

function exportKind(kind: ColumnKind | undefined): ExportColumn['kind'] {
  if (kind === 'longdate') return 'date';
  // The workbook keeps the exact value as a plain number; its currency format would add a dollar sign the screen
  // does not show.
  if (kind === 'money' || kind === 'unitCost' || kind === 'quantity' || kind === 'percent' || kind === 'factor') return 'number';
  return kind && EXPORT_KINDS.includes(kind as ExportColumn['kind']) ? (kind as ExportColumn['kind']) : 'text';
}

const normalizeDirection = (d: unknown): SortDirection | null => {
  const v = String(d || '').toLowerCase();
  return v === 'asc' || v === 'desc' ? v : null;
};

/** The grid settings found in the user's settings list ([{setting_key, setting_value}]). */
export function readGridSettings(base: string, settings: readonly (UserSettingItem | null | undefined)[] | null | undefined): GridSettings {
  const keys = settingKeys(base);
  const value = (key: string) => (settings || []).find((s) => s?.setting_key === key)?.setting_value ?? null;
  const pageLength = Number(value(keys.pageLength));
  return {
    displayedColumns: parseFieldList(value(keys.displayedColumns)),
    availableColumns: parseFieldList(value(keys.availableColumns)),
    pageLength: isPageSize(pageLength) ? pageLength : null,
    defaultSortField: value(keys.defaultSortField) || null,
    defaultSortDirection: normalizeDirection(value(keys.defaultSortDirection)),
  };
}

/** The setting items that store a grid's configuration (for POST UpdateUserSettings). */
export function gridSettingItems(
  base: string,
  { displayed, available, pageLength, defaultSortField, defaultSortDirection }: Partial<GridConfig>,
): UserSettingItem[] {
  const keys = settingKeys(base);
  return [
    { setting_key: keys.displayedColumns, setting_value: JSON.stringify((displayed || []).slice(0, MAX_COLUMNS)) },
    { setting_key: keys.availableColumns, setting_value: JSON.stringify((available || []).slice(0, MAX_COLUMNS)) },
    { setting_key: keys.pageLength, setting_value: pageLength ? String(pageLength) : null },
    { setting_key: keys.defaultSortField, setting_value: defaultSortField || null },
    { setting_key: keys.defaultSortDirection, setting_value: normalizeDirection(defaultSortDirection) },
  ];
}

/**
 * The sort a grid starts with: the user's default sort field (when it is a sortable column) with its direction
 * (ascending when none), else the screen's default. A direction without a field has no effect.
 */
export function initialSort(
  settings: Pick<GridSettings, 'defaultSortField' | 'defaultSortDirection'> | null | undefined,
  fallback: GridSort | null | undefined,
  sortableFields?: readonly string[],
): GridSort | null {
  const field = settings?.defaultSortField;
  if (field && (!sortableFields || sortableFields.includes(field))) {
    return { field, direction: settings?.defaultSortDirection || 'asc' };
  }
  return fallback || null;
}

/** The info to show when a default direction is chosen without a default field. */
export function sortDirectionNotice(field: string | null | undefined, direction: string | null | undefined): string | null {
  return direction && !field ? SORT_DIRECTION_NOTICE : null;
}
