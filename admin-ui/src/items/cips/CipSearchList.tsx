import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Collapse, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useSearchParams } from 'react-router';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { useRunSearch } from '../../grid/useRunSearch';
import type { GridColumn } from '../../grid/types';
import { PageTitle, RouteLink, TextInput, useHasPermission } from '../../ui';
import { useUserContext } from '../../shell/UserContextProvider';
import { CIP_SUMMARY_VIEW, INV_FIS_PRICE, ITEM_STATUS_OPTIONS, REPL_TYPE_OPTIONS, itemRoute, replTypeName, statusName } from '../common';
import { CipSummaryDialog } from '../popups/CipSummaryDialog';
import { SuggestInput } from './SuggestInput';
import { cipSearchErrors, cipSearchFromQuery, emptyCipSearch, type CipRecord, type CipSearchForm, type Choice } from './cipSearch';

const CHOICES: { value: Choice; label: string }[] = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function cipColumns(canSeeCost: boolean, summary: ((row: CipRecord) => ReactNode) | null): GridColumn<CipRecord>[] {
  const columns: GridColumn<CipRecord>[] = [
    {
      field: 'cip_no',
      header: 'CIP Id',
      kind: 'number',
      configurable: false,
      render: (row) => (
        <Stack direction="row" alignItems="center" spacing={0.5}>
          <RouteLink to={itemRoute(row.cid_no, row.cip_no)} data-testid={`cip-link-${row.cip_no}`}>
            {row.cip_no}
          </RouteLink>
          {summary?.(row)}
        </Stack>
      ),
    },
    { field: 'cip_code', header: 'CIP Code' },
    { field: 'cust_item_code', header: 'Customer Part' },
    { field: 'cust_desc1', header: 'Description 1', truncate: true },
    { field: 'cust_desc2', header: 'Description 2', truncate: true },
    { field: 'location', header: 'Location' },
    { field: 'status_id', header: 'Status', render: (row) => statusName(row.status_id), exportField: 'status_id' },
    { field: 'qty_on_hand', header: 'On Hand', kind: 'quantity' },
    { field: 'qty_avail', header: 'Available', kind: 'quantity' },
    { field: 'qty_on_order', header: 'On Order', kind: 'quantity' },
    { field: 'min_qty', header: 'Min', kind: 'quantity' },
    { field: 'max_qty', header: 'Max', kind: 'quantity' },
    { field: 'repl_type', header: 'Replenishment', render: (row) => replTypeName(row.repl_type), exportField: 'repl_type' },
    { field: 'vend_code', header: 'Vendor' },
    { field: 'annual_usage', header: 'Annual Usage', kind: 'quantity' },
    { field: 'last_issue_date', header: 'Last Issue', kind: 'date' },
    { field: 'cid_no', header: 'CID No', kind: 'number', sortable: false, defaultDisplayed: false },
    { field: 'qty_on_hold', header: 'On Hold', kind: 'quantity', sortable: false, defaultDisplayed: false },
    { field: 'qty_backorder', header: 'Backorder', kind: 'quantity', sortable: false, defaultDisplayed: false },
    { field: 'lot_qty', header: 'Lot Qty', kind: 'quantity', sortable: false, defaultDisplayed: false },
    { field: 'reorder_qty', header: 'Reorder Qty', kind: 'quantity', sortable: false, defaultDisplayed: false },
    { field: 'keep_full', header: 'Keep Full', kind: 'boolean', sortable: false, defaultDisplayed: false },
    { field: 'consigned', header: 'Consigned', kind: 'boolean', sortable: false, defaultDisplayed: false },
    { field: 'dispensing', header: 'Dispensing', kind: 'boolean', sortable: false, defaultDisplayed: false },
    { field: 'loc_seg1', header: 'Segment 1', sortable: false, defaultDisplayed: false },
    { field: 'loc_seg2', header: 'Segment 2', sortable: false, defaultDisplayed: false },
    { field: 'loc_seg3', header: 'Segment 3', sortable: false, defaultDisplayed: false },
    { field: 'last_receipt_date', header: 'Last Receipt', kind: 'date', defaultDisplayed: false },
    { field: 'updated_at', header: 'Updated', kind: 'datetime', defaultDisplayed: false },
  ];
  // The average cost is only for holders of InvFISPrice (the API sends null to the others anyway).
  if (canSeeCost) columns.push({ field: 'cust_avg_cost', header: 'Average Cost', kind: 'currency', sortable: false, defaultDisplayed: false });
  return columns;
}

function CipSearchFormPanel({ initial }: { initial: CipSearchForm }) {
  const [form, setForm] = useState<CipSearchForm>(initial);
  const [more, setMore] = useState(false);
  const { context } = useUserContext();
  const search = useRunSearch();
  const errors = cipSearchErrors(form);
  const set = (patch: Partial<CipSearchForm>) => setForm((f) => ({ ...f, ...patch }));
  const input = (field: keyof CipSearchForm, label: string, width = 170) => (
    <TextInput label={label} testId={`cip-search-${field}`} value={form[field] || null} error={errors[field]} onChange={(v) => set({ [field]: v ?? '' })} sx={{ width }} />
  );
  const choice = (field: keyof CipSearchForm, label: string) => (
    <SelectField testId={`cip-search-${field}`} label={label} value={form[field]} options={CHOICES} onChange={(v) => set({ [field]: v })} sx={{ minWidth: 120 }} />
  );
  // Sites of the current client the user may use (the API refuses others).
  const sites = (context?.availableSites ?? []).filter((s) => s.client_id === context?.currentSite?.client_id);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          if (!Object.keys(errors).length) search({ ...form });
        }}
      >
        <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }} useFlexGap>
          {input('text', 'Code, part or description', 260)}
          {input('cip_no', 'CIP Id', 110)}
          {input('cip_code', 'CIP Code')}
          {input('cust_item_code', 'Customer Part')}
          <SuggestInput field="location" label="Location" value={form.location} form={form} onChange={(v) => set({ location: v })} width={150} />
          <SelectField
            testId="cip-search-status_id"
            label="Status"
            value={form.status_id}
            options={[{ value: '', label: 'Any' }, ...ITEM_STATUS_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))]}
            onChange={(v) => set({ status_id: v })}
          />
          <GuardedButton type="submit" variant="contained" disabled={Object.keys(errors).length > 0} data-testid="cip-search-button">
            Search
          </GuardedButton>
          <Button onClick={() => setMore((m) => !m)} data-testid="cip-search-more">
            {more ? 'Fewer filters' : 'More filters'}
          </Button>
          <Button
            onClick={() => {
              setForm(emptyCipSearch());
              search({ ...emptyCipSearch() });
            }}
            data-testid="cip-search-clear"
          >
            Clear
          </Button>
        </Stack>
        <Collapse in={more}>
          <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap', pt: 1 }} useFlexGap>
            {input('cid_no', 'CID No', 110)}
            {input('description', 'Description', 220)}
            <SuggestInput field="vend_code" label="Vendor" value={form.vend_code} form={form} onChange={(v) => set({ vend_code: v })} width={140} />
            <SelectField
              testId="cip-search-repl_type"
              label="Replenishment"
              value={form.repl_type}
              options={[{ value: '', label: 'Any' }, ...REPL_TYPE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))]}
              onChange={(v) => set({ repl_type: v })}
            />
            {choice('below_min', 'Below Min')}
            {choice('has_on_hand', 'On Hand')}
            {choice('keep_full', 'Keep Full')}
            {choice('consigned', 'Consigned')}
            {choice('dispensing', 'Dispensing')}
            {sites.length > 1 && (
              <SelectField
                testId="cip-search-site_code"
                label="Site"
                value={form.site_code}
                options={[{ value: '', label: 'Current site' }, ...sites.map((s) => ({ value: s.siteCode, label: s.siteCode }))]}
                onChange={(v) => set({ site_code: v })}
              />
            )}
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}

/** CID/CIP Search (`/item/search`): the site's stock locations with the spec's filters, column settings and export. */
export function CipSearchList() {
  const [params] = useSearchParams();
  const initial = useMemo(() => cipSearchFromQuery(params), [params]);
  const canSeeCost = useHasPermission(INV_FIS_PRICE);
  const canSummary = useHasPermission(CIP_SUMMARY_VIEW);
  const [summaryOf, setSummaryOf] = useState<CipRecord | null>(null);
  const columns = useMemo(
    () =>
      cipColumns(
        canSeeCost,
        canSummary
          ? (row) => (
              <Tooltip title="CIP Summary">
                <IconButton size="small" onClick={() => setSummaryOf(row)} aria-label="CIP Summary" data-testid={`cip-summary-${row.cip_no}`}>
                  <InfoOutlinedIcon fontSize="inherit" />
                </IconButton>
              </Tooltip>
            )
          : null,
      ),
    [canSeeCost, canSummary],
  );
  return (
    <Box sx={{ p: 2 }} data-testid="cip-search-page">
      <PageTitle title="CID/CIP Search" />
      {/* The address's criteria start a new list (the key), e.g. the item master's link to a CID's CIPs. */}
      <GridList
        key={params.toString()}
        resource="cips"
        settingsKey="cipSearch"
        columns={columns as GridColumn<never>[]}
        defaultSort={{ field: 'cip_code', direction: 'asc' }}
        filterDefaultValues={initial as unknown as Record<string, unknown>}
      >
        <CipSearchFormPanel initial={initial} />
        <DataGrid id="cips" exportable />
      </GridList>
      {summaryOf && <CipSummaryDialog cipNo={summaryOf.cip_no} cidNo={summaryOf.cid_no} onClose={() => setSummaryOf(null)} />}
    </Box>
  );
}
