import { useEffect, useState } from 'react';
import { Button, Chip, FormControlLabel, Grid, Stack, Switch, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { formatQuantity } from '../../shared/numbers';
import { formatDate } from '../../ui';
import { STATUS_PENDING, itemRoute, replTypeName, statusName } from '../common';
import { InfoRow, LoadState, Section, fieldErrorsOf, useLoad, useApi } from '../../ui';
import { UsageChart, UsageTable } from '../itemPage/tabs/UsageTab';
import { annualTotal } from '../itemPage/usage';
import { DraggableDialog } from './DraggableDialog';

export const PENDING_MESSAGE = "Can't display CIP until Item Add Req is approved.";

/** The CIP summary pop-up (CIPSummaryView): item, quantities, usage 1-13 and totals; 'show summaries' adds the CID's. */
export function CipSummaryDialog({ cipNo, cidNo, onClose }: { cipNo: number; cidNo?: number | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [showSummaries, setShowSummaries] = useState(false);
  const summary = useApi('get', '/V1/Item/CIP/Summary/{cip_no}', { path: { cip_no: cipNo }, quiet: true });
  const cip = useApi('get', '/V1/Item/CIP/{id}', { path: { id: cipNo }, quiet: true });
  const cid = cidNo ?? cip.data?.cid_no ?? null;
  const cidQty = useLoad(
    (signal) => callApi('get', '/V1/Item/CID/SummaryQuantities/{cid_no}', { path: { cid_no: cid ?? 0 }, signal, quiet: true }),
    [cid],
    showSummaries && cid !== null,
  );
  const cidUsage = useLoad(
    (signal) => callApi('get', '/V1/Item/CID/SummaryUsage/{cid_no}', { path: { cid_no: cid ?? 0 }, signal, quiet: true }),
    [cid],
    showSummaries && cid !== null,
  );

  // A pending CIP (status 5) is not shown: the toast says why and the pop-up closes (spec 1 section 2).
  const pending = summary.data?.status_id === STATUS_PENDING || cip.data?.status_id === STATUS_PENDING;
  const refusal = summary.error ? fieldErrorsOf(summary.error).form : null;
  useEffect(() => {
    if (pending) {
      notify(PENDING_MESSAGE, 'warning');
      onClose();
    } else if (refusal) {
      notify(refusal, 'error');
      onClose();
    }
  }, [pending, refusal, onClose]);

  const s = summary.data;
  const route = itemRoute(cid, cipNo);
  const cidPeriods = cidUsage.data ? Array.from({ length: 13 }, (_, i) => Number((cidUsage.data as Record<string, unknown>)[`usage${i + 1}`] ?? 0)) : null;
  return (
    <DraggableDialog
      title={`CIP Summary${s ? `: ${s.cip_code}` : ''}`}
      testId="cip-summary-dialog"
      onClose={onClose}
      maxWidth="lg"
      actions={
        <>
          <Button size="small" onClick={() => { onClose(); navigate(route); }} data-testid="cip-summary-open">
            Open item
          </Button>
          <Button size="small" startIcon={<OpenInNewIcon />} href={`#${route}`} target="_blank" rel="noopener" data-testid="cip-summary-open-tab">
            New tab
          </Button>
        </>
      }
    >
      <LoadState loading={summary.loading} error={pending || refusal ? null : summary.error} what="CIP summary">
        {s && !pending && (
          <>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="h6" data-testid="cip-summary-description">
                {[s.cust_desc1, s.cust_desc2].filter(Boolean).join(' ')}
              </Typography>
              <Chip size="small" label={statusName(s.status_id)} />
              {cip.data?.multiple && <Chip size="small" variant="outlined" label="Multiple" data-testid="cip-summary-multiple" />}
              <FormControlLabel
                sx={{ ml: 'auto' }}
                label="Show summaries"
                control={<Switch checked={showSummaries} onChange={(e) => setShowSummaries(e.target.checked)} inputProps={{ 'aria-label': 'Show summaries' }} data-testid="cip-summary-toggle" />}
              />
            </Stack>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 5 }}>
                <Section title="Item">
                  <InfoRow label="CIP Id" value={s.cip_no} testId="cip-summary-cip-no" />
                  <InfoRow label="CIP Code" value={s.cip_code} />
                  <InfoRow label="Customer Part" value={s.cust_item_code} />
                  <InfoRow label="Location" value={s.location} />
                  <InfoRow label="Replenishment" value={replTypeName(s.repl_type)} />
                  <InfoRow label="Last issue" value={formatDate(s.last_issue_date)} />
                  <InfoRow label="Last receipt" value={formatDate(s.last_receipt_date)} />
                </Section>
              </Grid>
              <Grid size={{ xs: 12, md: 7 }}>
                <Section title="Quantities">
                  <Grid container>
                    <Grid size={6}>
                      <InfoRow label="On Hand" value={formatQuantity(s.qty_on_hand)} testId="cip-summary-on-hand" />
                      <InfoRow label="Available" value={formatQuantity(s.qty_avail)} />
                      <InfoRow label="On Hold" value={formatQuantity(s.qty_on_hold)} />
                      <InfoRow label="On Order" value={formatQuantity(s.qty_on_order)} />
                      <InfoRow label="Backorder" value={formatQuantity(s.qty_backorder)} />
                      <InfoRow label="Min / Max" value={`${formatQuantity(s.min_qty)} / ${formatQuantity(s.max_qty)}`} testId="cip-summary-min-max" />
                    </Grid>
                    {showSummaries && (
                      <Grid size={6} data-testid="cip-summary-cid">
                        <Typography variant="caption" color="text.secondary">
                          All {cidQty.data?.cip_count ?? ''} CIPs of CID {cid}
                        </Typography>
                        <InfoRow label="On Hand" value={formatQuantity(cidQty.data?.qty_on_hand)} />
                        <InfoRow label="Available" value={formatQuantity(cidQty.data?.qty_avail)} />
                        <InfoRow label="On Order" value={formatQuantity(cidQty.data?.qty_on_order)} />
                        <InfoRow label="Backorder" value={formatQuantity(cidQty.data?.qty_backorder)} />
                      </Grid>
                    )}
                  </Grid>
                </Section>
              </Grid>
            </Grid>
            <Section title={`Usage: annual ${formatQuantity(annualTotal(s.usage))}${cidPeriods ? `, CID ${formatQuantity(annualTotal(cidPeriods))}` : ''}`}>
              <UsageChart usage={s.usage} cidUsage={showSummaries ? cidPeriods : null} height={220} />
              <UsageTable usage={s.usage} testId="cip-summary-usage" />
            </Section>
          </>
        )}
      </LoadState>
    </DraggableDialog>
  );
}
