import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  Box,
  Checkbox,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
} from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { ColumnConfigPanel } from './ColumnConfigPanel';
import { exportColumns, initialSort, isConfigurable, mergeColumns, visibleColumns } from './columns';
import { exportToExcel } from './download';
import { formatCell } from './format';
import { GuardedButton } from './GuardedButton';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, gridReducer, pageCount, toPageRequest } from './pager';
import { Pager } from './Pager';
import { RowLimitBanner } from './RowLimitBanner';
import { loadGridSettings } from './settings';
import { TruncatedText } from './TruncatedText';

const EMPTY = { rows: [], total: 0, limited: false, limitMessage: null };
// One object for "no search criteria": a new `{}` per render would look like a new search each time.
const NO_CRITERIA = Object.freeze({});

/** `{itemList|resultList, totalCount, limited, limitMessage}` (or a bare array) as the grid's data. */
export function normalizeAnswer(answer) {
  if (Array.isArray(answer)) return { rows: answer, total: answer.length, limited: false, limitMessage: null };
  const rows = answer?.itemList ?? answer?.resultList ?? [];
  const total = Number(answer?.totalCount ?? rows.length) || 0;
  return {
    rows: Array.isArray(rows) ? rows : [],
    total,
    limited: answer?.limited ?? total >= 5000,
    limitMessage: answer?.limitMessage || null,
  };
}

export const sortKeyOf = (column) => column.sortField || column.field;
const isSortable = (column) => column.sortable !== false && !column.action && !column.select;

function keyOf(row, rowKey, index) {
  if (typeof rowKey === 'function') return rowKey(row, index);
  return row?.[rowKey] ?? index;
}

function compareValues(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Client-side sort for grids whose rows are all loaded at once (job list). */
export function sortRows(rows, sort) {
  if (!sort?.field) return rows;
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...rows].sort((x, y) => sign * compareValues(x?.[sort.field], y?.[sort.field]));
}

function DefaultCell({ column, row }) {
  const value = row?.[column.field];
  if (column.kind === 'boolean') {
    return <Checkbox size="small" checked={Boolean(value)} disabled sx={{ p: 0 }} inputProps={{ 'aria-label': column.header }} />;
  }
  if (column.truncate) return <TruncatedText value={formatCell(value, column.kind)} />;
  return formatCell(value, column.kind);
}

/**
 * The list component of every devops screen (spec 2 sections 4 and 9):
 * server-side paging and sort (or all rows at once with `rows`), the 5000-row banner, the per-user column
 * configuration panel, Excel export through the search's /Export twin, and optional row selection.
 *
 * load(request) answers the API's list shape; request = {...query, pageNumber, pageSize, sortField, sortDirection}.
 * A new `query` object goes back to page 1 and loads; `query === null` means "not searched yet".
 */
export function DataGrid({
  id,
  columns,
  settingsKey,
  defaultSort = null,
  load,
  query = NO_CRITERIA,
  reloadToken = 0,
  rows: localRows,
  loading: externalLoading = false,
  paging = true,
  pageSizes = PAGE_SIZES,
  exportPath,
  selectable = false,
  rowKey = 'id',
  onSelectionChange,
  rowProps,
  initialState,
  onStateChange,
  toolbar,
  dense = true,
  maxHeight,
}) {
  const local = Array.isArray(localRows);
  const sortable = useMemo(() => columns.filter(isSortable).map(sortKeyOf), [columns]);
  const [ready, setReady] = useState(!settingsKey);
  const [config, setConfig] = useState(() => ({
    ...mergeColumns(columns, null, null),
    pageLength: null,
    defaultSortField: null,
    defaultSortDirection: null,
  }));
  const [grid, dispatch] = useReducer(gridReducer, undefined, () => ({
    page: initialState?.page || 1,
    pageSize: initialState?.pageSize || DEFAULT_PAGE_SIZE,
    sort: initialState?.sort || defaultSort,
  }));
  const [data, setData] = useState(EMPTY);
  const [loading, setLoading] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [selected, setSelected] = useState(() => new Map());
  const [exporting, setExporting] = useState(false);
  const seq = useRef(0);
  const lastQuery = useRef(query);

  // The user's configuration first, then the first load.
  useEffect(() => {
    if (!settingsKey) return undefined;
    let live = true;
    loadGridSettings(settingsKey).then((s) => {
      if (!live) return;
      const merged = mergeColumns(columns, s.displayedColumns, s.availableColumns);
      setConfig({ ...merged, pageLength: s.pageLength, defaultSortField: s.defaultSortField, defaultSortDirection: s.defaultSortDirection });
      dispatch({
        type: 'replace',
        state: {
          pageSize: initialState?.pageSize || s.pageLength || DEFAULT_PAGE_SIZE,
          sort: initialState?.sort || initialSort(s, defaultSort, sortable),
        },
      });
      setReady(true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settingsKey]);

  useEffect(() => {
    onStateChange?.(grid);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [grid]);

  const setSelection = (next) => {
    setSelected(next);
    onSelectionChange?.([...next.values()]);
  };

  // Server mode: load on query, page, size, sort or an explicit reload.
  useEffect(() => {
    if (local || !ready || !load) return;
    if (query !== lastQuery.current) {
      lastQuery.current = query;
      if (grid.page !== 1) {
        dispatch({ type: 'reset' });
        return;
      }
    }
    if (query === null) {
      setData(EMPTY);
      return;
    }
    if (selected.size) setSelection(new Map());
    const n = ++seq.current;
    setLoading(true);
    Promise.resolve()
      .then(() => load({ ...query, ...toPageRequest(grid) }))
      .then((answer) => {
        if (n === seq.current) setData(normalizeAnswer(answer));
      })
      .catch(() => {
        if (n === seq.current) setData(EMPTY);
      })
      .finally(() => {
        if (n === seq.current) setLoading(false);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [local, ready, query, grid.page, grid.pageSize, grid.sort, reloadToken]);

  const shown = useMemo(() => {
    if (!local) return data.rows;
    return sortRows(localRows, grid.sort);
  }, [local, localRows, data.rows, grid.sort]);
  const total = local ? localRows.length : data.total;
  const visible = visibleColumns(columns, config.displayed);
  const busy = loading || externalLoading;

  const changePage = (page) => {
    if (selected.size) setSelection(new Map());
    dispatch({ type: 'page', page, count: pageCount(total, grid.pageSize) });
  };
  const changeSort = (field) => {
    if (selected.size) setSelection(new Map());
    dispatch({ type: 'toggleSort', field });
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportToExcel(exportPath, { ...(query || {}), ...toPageRequest(grid) }, exportColumns(visible));
    } catch {
      // the http client has shown the error
    } finally {
      setExporting(false);
    }
  };

  const pageKeys = shown.map((row, i) => keyOf(row, rowKey, i));
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));
  const someSelected = pageKeys.some((k) => selected.has(k));
  const toggleAll = () => {
    const next = new Map(selected);
    if (allSelected) pageKeys.forEach((k) => next.delete(k));
    else shown.forEach((row, i) => next.set(pageKeys[i], row));
    setSelection(next);
  };
  const toggleRow = (row, key) => {
    const next = new Map(selected);
    if (next.has(key)) next.delete(key);
    else next.set(key, row);
    setSelection(next);
  };

  const sortOptions = columns.filter(isSortable).map((c) => ({ value: sortKeyOf(c), label: c.header }));

  return (
    <Box data-testid={`${id}-grid`} data-loading={busy ? 'true' : 'false'} sx={{ position: 'relative' }}>
      {(toolbar || exportPath || settingsKey) && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
          {toolbar}
          <Box sx={{ flexGrow: 1 }} />
          {exportPath && (
            <GuardedButton
              size="small"
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              onClick={doExport}
              disabled={exporting || query === null}
              data-testid={`${id}-export`}
            >
              Export
            </GuardedButton>
          )}
          {settingsKey && (
            <Tooltip title="Configure columns">
              <IconButton
                size="small"
                onClick={() => setPanelOpen((o) => !o)}
                aria-expanded={panelOpen}
                aria-label="Configure columns"
                data-testid={`${id}-config-toggle`}
              >
                <SettingsIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      )}
      {settingsKey && (
        <ColumnConfigPanel
          id={id}
          open={panelOpen}
          settingsKey={settingsKey}
          columns={columns.filter(isConfigurable)}
          config={config}
          sortOptions={sortOptions}
          pageSizes={pageSizes}
          onSaved={(saved) => {
            setConfig(saved);
            setPanelOpen(false);
            dispatch({
              type: 'replace',
              state: {
                page: 1,
                pageSize: saved.pageLength || grid.pageSize,
                sort: saved.defaultSortField ? initialSort(saved, defaultSort, sortable) : grid.sort,
              },
            });
          }}
          onCleared={() => {
            setConfig({ ...mergeColumns(columns, null, null), pageLength: null, defaultSortField: null, defaultSortDirection: null });
            setPanelOpen(false);
            dispatch({ type: 'replace', state: { page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: defaultSort } });
          }}
        />
      )}
      {!local && data.limited && <RowLimitBanner id={id} message={data.limitMessage} />}
      <TableContainer sx={{ maxHeight, position: 'relative' }}>
        <Table size={dense ? 'small' : 'medium'} stickyHeader={Boolean(maxHeight)} data-testid={`${id}-table`}>
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': 'Select all', 'data-testid': `${id}-select-all` } }}
                  />
                </TableCell>
              )}
              {visible.map((column) => {
                const key = sortKeyOf(column);
                const active = grid.sort?.field === key;
                return (
                  <TableCell
                    key={column.field}
                    data-testid={`${id}-header-${column.field}`}
                    data-help-id={column.helpId}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', ...column.headerSx }}
                    sortDirection={active ? grid.sort.direction : false}
                  >
                    {isSortable(column) ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? grid.sort.direction : 'asc'}
                        onClick={() => changeSort(key)}
                        data-testid={`${id}-sort-${column.field}`}
                      >
                        {column.header}
                      </TableSortLabel>
                    ) : (
                      column.header
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, index) => {
              const key = pageKeys[index];
              const extra = rowProps?.(row) || {};
              return (
                <TableRow key={String(key)} hover data-testid={`${id}-row`} data-row-key={String(key)} {...extra}>
                  {selectable && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={selected.has(key)}
                        onChange={() => toggleRow(row, key)}
                        slotProps={{ input: { 'aria-label': 'Select row', 'data-testid': `${id}-select-${key}` } }}
                      />
                    </TableCell>
                  )}
                  {visible.map((column) => (
                    <TableCell
                      key={column.field}
                      data-testid={`${id}-cell-${column.field}`}
                      sx={{ ...(column.truncate || column.kind === 'date' || column.kind === 'datetime' ? { whiteSpace: 'nowrap' } : null), ...column.cellSx }}
                    >
                      {column.render ? column.render(row) : <DefaultCell column={column} row={row} />}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {!busy && shown.length === 0 && !paging && (
              <TableRow>
                <TableCell colSpan={visible.length + (selectable ? 1 : 0)} data-testid={`${id}-empty`}>
                  No Records
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {busy && (
          <Box
            sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(255,255,255,0.5)', minHeight: 80 }}
            data-testid={`${id}-loading`}
          >
            <CircularProgress size={55} />
          </Box>
        )}
      </TableContainer>
      {paging && (
        <Pager
          id={id}
          page={grid.page}
          pageSize={grid.pageSize}
          total={total}
          pageSizes={pageSizes}
          onPage={changePage}
          onPageSize={(pageSize) => dispatch({ type: 'pageSize', pageSize })}
        />
      )}
    </Box>
  );
}
