import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ListBase,
  ListContextProvider,
  StoreContextProvider,
  memoryStore,
  useGetList,
  useList,
  type FilterPayload,
  type SortPayload,
} from 'react-admin';
import { initialSort, mergeColumns, readGridSettings } from './columns';
import { DEFAULT_PAGE_SIZE, toGridSort, toRaSort } from './pager';
import { loadGridSettings } from './settings';
import { sortRows } from './localSort';
import type { GridColumn, GridConfig, GridSettings, GridSort } from './types';

/** What the grid needs besides the list: its columns, the user's column configuration and the screen's default sort. */
export interface GridContextValue {
  columns: readonly GridColumn<never>[];
  settingsKey?: string;
  config: GridConfig;
  setConfig: (config: GridConfig) => void;
  defaultSort: GridSort | null;
  sortableFields: string[];
  /** false while a search screen has not been searched: nothing is loaded or shown. */
  enabled: boolean;
}

const GridContext = createContext<GridContextValue | null>(null);

export function useGridContext(): GridContextValue {
  const value = useContext(GridContext);
  if (!value) throw new Error('useGridContext must be used inside <GridList> or <WholeGridList>');
  return value;
}

export const sortKeyOf = (column: GridColumn<never>): string => column.sortField || column.field;
export const isSortable = (column: GridColumn<never>): boolean => column.sortable !== false && !column.action;

const configOf = (columns: readonly GridColumn<never>[], settings: GridSettings | null): GridConfig => ({
  ...mergeColumns(columns, settings?.displayedColumns, settings?.availableColumns),
  pageLength: settings?.pageLength ?? null,
  defaultSortField: settings?.defaultSortField ?? null,
  defaultSortDirection: settings?.defaultSortDirection ?? null,
});

/** The user's stored configuration of a grid; null while it loads, the defaults for a grid without settings. */
function useGridSettings(settingsKey: string | undefined): GridSettings | null {
  const [settings, setSettings] = useState<GridSettings | null>(() => (settingsKey ? null : readGridSettings('', [])));
  useEffect(() => {
    if (!settingsKey) return undefined;
    let live = true;
    loadGridSettings(settingsKey).then((loaded) => live && setSettings(loaded));
    return () => {
      live = false;
    };
  }, [settingsKey]);
  return settings;
}

/** A list state to start from instead of the defaults (a search screen coming back within the session). */
export interface GridListState {
  page?: number;
  pageSize?: number;
  sort?: GridSort | null;
  filter?: FilterPayload;
}

export interface GridListProps {
  resource: string;
  columns: readonly GridColumn<never>[];
  /** The base of the user-settings keys (`<base>.displayedColumns`, ...); without it the grid is not configurable. */
  settingsKey?: string;
  defaultSort?: GridSort | null;
  /** Criteria the user does not choose (the job of a history, the notification of a recipient list). */
  filter?: FilterPayload;
  /** The search the list starts with. */
  filterDefaultValues?: FilterPayload;
  enabled?: boolean;
  initialState?: GridListState;
  children: ReactNode;
}

const STORE_KEY = 'grid.listParams';
// The http client has shown the error already.
const quietly = () => undefined;

/**
 * A react-admin list (ListBase) for one grid: the user's grid settings are read first, so the first search already
 * uses the stored page length and default sort. The list state lives in a store of its own (not in the address, not
 * in localStorage): each visit starts afresh unless `initialState` says otherwise, as the spec's grids do.
 */
export function GridList({ settingsKey, ...props }: GridListProps) {
  const settings = useGridSettings(settingsKey);
  if (!settings) return null;
  return <LoadedGridList {...props} settingsKey={settingsKey} settings={settings} />;
}

function LoadedGridList({
  resource,
  columns,
  settingsKey,
  settings,
  defaultSort = null,
  filter,
  filterDefaultValues,
  enabled = true,
  initialState,
  children,
}: Omit<GridListProps, 'settingsKey'> & { settingsKey?: string; settings: GridSettings }) {
  const sortableFields = useMemo(() => columns.filter(isSortable).map(sortKeyOf), [columns]);
  const [config, setConfig] = useState(() => configOf(columns, settings));
  const sort = initialState?.sort ?? initialSort(settings, defaultSort, sortableFields);
  const perPage = initialState?.pageSize ?? settings.pageLength ?? DEFAULT_PAGE_SIZE;
  const [store] = useState(() =>
    memoryStore(
      initialState
        ? {
            [STORE_KEY]: {
              page: initialState.page ?? 1,
              perPage,
              sort: toRaSort(sort).field,
              order: toRaSort(sort).order,
              filter: initialState.filter ?? filterDefaultValues ?? {},
            },
          }
        : {},
    ),
  );
  const grid = useMemo(
    () => ({ columns, settingsKey, config, setConfig, defaultSort, sortableFields, enabled }),
    [columns, settingsKey, config, defaultSort, sortableFields, enabled],
  );
  return (
    <StoreContextProvider value={store}>
      <GridContext.Provider value={grid}>
        <ListBase
          resource={resource}
          storeKey={STORE_KEY}
          disableSyncWithLocation
          sort={toRaSort(sort)}
          perPage={perPage}
          filter={filter}
          filterDefaultValues={filterDefaultValues}
          queryOptions={{ enabled, onError: quietly }}
        >
          {children}
        </ListBase>
      </GridContext.Provider>
    </StoreContextProvider>
  );
}

export interface WholeGridListProps {
  resource: string;
  columns: readonly GridColumn<never>[];
  filter?: FilterPayload;
  defaultSort?: GridSort | null;
  children: ReactNode;
}

/**
 * A list the API answers whole (job list): one call, no paging; a header click sorts the loaded rows (nulls last,
 * numbers by value, text case-insensitively) without asking the API again. `refetch` in the list context reloads.
 */
export function WholeGridList({ resource, columns, filter, defaultSort = null, children }: WholeGridListProps) {
  const { data, error, isFetching, isPending, refetch } = useGetList(resource, { filter }, { onError: quietly });
  const [sort, setSort] = useState<GridSort | null>(defaultSort);
  const rows = useMemo(() => sortRows(data ?? [], sort), [data, sort]);
  // useList pages and sorts by itself; the rows come sorted here, on one page.
  const list = useList({ data: rows, error, isFetching, isPending, perPage: Math.max(rows.length, 1), resource });
  const sortableFields = useMemo(() => columns.filter(isSortable).map(sortKeyOf), [columns]);
  const [config, setConfig] = useState(() => configOf(columns, null));
  const grid = useMemo(
    () => ({ columns, config, setConfig, defaultSort, sortableFields, enabled: true }),
    [columns, config, defaultSort, sortableFields],
  );
  const value = useMemo(
    () => ({ ...list, sort: toRaSort(sort), setSort: (next: SortPayload) => setSort(toGridSort(next)), refetch }),
    [list, sort, refetch],
  );
  return (
    <GridContext.Provider value={grid}>
      <ListContextProvider value={value}>{children}</ListContextProvider>
    </GridContext.Provider>
  );
}
