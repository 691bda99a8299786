import { Box, Grid, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatQuantity } from '../../../shared/numbers';
import { LoadState, Section, useApi } from '../../../ui';

const ROWS = [
  { field: 'qty_on_hand', label: 'On Hand' },
  { field: 'qty_avail', label: 'Available' },
  { field: 'qty_on_hold', label: 'On Hold' },
  { field: 'qty_on_order', label: 'On Order' },
  { field: 'qty_backorder', label: 'Backorder' },
  { field: 'qty_work_order', label: 'Work Order' },
  { field: 'qty_transfer', label: 'Transfer' },
  { field: 'qty_scrap', label: 'Scrap' },
  { field: 'qty_excess', label: 'Excess' },
  { field: 'min_qty', label: 'Min' },
  { field: 'max_qty', label: 'Max' },
] as const;

const value = (record: object | undefined, field: string): number | null => {
  const v = (record as Record<string, unknown> | undefined)?.[field];
  return v === null || v === undefined ? null : Number(v);
};

/** Quantities: this CIP beside its CID (every stock location of the item at the site), and the stock against min and max. */
export function QuantitiesTab({ cipNo, cidNo }: { cipNo: number; cidNo: number }) {
  const cip = useApi('get', '/V1/Item/CIP/Quantities/{cip_no}', { path: { cip_no: cipNo }, quiet: true });
  const cid = useApi('get', '/V1/Item/CID/SummaryQuantities/{cid_no}', { path: { cid_no: cidNo }, quiet: true });
  const chartFields = ['qty_on_hand', 'qty_avail', 'qty_on_order', 'qty_position', 'min_qty', 'max_qty'];
  const chartLabels = ['On Hand', 'Available', 'On Order', 'Position', 'Min', 'Max'];
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Section title="Quantities" testId="item-quantities">
          <LoadState loading={cip.loading} error={cip.error} what="item">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell align="right">This CIP</TableCell>
                  <TableCell align="right">CID ({cid.data?.cip_count ?? '…'} CIPs)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ROWS.map((row) => (
                  <TableRow key={row.field} data-testid={`item-qty-${row.field}`}>
                    <TableCell sx={{ fontWeight: 600 }}>{row.label}</TableCell>
                    <TableCell align="right" data-testid={`item-qty-cip-${row.field}`}>
                      {formatQuantity(value(cip.data, row.field))}
                    </TableCell>
                    <TableCell align="right">{formatQuantity(value(cid.data, row.field))}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>Position (on hand + on order - backorder)</TableCell>
                  <TableCell align="right">{formatQuantity(cip.data?.qty_position)}</TableCell>
                  <TableCell />
                </TableRow>
              </TableBody>
            </Table>
          </LoadState>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Section title="Stock against min and max" testId="item-quantities-chart">
          {cip.data && (
            <Box sx={{ height: 300 }}>
              <BarChart
                height={300}
                xAxis={[{ scaleType: 'band', data: chartLabels }]}
                series={[{ data: chartFields.map((f) => value(cip.data, f) ?? 0), label: 'Quantity', valueFormatter: (v) => formatQuantity(v) }]}
                hideLegend
                skipAnimation
              />
            </Box>
          )}
        </Section>
      </Grid>
    </Grid>
  );
}
