import { Box, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatQuantity } from '../../../shared/numbers';
import { formatDate } from '../../../ui';
import { InfoRow, LoadState, Section, useApi } from '../../../ui';
import { annualTotal, monthSeries, usageSeries } from '../usage';

/** The 13 usage periods of the CIP and of its CID as a chart, with the annual totals; months and counts below. */
export function UsageChart({ usage, cidUsage, height = 280 }: { usage: readonly number[]; cidUsage?: readonly number[] | null; height?: number }) {
  const series = usageSeries(usage);
  const cidSeries = cidUsage ? usageSeries(cidUsage) : null;
  return (
    <Box data-testid="usage-chart">
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: series.map((p) => p.label), label: 'Period (P1 most recent)' }]}
        series={[
          { data: series.map((p) => p.value), label: 'This CIP', valueFormatter: (v) => formatQuantity(v) },
          ...(cidSeries ? [{ data: cidSeries.map((p) => p.value), label: 'All CIPs of the CID', valueFormatter: (v: number | null) => formatQuantity(v) }] : []),
        ]}
        skipAnimation
      />
    </Box>
  );
}

/** The periods as a table row (the numbers behind the chart) with their total. */
export function UsageTable({ usage, testId = 'usage-table' }: { usage: readonly number[]; testId?: string }) {
  const series = usageSeries(usage).slice().reverse();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {series.map((p) => (
              <TableCell key={p.period} align="right">
                {p.period}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              Annual
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            {series.map((p) => (
              <TableCell key={p.period} align="right" data-testid={`${testId}-usage${p.period}`}>
                {formatQuantity(p.value)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid={`${testId}-annual`}>
              {formatQuantity(annualTotal(usage))}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

const cidPeriods = (cid: Record<string, unknown> | undefined): number[] | null =>
  cid ? Array.from({ length: 13 }, (_, i) => Number(cid[`usage${i + 1}`] ?? 0)) : null;

export function UsageTab({ cipNo, cidNo }: { cipNo: number; cidNo: number }) {
  const summary = useApi('get', '/V1/Item/CIP/Summary/{cip_no}', { path: { cip_no: cipNo }, quiet: true });
  const cid = useApi('get', '/V1/Item/CID/SummaryUsage/{cid_no}', { path: { cid_no: cidNo }, quiet: true });
  const s = summary.data;
  const cidUsage = cidPeriods(cid.data as Record<string, unknown> | undefined);
  return (
    <LoadState loading={summary.loading} error={summary.error} what="item">
      {s && (
        <>
          <Section title="Usage, 13 periods" testId="item-usage">
            <Typography variant="body1" sx={{ mb: 1 }}>
              Annual usage: <b data-testid="item-usage-annual">{formatQuantity(annualTotal(s.usage))}</b>
              {cid.data && (
                <>
                  {' '}
                  · all CIPs of the CID: <b data-testid="item-usage-cid-annual">{formatQuantity(cidUsage ? annualTotal(cidUsage) : null)}</b>
                </>
              )}
            </Typography>
            <UsageChart usage={s.usage} cidUsage={cidUsage} />
            <UsageTable usage={s.usage} testId="item-usage-table" />
          </Section>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 8 }}>
              <Section title="Usage by month" testId="item-usage-months">
                <BarChart
                  height={240}
                  xAxis={[{ scaleType: 'band', data: monthSeries(s.month_usage).map((m) => m.label) }]}
                  series={[{ data: monthSeries(s.month_usage).map((m) => m.value), label: 'Usage', valueFormatter: (v) => formatQuantity(v) }]}
                  hideLegend
                  skipAnimation
                />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, lg: 4 }}>
              <Section title="Activity">
                <InfoRow label="Transactions this year" value={s.trans_count_cy} />
                <InfoRow label="Transactions last year" value={s.trans_count_py} />
                <InfoRow label="Replenishments this year" value={s.repl_count_cy} />
                <InfoRow label="Replenishments last year" value={s.repl_count_py} />
                <InfoRow label="Last issue" value={formatDate(s.last_issue_date)} />
                <InfoRow label="Last receipt" value={formatDate(s.last_receipt_date)} />
                <InfoRow label="Last count" value={formatDate(s.last_count_date)} />
              </Section>
            </Grid>
          </Grid>
        </>
      )}
    </LoadState>
  );
}
