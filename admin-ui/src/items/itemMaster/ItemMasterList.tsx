import { useState } from 'react';
import { Box, Paper, Stack } from '@mui/material';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { useRunSearch } from '../../grid/useRunSearch';
import type { GridColumn } from '../../grid/types';
import { notify } from '../../shared/events';
import { PageTitle, RouteLink, TextInput } from '../../ui';
import { ITEM_STATUS_OPTIONS, statusName } from '../common';
import { ITEM_MASTER_SEARCH_TYPES, searchTextMissing, type ItemMasterFilter, type ItemMasterRecord } from './itemMaster';

export const itemMasterDetailRoute = (itemId: number | string) => `/item/itemMaster/search/${itemId}`;

export const ITEM_MASTER_COLUMNS: GridColumn<ItemMasterRecord>[] = [
  {
    field: 'item_id',
    header: 'Item Id',
    kind: 'number',
    configurable: false,
    render: (row) => (
      <RouteLink to={itemMasterDetailRoute(row.item_id)} data-testid={`item-master-link-${row.item_id}`}>
        {row.item_id}
      </RouteLink>
    ),
  },
  { field: 'mfg_code', header: 'Mfg Code' },
  { field: 'mfg_part_no', header: 'Mfg Part' },
  { field: 'desc1', header: 'Description 1', truncate: true },
  { field: 'desc2', header: 'Description 2', truncate: true },
  { field: 'brand_name', header: 'Brand' },
  { field: 'uom_code', header: 'UOM' },
  { field: 'commodity_code', header: 'Commodity Code' },
  { field: 'asp_upc', header: 'UPC' },
  { field: 'erp_vmi_item_code', header: 'ERP Item Code' },
  { field: 'item_status', header: 'Status', render: (row) => statusName(row.item_status), exportField: 'item_status' },
  { field: 'haz_code', header: 'Hazardous Code', defaultDisplayed: false },
  { field: 'ship_weight', header: 'Ship Weight', kind: 'number', defaultDisplayed: false },
  { field: 'mfg_name', header: 'Manufacturer', defaultDisplayed: false },
  { field: 'updated_at', header: 'Updated', kind: 'datetime', defaultDisplayed: false },
];

const STATUS_FILTER = [{ value: '', label: 'Any' }, ...ITEM_STATUS_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))];
const DEFAULT_FILTER: ItemMasterFilter = { type: 'all', search_text: null, mfg_code: null, brand_id: null, commodity_code: null, item_status: '1' };

function ItemMasterSearchForm() {
  const [form, setForm] = useState<ItemMasterFilter>(DEFAULT_FILTER);
  const search = useRunSearch();
  const set = (patch: Partial<ItemMasterFilter>) => setForm((f) => ({ ...f, ...patch }));
  const textMissing = searchTextMissing(form);
  const run = () => {
    if (textMissing) {
      notify('Please enter a valid value for Search Text', 'error');
      return;
    }
    search({ ...form });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack
        direction="row"
        spacing={2}
        alignItems="flex-start"
        sx={{ flexWrap: 'wrap' }}
        useFlexGap
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <SelectField
          testId="item-master-search-type"
          label="Search By"
          value={form.type ?? 'all'}
          options={ITEM_MASTER_SEARCH_TYPES}
          onChange={(type) => set({ type })}
        />
        <TextInput
          label="Search Text"
          testId="item-master-search-text"
          value={form.search_text}
          onChange={(v) => set({ search_text: v })}
          sx={{ width: 280 }}
        />
        <TextInput label="Manufacturer Code" testId="item-master-mfg-code" value={form.mfg_code} onChange={(v) => set({ mfg_code: v })} sx={{ width: 160 }} />
        <TextInput
          label="Brand Id"
          testId="item-master-brand-id"
          value={form.brand_id === null || form.brand_id === undefined ? null : String(form.brand_id)}
          onChange={(v) => set({ brand_id: v })}
          sx={{ width: 110 }}
        />
        <TextInput
          label="Commodity Code"
          testId="item-master-commodity"
          value={form.commodity_code}
          onChange={(v) => set({ commodity_code: v })}
          helperText="2, 4, 6 or 8 digits"
          sx={{ width: 160 }}
        />
        <SelectField
          testId="item-master-status"
          label="Status"
          value={form.item_status === null || form.item_status === undefined ? '' : String(form.item_status)}
          options={STATUS_FILTER}
          onChange={(v) => set({ item_status: v || null })}
        />
        <GuardedButton type="submit" variant="contained" data-testid="item-master-search-button">
          Search
        </GuardedButton>
        <GuardedButton
          variant="text"
          onClick={() => {
            setForm(DEFAULT_FILTER);
            search({ ...DEFAULT_FILTER });
          }}
          data-testid="item-master-clear"
        >
          Clear
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** Item Master (`/item/itemMaster/search`): the provider's catalogue, searched by type with filters. */
export function ItemMasterList() {
  return (
    <Box sx={{ p: 2 }} data-testid="item-master-page">
      <PageTitle title="Item Master" />
      <GridList
        resource="itemMaster"
        settingsKey="itemMasterSearch"
        columns={ITEM_MASTER_COLUMNS}
        defaultSort={{ field: 'desc1', direction: 'asc' }}
        filterDefaultValues={DEFAULT_FILTER as Record<string, unknown>}
      >
        <ItemMasterSearchForm />
        <DataGrid id="itemMaster" exportable />
      </GridList>
    </Box>
  );
}
