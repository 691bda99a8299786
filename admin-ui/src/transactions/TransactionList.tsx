import { useState } from 'react';
import { Box, Paper, Stack } from '@mui/material';
import type { Schema } from '../shared/api';
import type { WithId } from '../dataProvider/search';
import { DataGrid } from '../grid/DataGrid';
import { GridList } from '../grid/GridList';
import { GuardedButton } from '../grid/GuardedButton';
import { useRunSearch } from '../grid/useRunSearch';
import type { GridColumn } from '../grid/types';
import { SelectField } from '../grid/SelectField';
import { DateInput, PageTitle, RecordPicker, RouteLink, TextInput, employeeByNumberKind, itemKind, nameWithCode } from '../ui';
import { CODES, transactionRoute, type TransactionSearchForm } from './transactions';

const CODE_OPTIONS = [{ value: '', label: 'Any' }, ...Object.keys(CODES).map((code) => ({ value: code, label: code }))];

export type TransactionRecord = WithId<Schema<'Transaction'>>;

const COLUMNS: GridColumn<TransactionRecord>[] = [
  {
    field: 'tran_id',
    header: 'Transaction',
    configurable: false,
    render: (row) => (
      <RouteLink to={transactionRoute(row.tran_id)} data-testid={`transaction-link-${row.tran_id}`}>
        {row.tran_id}
      </RouteLink>
    ),
  },
  { field: 'trans_date', header: 'Date', kind: 'datetime' },
  { field: 'trans_code', header: 'Code', render: (row) => row.trans_type },
  { field: 'cip_code', header: 'CIP' },
  { field: 'cust_item_code', header: 'Customer Part' },
  { field: 'location', header: 'Location' },
  { field: 'trans_qty', header: 'Qty', kind: 'quantity' },
  { field: 'qty_on_hand_after', header: 'On hand after', kind: 'quantity', sortable: false },
  { field: 'employeeNumber', header: 'Employee', render: (row) => nameWithCode(row.employee_name, row.employeeNumber) },
  { field: 'track1', header: 'Tracking 1' },
  { field: 'req_no', header: 'Requisition' },
  { field: 'po_no', header: 'PO' },
  { field: 'extended_cost', header: 'Extended cost', kind: 'currency' },
  { field: 'reversed', header: 'Reversed', sortable: false, render: (row) => (row.reversed ? 'Yes' : '') },
];

function TransactionSearchFormView() {
  const [form, setForm] = useState<TransactionSearchForm>({});
  const search = useRunSearch();
  const set = (key: keyof TransactionSearchForm) => (v: string | null | undefined) => setForm((f) => ({ ...f, [key]: v ?? null }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" component="form" onSubmit={(e) => { e.preventDefault(); search({ ...form }); }}>
        <DateInput label="Start date" testId="transaction-start" value={form.start_date} onChange={set('start_date')} />
        <DateInput label="End date" testId="transaction-end" value={form.end_date} onChange={set('end_date')} />
        <SelectField testId="transaction-code" label="Code" value={form.trans_code ?? ''} onChange={(v) => set('trans_code')(v || null)} options={CODE_OPTIONS} sx={{ width: 120 }} />
        <RecordPicker kind={itemKind} testId="transaction-cip" value={form.cip_no} onChange={(cipNo) => set('cip_no')(cipNo === null ? null : String(cipNo))} width={300} />
        <RecordPicker kind={employeeByNumberKind} testId="transaction-employee" value={form.employee} onChange={(number) => set('employee')(number === null ? null : String(number))} width={260} />
        <TextInput label="Tracking code" testId="transaction-tracking" value={form.tracking} onChange={set('tracking')} sx={{ width: 150 }} />
        <TextInput label="Requisition" testId="transaction-req" value={form.req_no} onChange={set('req_no')} sx={{ width: 150 }} />
        <GuardedButton type="submit" variant="contained" data-testid="transaction-search-button">
          Search
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** Transactions (`/transaction/search`): the current site's ledger, newest first, with the spec's filters and export. */
export function TransactionList() {
  return (
    <Box sx={{ p: 2 }} data-testid="transactions-page">
      <PageTitle title="Transactions" />
      <GridList resource="transactions" settingsKey="transactionSearch" columns={COLUMNS} defaultSort={{ field: 'trans_date', direction: 'desc' }} filterDefaultValues={{}}>
        <TransactionSearchFormView />
        <DataGrid id="transactions" />
      </GridList>
    </Box>
  );
}
