import type { CellKind } from '../shared/format';
import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';

export type SortDirection = 'asc' | 'desc';

/** The grids' sort as the wire speaks it (sortField / sortDirection). */
export interface GridSort {
  field: string;
  direction: SortDirection;
}

/**
 * How a cell is formatted and how the export types the column. `number` shows the value as it is (ids, counts);
 * `money`, `unitCost`, `quantity`, `percent` and `factor` in the user's locale (shared/numbers.ts); `currency` is US dollars.
 */
/** How a column's values are shown (shared/format.ts `formatCell`). */
export type ColumnKind = CellKind;

/** A row as the API answers it: field names are the API's. */
export type GridRow = Record<string, unknown>;

export interface GridColumn<Row = GridRow> {
  field: string;
  header: string;
  kind?: ColumnKind;
  /** false: always shown, never in the column panel (leading, or trailing with position 'end'). */
  configurable?: boolean;
  /** false: offered in the panel's available list instead of shown. */
  defaultDisplayed?: boolean;
  position?: 'end';
  /** Buttons or links only: not sortable, not exported. */
  action?: boolean;
  sortable?: boolean;
  /** The sort field sent to the API when it differs from `field`. */
  sortField?: string;
  /** Cut to 50 characters with the full text in a tooltip. */
  truncate?: boolean;
  exportable?: boolean;
  exportField?: string;
  /** Developer-help id put on the header (Ctrl+Alt+click). */
  helpId?: number;
  headerSx?: SxProps<Theme>;
  cellSx?: SxProps<Theme>;
  render?: (row: Row) => ReactNode;
}

/** The per-user grid configuration kept in user settings. */
export interface GridSettings {
  displayedColumns: string[] | null;
  availableColumns: string[] | null;
  pageLength: number | null;
  defaultSortField: string | null;
  defaultSortDirection: SortDirection | null;
}

/** The column panel's working state: the lists plus the stored paging and sort defaults. */
export interface GridConfig {
  displayed: string[];
  available: string[];
  pageLength: number | null;
  defaultSortField: string | null;
  defaultSortDirection: SortDirection | null;
}

/** One entry of the user settings list (`GET /api/V1/Presentation/UserSettings`). */
export interface UserSettingItem {
  setting_key: string;
  setting_value?: string | null;
}
