// 'Vendor Cost Review' (/vendors/ReviewCost, the home tile CDSVCR): the current site's CIPs whose vendor's catalogue
// cost differs from the CIP's average cost, largest difference first; sub-filters from the column's distinct values
// and a chart comparing the page's catalogue and site costs.
import { useState } from 'react';
import { Autocomplete, Box, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { callApi } from '../shared/api';
import { formatPercent, formatUnitCost } from '../shared/numbers';
import { PageTitle, Pager, formatDate, nameWithCode } from '../ui';
import { LoadState, Section, useLoad } from '../ui';

type Direction = '' | 'lower' | 'higher';
const SUB_FILTERS = [
  { field: 'vend_code', label: 'Vendor' },
  { field: 'shared_vendor_name', label: 'Shared vendor' },
  { field: 'mfg_code', label: 'Manufacturer' },
] as const;

function SubFilter({ field, label, value, onChange }: { field: string; label: string; value: string[]; onChange: (v: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const options = useLoad((signal) => callApi('post', '/V1/SharedVendor/CostReviewRecords/FieldDistinctValues', { body: { field }, signal, quiet: true }), [field], open);
  return (
    <Autocomplete
      multiple
      size="small"
      sx={{ minWidth: 220 }}
      options={options.data?.values ?? []}
      loading={options.loading}
      value={value}
      onOpen={() => setOpen(true)}
      onChange={(_, v) => onChange(v)}
      renderInput={(params) => <TextField {...params} label={label} inputProps={{ ...params.inputProps, 'data-testid': `review-filter-${field}` }} />}
    />
  );
}

export function ReviewCostPage() {
  const [q, setQ] = useState('');
  const [direction, setDirection] = useState<Direction>('');
  const [minPercent, setMinPercent] = useState('');
  const [subs, setSubs] = useState<Record<string, string[]>>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const filterList = Object.entries(subs)
    .filter(([, values]) => values.length)
    .map(([field, values]) => ({ field, values }));
  const records = useLoad(
    (signal) =>
      callApi('post', '/V1/SharedVendor/ReviewCost', {
        body: {
          q: q.trim() || null,
          direction: direction || null,
          min_percent: Number(minPercent) || null,
          filterList: filterList.length ? filterList : null,
          pageNumber: page - 1,
          pageSize,
        },
        signal,
      }),
    [q, direction, minPercent, filterList, page, pageSize],
  );
  const rows = records.data?.itemList ?? [];
  return (
    <>
      <PageTitle title="Vendor Cost Review" />
      <Section title="Catalogue costs that differ from what this site pays" testId="cost-review">
        <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
          <TextField size="small" label="Item" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} />
          <TextField size="small" select label="Catalogue is" value={direction} onChange={(e) => (setDirection(e.target.value as Direction), setPage(1))} sx={{ minWidth: 150 }}>
            <MenuItem value="">Either way</MenuItem>
            <MenuItem value="lower">Cheaper</MenuItem>
            <MenuItem value="higher">Dearer</MenuItem>
          </TextField>
          <TextField size="small" label="At least %" value={minPercent} onChange={(e) => (setMinPercent(e.target.value), setPage(1))} sx={{ width: 110 }} />
          {SUB_FILTERS.map((f) => (
            <SubFilter key={f.field} field={f.field} label={f.label} value={subs[f.field] ?? []} onChange={(v) => (setSubs({ ...subs, [f.field]: v }), setPage(1))} />
          ))}
        </Stack>
        <LoadState loading={records.loading && !records.data} error={records.error} what="cost review">
          {rows.length > 0 && (
            <Box data-testid="cost-review-chart">
              <BarChart
                height={220}
                xAxis={[{ scaleType: 'band', data: rows.slice(0, 12).map((r) => r.cip_code) }]}
                series={[
                  { data: rows.slice(0, 12).map((r) => r.site_cost), label: 'Site pays', valueFormatter: (v) => formatUnitCost(v) },
                  { data: rows.slice(0, 12).map((r) => r.catalog_cost), label: 'Catalogue', valueFormatter: (v) => formatUnitCost(v) },
                ]}
              />
            </Box>
          )}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>CIP</TableCell>
                <TableCell>Part</TableCell>
                <TableCell>Vendor</TableCell>
                <TableCell>Shared vendor</TableCell>
                <TableCell align="right">Site pays</TableCell>
                <TableCell align="right">Catalogue</TableCell>
                <TableCell align="right">Difference</TableCell>
                <TableCell align="right">%</TableCell>
                <TableCell>Valid</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={`${r.cip_no}-${r.shared_vendor_cost_id}`} data-testid="cost-review-row">
                  <TableCell>
                    {r.cip_code}
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                      {r.cust_desc1}
                    </Box>
                  </TableCell>
                  <TableCell>
                    {r.mfg_code} {r.mfg_part_no}
                  </TableCell>
                  <TableCell>
                    {nameWithCode(r.vend_name, r.vend_code)}
                  </TableCell>
                  <TableCell>{r.shared_vendor_name}</TableCell>
                  <TableCell align="right">{formatUnitCost(r.site_cost)}</TableCell>
                  <TableCell align="right">{formatUnitCost(r.catalog_cost)}</TableCell>
                  <TableCell align="right" sx={{ color: r.difference < 0 ? 'success.main' : 'error.main' }}>
                    {formatUnitCost(r.difference)}
                  </TableCell>
                  <TableCell align="right">{formatPercent(r.difference_percent)}</TableCell>
                  <TableCell>
                    {formatDate(r.start_date)} – {formatDate(r.end_date)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager id="cost-review" page={page} pageSize={pageSize} total={records.data?.totalCount ?? 0} onPage={setPage} onPageSize={(size) => (setPageSize(size), setPage(1))} />
        </LoadState>
      </Section>
    </>
  );
}
