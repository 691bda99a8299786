// Items > Cycle Counts > Variance Approval: sheets with variances waiting; expected vs counted; approve or reject
// each waiting line (or all at once). Once none waits, the approved differences are posted to the ledger.
import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { formatMoney } from '../shared/numbers';
import { ConfirmDialog, PageTitle } from '../ui';
import { LoadState, Section, notifyRefusal, useApi } from '../ui';
import { Pager } from '../ui';
import { usePaging, useKeepPageIn } from './paging';
import { approvalSummary, fmt, type ReviewLine } from './common';

function Review({ sheetId, onDone }: { sheetId: number; onDone: () => void }) {
  const loaded = useApi('get', '/V1/CycleCount/Sheet/{sheet_id}/Review', { path: { sheet_id: sheetId } });
  // Approvals post stock differences: they are asked for with what they do; a rejection changes no stock.
  const [asking, setAsking] = useState<ReviewLine[] | null>(null);
  const approve = (lines: ReviewLine[]) => setAsking(lines);
  const decide = async (decisions: { line_id: number; approve: boolean }[]) => {
    setAsking(null);
    try {
      const answer = await callApi('post', '/V1/CycleCount/Sheet/{sheet_id}/Approve', { path: { sheet_id: sheetId }, body: { decisions } });
      notify(answer.sheet.status === 6 ? `Sheet ${sheetId} posted.` : 'Decision saved.', 'success');
      loaded.reload();
      onDone();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  const waiting = (loaded.data?.lines ?? []).filter((l) => l.status === 3);
  return (
    <Section title={`Sheet ${sheetId}`} testId="review-sheet">
      <LoadState loading={loaded.loading} error={loaded.error} what="the sheet">
        <Stack direction="row" gap={2} mb={1} alignItems="center">
          <Chip label={loaded.data?.sheet.status_name} data-testid="review-status" />
          {waiting.length > 1 && (
            <Button variant="contained" onClick={() => approve(waiting)} data-testid="approve-all">
              Approve all {waiting.length}
            </Button>
          )}
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Location</TableCell>
              <TableCell>CIP</TableCell>
              <TableCell align="right">Expected</TableCell>
              <TableCell align="right">Counted</TableCell>
              <TableCell align="right">Variance</TableCell>
              <TableCell align="right">Value</TableCell>
              <TableCell align="right">On hand now</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(loaded.data?.lines ?? []).map((l) => (
              <TableRow key={l.line_id} data-testid={`review-line-${l.cip_code}`} selected={l.status === 3}>
                <TableCell>{l.location}</TableCell>
                <TableCell>{l.cip_code}</TableCell>
                <TableCell align="right">{fmt(l.expected_qty)}</TableCell>
                <TableCell align="right">{fmt(l.counted_qty)}</TableCell>
                <TableCell align="right">{fmt(l.variance_qty)}</TableCell>
                <TableCell align="right">{formatMoney(l.variance_value, { blank: '—' })}</TableCell>
                <TableCell align="right" data-testid={`on-hand-${l.cip_code}`}>
                  {fmt(l.qty_on_hand)}
                </TableCell>
                <TableCell>{l.status_name}</TableCell>
                <TableCell>
                  {l.status === 3 && (
                    <Stack direction="row" gap={1}>
                      <Button size="small" variant="contained" onClick={() => approve([l])} data-testid={`approve-${l.cip_code}`}>
                        Approve
                      </Button>
                      <Button size="small" color="warning" onClick={() => decide([{ line_id: l.line_id, approve: false }])} data-testid={`reject-${l.cip_code}`}>
                        Reject
                      </Button>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </LoadState>
      <ConfirmDialog
        open={asking !== null}
        title={asking && asking.length > 1 ? `Approve ${asking.length} variances?` : 'Approve this variance?'}
        message={asking ? approvalSummary(asking) : ''}
        onConfirm={() => asking && void decide(asking.map((l) => ({ line_id: l.line_id, approve: true })))}
        onCancel={() => setAsking(null)}
      />
    </Section>
  );
}

export function ApprovalPage() {
  const paging = usePaging();
  const sheets = useApi('post', '/V1/CycleCount/Sheet/Search', { body: { ...paging.wire, status: 3 } });
  useKeepPageIn(paging, sheets.data?.totalCount);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <Box p={2}>
      <PageTitle title="Variance Approval" />
      <Section title="Sheets waiting for approval" testId="approval-list">
        <LoadState loading={sheets.loading} error={sheets.error} what="the sheets">
          {!sheets.data?.resultList.length ? (
            <Alert severity="info">No variance waits for approval.</Alert>
          ) : (
            <Stack direction="row" gap={1} flexWrap="wrap">
              {sheets.data.resultList.map((s) => (
                <Button
                  key={s.sheet_id}
                  variant={selected === s.sheet_id ? 'contained' : 'outlined'}
                  onClick={() => setSelected(s.sheet_id)}
                  data-testid={`approval-sheet-${s.sheet_id}`}
                >
                  Sheet {s.sheet_id}: {s.waiting_count} waiting
                </Button>
              ))}
            </Stack>
          )}
          {(sheets.data?.totalCount ?? 0) > paging.pageSize && (
            <Pager id="approval" page={paging.page} pageSize={paging.pageSize} total={sheets.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
          )}
        </LoadState>
      </Section>
      {selected !== null ? <Review sheetId={selected} onDone={sheets.reload} /> : <Typography variant="body2">Choose a sheet.</Typography>}
    </Box>
  );
}
