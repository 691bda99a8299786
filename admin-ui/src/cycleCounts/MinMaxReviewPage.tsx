// Items > Min/Max Review: suggested min, max and reorder quantity beside the current ones, warning chips,
// accept/dismiss per row, bulk accept, and a chart of the selected CIP's 13 periods of usage.
import { useState } from 'react';
import { Box, Button, Checkbox, Chip, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { PageTitle, useHasPermission } from '../ui';
import { Pager } from '../ui';
import { LoadState, Section, notifyRefusal, useApi } from '../ui';
import { usePaging, useKeepPageIn } from './paging';
import { APD_REVIEW, SUGGESTION_STATUS, WARNING_LABELS, fmt, usageSeries, type Suggestion } from './common';

function UsageChart({ s }: { s: Suggestion }) {
  const series = usageSeries(s.usage);
  return (
    <Section title={`Usage of ${s.cip_code} (13 periods of 28 days)`} testId="usage-chart">
      <Typography variant="body2">
        AAU {fmt(s.aau)} · lead time {s.lead_time_days} days · safety stock {fmt(s.safety_stock)}
      </Typography>
      <BarChart height={220} xAxis={[{ scaleType: 'band', data: series.map((p) => p.label) }]} series={[{ data: series.map((p) => p.value), label: 'Usage', valueFormatter: (v) => fmt(v) }]} />
    </Section>
  );
}

export function MinMaxReviewPage() {
  const reviewer = useHasPermission(APD_REVIEW);
  const [pendingOnly, setPendingOnly] = useState(true);
  const [checked, setChecked] = useState<number[]>([]);
  const [chart, setChart] = useState<Suggestion | null>(null);
  // Server paging: the search answers one page and the total; the pager walks the rest.
  const paging = usePaging();
  const loaded = useApi('post', '/V1/APD/Search', { body: { ...paging.wire, status: pendingOnly ? 1 : null } });
  useKeepPageIn(paging, loaded.data?.totalCount);
  const rows = loaded.data?.resultList ?? [];
  const act = async (what: 'Accept' | 'Dismiss', cip_nos: number[]) => {
    if (!cip_nos.length) return;
    try {
      const answer = await callApi('post', what === 'Accept' ? '/V1/APD/Accept' : '/V1/APD/Dismiss', { body: { cip_nos } });
      notify(answer.message, 'success');
      setChecked([]);
      loaded.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  const refresh = async () => {
    try {
      const answer = await callApi('post', '/V1/APD/Refresh');
      notify(answer.message, 'success');
      loaded.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  const toggle = (cip: number) => setChecked((c) => (c.includes(cip) ? c.filter((x) => x !== cip) : [...c, cip]));
  return (
    <Box p={2}>
      <PageTitle title="Min/Max Review" />
      <Stack direction="row" gap={2} alignItems="center" mb={2}>
        <FormControlLabel control={<Switch checked={pendingOnly} onChange={(e) => (setPendingOnly(e.target.checked), paging.first())} />} label="Pending only" />
        {reviewer && (
          <>
            <Button variant="contained" disabled={!checked.length} onClick={() => act('Accept', checked)} data-testid="bulk-accept">
              Accept selected ({checked.length})
            </Button>
            <Button onClick={refresh} data-testid="refresh-suggestions">
              Recompute now
            </Button>
          </>
        )}
        <Typography variant="body2" data-testid="suggestion-total">
          {loaded.data ? `${loaded.data.totalCount} suggestion(s)` : ''}
        </Typography>
      </Stack>
      {chart && <UsageChart s={chart} />}
      <LoadState loading={loaded.loading} error={loaded.error} what="the suggestions">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>CIP</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">On hand</TableCell>
              <TableCell align="right">Min (now → suggested)</TableCell>
              <TableCell align="right">Max (now → suggested)</TableCell>
              <TableCell align="right">Reorder qty</TableCell>
              <TableCell>Warnings</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.cip_no} hover data-testid={`suggestion-${s.cip_code}`} onClick={() => setChart(s)} selected={chart?.cip_no === s.cip_no}>
                <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                  <Checkbox checked={checked.includes(s.cip_no)} onChange={() => toggle(s.cip_no)} slotProps={{ input: { 'aria-label': `Select ${s.cip_code}` } }} />
                </TableCell>
                <TableCell>{s.cip_code}</TableCell>
                <TableCell>{s.cust_desc1}</TableCell>
                <TableCell align="right">{fmt(s.qty_on_hand)}</TableCell>
                <TableCell align="right" data-testid={`min-${s.cip_code}`}>
                  {fmt(s.current_min)} → <b>{fmt(s.sugg_min)}</b>
                </TableCell>
                <TableCell align="right" data-testid={`max-${s.cip_code}`}>
                  {fmt(s.current_max)} → <b>{fmt(s.sugg_max)}</b>
                </TableCell>
                <TableCell align="right">
                  {fmt(s.current_roq)} → <b>{fmt(s.roq)}</b>
                </TableCell>
                <TableCell>
                  <Stack direction="row" gap={0.5} flexWrap="wrap">
                    {s.warnings.map((w) => (
                      <Tooltip key={w.warn_type_id} title={w.message}>
                        <Chip size="small" color={w.warn_type_id === 1 || w.warn_type_id === 5 ? 'warning' : 'default'} label={WARNING_LABELS[w.warn_type_id] ?? w.code} />
                      </Tooltip>
                    ))}
                  </Stack>
                </TableCell>
                <TableCell data-testid={`status-${s.cip_code}`}>{SUGGESTION_STATUS[s.status]}</TableCell>
                <TableCell onClick={(e) => e.stopPropagation()}>
                  {reviewer && s.status !== 2 && (
                    <Stack direction="row" gap={1}>
                      <Button size="small" variant="contained" onClick={() => act('Accept', [s.cip_no])} data-testid={`accept-${s.cip_code}`}>
                        Accept
                      </Button>
                      {s.status !== 3 && (
                        <Button size="small" onClick={() => act('Dismiss', [s.cip_no])} data-testid={`dismiss-${s.cip_code}`}>
                          Dismiss
                        </Button>
                      )}
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pager id="suggestions" page={paging.page} pageSize={paging.pageSize} total={loaded.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
      </LoadState>
    </Box>
  );
}
