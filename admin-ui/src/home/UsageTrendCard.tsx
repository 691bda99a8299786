import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatCount, formatMoney, formatQuantity } from '../shared/numbers';
import { useApi } from '../ui';
import { chartSeries, monthLabel, noMovement } from './usageTrend';

const MONTHS = 12;
// Spec 1: amounts are shown in US dollars.
const DOLLARS = { currency: 'USD' } as const;

/**
 * The current site's stock value and its usage month by month (GET /V1/Stock/UsageTrend): the chart a buyer or a
 * storeroom looks at daily. Reloaded with every new context (the site it counts is the current one).
 */
export function UsageTrendCard({ reloadKey, siteCode }: { reloadKey?: unknown; siteCode?: string | null }) {
  const trend = useApi('get', '/V1/Stock/UsageTrend', { query: { months: MONTHS }, quiet: true }, { deps: [reloadKey] });
  const data = trend.data;
  const series = data ? chartSeries(data.months) : [];
  return (
    <Card variant="outlined" sx={{ mb: 3, maxWidth: 980 }} data-testid="usage-trend">
      <CardContent>
        <Typography variant="h6">Stock and usage{siteCode ? ` at ${siteCode}` : ''}</Typography>
        {trend.loading && <CircularProgress size={24} data-testid="usage-trend-loading" />}
        {trend.error != null && <Alert severity="error">The usage trend could not be loaded.</Alert>}
        {data && (
          <>
            <Stack direction="row" spacing={4} sx={{ my: 1 }}>
              {data.stock_value !== null && data.stock_value !== undefined && (
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    Stock value
                  </Typography>
                  <Typography variant="h5" data-testid="usage-trend-stock-value">
                    {formatMoney(data.stock_value, DOLLARS)}
                  </Typography>
                </Box>
              )}
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Items in stock
                </Typography>
                <Typography variant="h5" data-testid="usage-trend-items">
                  {formatCount(data.items_in_stock)}
                </Typography>
              </Box>
            </Stack>
            {noMovement(data.months) ? (
              <Typography color="text.secondary" data-testid="usage-trend-empty">
                No stock moved at this site in the last 12 months.
              </Typography>
            ) : (
              <Box data-testid="usage-trend-chart" data-series={series.map((s) => s.key).join(',')}>
                <BarChart
                  height={260}
                  xAxis={[{ scaleType: 'band', data: data.months.map((m) => monthLabel(m.month)) }]}
                  series={series.map((s) => ({
                    data: s.data,
                    label: s.label,
                    valueFormatter: (v: number | null) => (s.kind === 'money' ? formatMoney(v, DOLLARS) : formatQuantity(v)),
                  }))}
                  skipAnimation
                />
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
