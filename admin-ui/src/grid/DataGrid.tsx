import { useEffect, useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
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
  type SxProps,
  type Theme,
} from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useDataProvider, useListContext, type Identifier, type RaRecord } from 'react-admin';
import { ColumnConfigPanel } from './ColumnConfigPanel';
import { exportColumns, initialSort, isConfigurable, mergeColumns, visibleColumns } from './columns';
import { saveExport } from './download';
import { formatCell } from '../shared/format';
import { GuardedButton } from './GuardedButton';
import { isSortable, sortKeyOf, useGridContext } from './GridList';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, checkedPage, nextSort, pageCount, toGridSort, toRaSort } from './pager';
import { Pager } from '../ui/Pager';
import { RowLimitBanner } from './RowLimitBanner';
import { TruncatedText } from './TruncatedText';
import type { GridColumn, GridConfig } from './types';
import type { SearchMeta } from '../dataProvider/search';
import type { AspDataProvider } from '../dataProvider';

function DefaultCell<Row extends RaRecord>({ column, row }: { column: GridColumn<Row>; row: Row }) {
  const value = (row as Record<string, unknown>)[column.field];
  if (column.kind === 'boolean') {
    return <Checkbox size="small" checked={Boolean(value)} disabled sx={{ p: 0 }} slotProps={{ input: { 'aria-label': column.header } }} />;
  }
  if (column.truncate) return <TruncatedText value={formatCell(value, column.kind)} />;
  return <>{formatCell(value, column.kind)}</>;
}

/** Extra attributes of a row (highlight, test ids); `sx` is merged with the row's own. */
export type RowProps = HTMLAttributes<HTMLTableRowElement> & { sx?: SxProps<Theme> } & Record<`data-${string}`, string | number | undefined>;

export interface DataGridProps<Row extends RaRecord> {
  /** The prefix of every test id (`<id>-grid`, `<id>-row`, ...). */
  id: string;
  /** Pager, page sizes and page-size drop-down; off for lists the API answers whole. */
  paging?: boolean;
  pageSizes?: readonly number[];
  /** The Export button: the resource's search has an /Export twin. */
  exportable?: boolean;
  /** Row checkboxes; the choice is the list context's selectedIds (cleared with every new page, sort or search). */
  selectable?: boolean;
  rowProps?: (row: Row) => RowProps;
  toolbar?: ReactNode;
  dense?: boolean;
  maxHeight?: number | string;
  /**
   * How many leading columns stay in view when a wide grid scrolls sideways (the row's key, usually its code or
   * number); 0 for none. The selection checkboxes stay with them.
   */
  stickyColumns?: number;
}

/** MUI's checkbox cell is 48 pixels wide (padding="checkbox"). */
const CHECKBOX_WIDTH = 48;

/**
 * The style of a cell that stays in view at `left` pixels: it needs its own background, or the cells scrolling under
 * it show through, and it must sit above them (the sticky header's cells above it in turn).
 */
export function stickySx(left: number, header: boolean): SxProps<Theme> {
  return { position: 'sticky', left, zIndex: header ? 3 : 1, bgcolor: 'background.paper', boxShadow: 'inset -1px 0 0 rgba(0,0,0,0.08)' };
}

/**
 * The list view of every devops screen (spec 2 sections 4 and 9), drawn from react-admin's list context: server-side
 * paging (1-based on screen) and sort (header click; a new sort or page size goes back to page 1, as react-admin
 * does), the 5000-row banner from the answer's `limitMessage`, the per-user column panel (from <GridList>), Excel
 * export through the search's /Export twin, and optional row selection.
 */
export function DataGrid<Row extends RaRecord = RaRecord>({
  id,
  paging = true,
  pageSizes = PAGE_SIZES,
  exportable = false,
  selectable = false,
  rowProps,
  toolbar,
  dense = true,
  maxHeight,
  stickyColumns = 1,
}: DataGridProps<Row>) {
  const { columns, settingsKey, config, setConfig, defaultSort, sortableFields, enabled } = useGridContext();
  const list = useListContext<Row>();
  const dataProvider = useDataProvider<AspDataProvider>();
  const [panelOpen, setPanelOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const failed = Boolean(list.error);
  const rows = enabled && !failed ? (list.data ?? []) : [];
  const total = enabled && !failed ? (list.total ?? rows.length) : 0;
  const meta = enabled && !failed ? (list.meta as SearchMeta | undefined) : undefined;
  const busy = enabled && list.isFetching;
  const sort = toGridSort(list.sort);
  const gridColumns = columns as readonly GridColumn<Row>[];
  const visible = visibleColumns(gridColumns, config.displayed);

  // A new page, sort, page size or search starts without a selection.
  const { selectedIds, onUnselectItems } = list;
  const paramsKey = JSON.stringify([list.page, list.perPage, list.sort, list.filterValues]); // conventions-ok: a key of the list's parameters, not shown
  const lastParams = useRef(paramsKey);
  useEffect(() => {
    if (paramsKey === lastParams.current) return;
    lastParams.current = paramsKey;
    if (selectedIds.length) onUnselectItems();
  }, [paramsKey, selectedIds.length, onUnselectItems]);

  const changePage = (page: number) => {
    const target = checkedPage(page, pageCount(total, list.perPage));
    if (target !== null && target !== list.page) list.setPage(target);
  };
  const changeSort = (field: string) => list.setSort(toRaSort(nextSort(sort, field)));

  // A saved or cleared configuration applies at once, from page 1 (react-admin's setSort goes back to page 1).
  const applyConfig = (next: GridConfig, perPageAfter: number, sortAfter: typeof sort) => {
    setConfig(next);
    setPanelOpen(false);
    if (perPageAfter !== list.perPage) list.setPerPage(perPageAfter);
    list.setSort(toRaSort(sortAfter));
  };

  const doExport = async () => {
    setExporting(true);
    try {
      const blob = await dataProvider.exportXlsx(list.resource, {
        filter: { ...list.filterValues, ...list.filter },
        pagination: { page: list.page, perPage: list.perPage },
        sort: list.sort,
        columns: exportColumns(visible),
      });
      saveExport(blob);
    } catch {
      // the http client has shown the error
    } finally {
      setExporting(false);
    }
  };

  const pageIds = rows.map((row) => row.id);
  const allSelected = pageIds.length > 0 && pageIds.every((key) => selectedIds.includes(key));
  const someSelected = pageIds.some((key) => selectedIds.includes(key));
  const toggleAll = () => (allSelected ? list.onUnselectItems() : list.onSelect(pageIds));
  const toggleRow = (key: Identifier) => list.onToggleItem(key);

  const sortOptions = gridColumns.filter(isSortable).map((c) => ({ value: sortKeyOf(c), label: c.header }));

  // The first sticky column starts after the checkboxes; each later one after the widths of those before it, measured
  // from the rendered header (the widths follow the data).
  const headerRow = useRef<HTMLTableRowElement>(null);
  const [stickyLefts, setStickyLefts] = useState<number[]>([0]);
  useLayoutEffect(() => {
    if (stickyColumns < 2 || !headerRow.current) return;
    const cells = Array.from(headerRow.current.querySelectorAll<HTMLElement>('th[data-column]'));
    const first = cells[0]?.offsetLeft ?? 0;
    const lefts = cells.slice(0, stickyColumns).map((c) => c.offsetLeft - first);
    setStickyLefts((old) => (old.length === lefts.length && old.every((v, i) => v === lefts[i]) ? old : lefts));
  });
  const stickyAt = (index: number, header: boolean) => stickySx((selectable ? CHECKBOX_WIDTH : 0) + (stickyLefts[index] ?? 0), header);
  return (
    <Box data-testid={`${id}-grid`} data-loading={busy ? 'true' : 'false'} sx={{ position: 'relative' }}>
      {(toolbar || exportable || settingsKey) && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
          {toolbar}
          <Box sx={{ flexGrow: 1 }} />
          {exportable && (
            <GuardedButton
              size="small"
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              onClick={doExport}
              disabled={exporting || !enabled}
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
          onSaved={(saved) =>
            applyConfig(saved, saved.pageLength || list.perPage, saved.defaultSortField ? initialSort(saved, defaultSort, sortableFields) : sort)
          }
          onCleared={() =>
            applyConfig(
              { ...mergeColumns(columns, null, null), pageLength: null, defaultSortField: null, defaultSortDirection: null },
              DEFAULT_PAGE_SIZE,
              defaultSort,
            )
          }
        />
      )}
      {meta?.limited && <RowLimitBanner id={id} message={meta.limitMessage} />}
      <TableContainer sx={{ maxHeight, position: 'relative' }}>
        <Table size={dense ? 'small' : 'medium'} stickyHeader={Boolean(maxHeight)} data-testid={`${id}-table`}>
          <TableHead>
            <TableRow ref={headerRow}>
              {selectable && (
                <TableCell padding="checkbox" sx={stickyColumns > 0 ? stickySx(0, true) : undefined}>
                  <Checkbox
                    size="small"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': 'Select all', 'data-testid': `${id}-select-all` } as HTMLAttributes<HTMLInputElement> }}
                  />
                </TableCell>
              )}
              {visible.map((column, index) => {
                const key = sortKeyOf(column);
                const active = sort?.field === key;
                return (
                  <TableCell
                    key={column.field}
                    data-column={column.field}
                    data-testid={`${id}-header-${column.field}`}
                    data-help-id={column.helpId}
                    sx={[{ fontWeight: 600, whiteSpace: 'nowrap' }, ...(index < stickyColumns ? [stickyAt(index, true)] : []), ...arrayOf(column.headerSx)]}
                    sortDirection={active ? sort.direction : false}
                  >
                    {isSortable(column) ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sort.direction : 'asc'}
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
            {rows.map((row) => {
              const { sx: rowSx, ...extra } = rowProps?.(row) ?? {};
              return (
                <TableRow key={String(row.id)} hover data-testid={`${id}-row`} data-row-key={String(row.id)} sx={rowSx} {...extra}>
                  {selectable && (
                    <TableCell padding="checkbox" sx={stickyColumns > 0 ? stickySx(0, false) : undefined}>
                      <Checkbox
                        size="small"
                        checked={selectedIds.includes(row.id)}
                        onChange={() => toggleRow(row.id)}
                        slotProps={{ input: { 'aria-label': 'Select row', 'data-testid': `${id}-select-${row.id}` } as HTMLAttributes<HTMLInputElement> }}
                      />
                    </TableCell>
                  )}
                  {visible.map((column, index) => (
                    <TableCell
                      key={column.field}
                      data-testid={`${id}-cell-${column.field}`}
                      data-sticky={index < stickyColumns ? 'left' : undefined}
                      sx={[
                        column.truncate || column.kind === 'date' || column.kind === 'datetime' ? { whiteSpace: 'nowrap' } : {},
                        ...(index < stickyColumns ? [stickyAt(index, false)] : []),
                        ...arrayOf(column.cellSx),
                      ]}
                    >
                      {column.render ? column.render(row) : <DefaultCell column={column} row={row} />}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {!busy && rows.length === 0 && !paging && (
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
          page={list.page}
          pageSize={list.perPage}
          total={total}
          pageSizes={pageSizes}
          onPage={changePage}
          onPageSize={(pageSize) => list.setPerPage(pageSize)}
        />
      )}
    </Box>
  );
}

const arrayOf = (sx: SxProps<Theme> | undefined) => (Array.isArray(sx) ? sx : sx ? [sx] : []);
