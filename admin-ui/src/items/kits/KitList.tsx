import { useState } from 'react';
import { Box, Paper, Stack } from '@mui/material';
import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { useRunSearch } from '../../grid/useRunSearch';
import type { GridColumn } from '../../grid/types';
import { PageTitle, RouteLink, TextInput } from '../../ui';
import { statusName } from '../common';

export type KitRecord = WithId<Schema<'KitSummary'>>;
export const KIT_LIST_ROUTE = '/item/kits';
export const kitRoute = (cipNo: number | string) => `/item/kits/${cipNo}`;

const COLUMNS: GridColumn<KitRecord>[] = [
  {
    field: 'cip_code',
    header: 'Kit CIP',
    configurable: false,
    render: (row) => (
      <RouteLink to={kitRoute(row.cip_no)} data-testid={`kit-link-${row.cip_no}`}>
        {row.cip_code}
      </RouteLink>
    ),
  },
  { field: 'cip_no', header: 'CIP Id', kind: 'number' },
  { field: 'cust_item_code', header: 'Customer Part' },
  { field: 'cust_desc1', header: 'Description', truncate: true },
  { field: 'location', header: 'Location' },
  { field: 'status_id', header: 'Status', sortable: false, render: (row) => statusName(row.status_id) },
  { field: 'child_count', header: 'Children', kind: 'number' },
];

function KitSearchForm() {
  const [text, setText] = useState<string | null>(null);
  const search = useRunSearch();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); search({ text }); }}>
        <TextInput label="CIP code or customer part" testId="kit-search-text" value={text} onChange={(v) => setText(v ?? null)} sx={{ width: 280 }} />
        <GuardedButton type="submit" variant="contained" data-testid="kit-search-button">
          Search
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** Kits (`/item/kits`): the current site's kit CIPs (a parent CID flagged kit) and how many children each has. */
export function KitList() {
  return (
    <Box sx={{ p: 2 }} data-testid="kits-page">
      <PageTitle title="Kits" />
      <GridList resource="kits" settingsKey="cribKits" columns={COLUMNS} defaultSort={{ field: 'cip_code', direction: 'asc' }} filterDefaultValues={{ text: null }}>
        <KitSearchForm />
        <DataGrid id="kits" />
      </GridList>
    </Box>
  );
}
