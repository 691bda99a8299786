import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useSearchParams } from 'react-router';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { GuardedButton } from '../grid/GuardedButton';
import { cipRoute } from '../items/common';
import {
  ActionButton,
  InfoRow,
  LoadState,
  PageTitle,
  RouteLink,
  Section,
  checkField,
  fieldErrorsOf,
  formatCurrency,
  formatDateTime,
  formatQuantity,
  nameWithCode,
  useApi,
  useHasPermission,
} from '../ui';
import { TRANSACTION_AVG_COST, TRANSACTION_LIST_ROUTE, TRANSACTION_POST, reversePath, transactionRoute } from './transactions';

/** The average-cost correction dialog: the CIP's new average cost and why. */
function AvgCostDialog({ cipNo, current, onClose }: { cipNo: number; current: number | null | undefined; onClose: (saved: boolean) => void }) {
  const [cost, setCost] = useState(current == null ? '' : String(current));
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const problem = checkField({ label: 'Average cost', required: true, number: true, min: 0 }, cost);
    if (problem) return setError(problem);
    const value = Number(cost);
    try {
      await callApi('put', '/V1/Transaction/Update/CustAvgCost', { body: { cip_no: cipNo, cust_avg_cost: value, notes: notes.trim() || null }, local400: true });
      notify('Average cost corrected.', 'success');
      onClose(true);
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setError(form ?? Object.values(fields)[0] ?? 'The correction was refused.');
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} data-testid="avg-cost-dialog">
      <DialogTitle>Correct average cost</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1, width: 360 }}>
          {error && <Alert severity="error" data-testid="avg-cost-error">{error}</Alert>}
          <TextField size="small" label="Average cost" value={cost} onChange={(e) => setCost(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'avg-cost-value' } }} />
          <TextField size="small" label="Reason" value={notes} onChange={(e) => setNotes(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'avg-cost-notes' } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={save} data-testid="avg-cost-save">Save</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A transaction (`/transaction?id=`): the ledger row, the rows linked to it, the CIP now; reverse; cost correction. */
export function TransactionShow() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const canCorrect = useHasPermission(TRANSACTION_AVG_COST);
  const [costDialog, setCostDialog] = useState(false);
  const detail = useApi('get', '/V1/Transaction/V2/{id}', { path: { id }, quiet: true }, { enabled: Number.isSafeInteger(id) && id > 0 });
  const d = detail.data;
  const t = d?.transaction;
  const path = reversePath(d?.reverse_with);

  // Refusals are said by the ActionButton (quiet here, so once).
  const reverse = async () => {
    if (!path || !t) return;
    const r = await callApi('post', path, { body: { tran_id: t.tran_id, notes: null }, quiet: true });
    notify(r.message, 'success');
  };

  return (
    <Box sx={{ p: 2 }} data-testid="transaction-page">
      <PageTitle title={t ? `Transaction ${t.tran_id} (${t.trans_type})` : 'Transaction'} backTo={TRANSACTION_LIST_ROUTE} />
      <LoadState loading={detail.loading} error={detail.error} what="transaction">
        {t && d && (
          <Stack spacing={2}>
            {t.reversed && <Alert severity="info" data-testid="transaction-reversed">Reversed by transaction {t.reversed_by_tran_id}.</Alert>}
            <Section
              title="Transaction"
              testId="transaction-detail"
              actions={
                <Stack direction="row" spacing={1}>
                  {path && (
                    <ActionButton
                      permission={TRANSACTION_POST}
                      variant="contained"
                      color="warning"
                      perform={reverse}
                      onDone={detail.reload}
                      confirm={{
                        title: 'Reverse this transaction?',
                        message: `Post the opposite of transaction ${t.tran_id}: ${formatQuantity(-t.trans_qty)} of ${t.cip_code}, ${formatCurrency(-(t.extended_cost ?? 0))}; this one is marked reversed.`,
                        confirmLabel: 'Reverse',
                        danger: true,
                      }}
                      testId="transaction-reverse"
                    >
                      Reverse
                    </ActionButton>
                  )}
                  {canCorrect && (
                    <GuardedButton variant="outlined" onClick={() => setCostDialog(true)} data-testid="transaction-avg-cost">
                      Correct average cost
                    </GuardedButton>
                  )}
                </Stack>
              }
            >
              <InfoRow label="Code" value={`${t.trans_type} (${t.trans_code})`} testId="transaction-code" />
              <InfoRow label="Date" value={formatDateTime(t.trans_date)} />
              <InfoRow label="CIP"><RouteLink to={cipRoute(t.cip_no)}>{t.cip_code}</RouteLink></InfoRow>
              <InfoRow label="Customer part" value={t.cust_item_code} />
              <InfoRow label="Description" value={t.cust_desc1} />
              <InfoRow label="Location" value={t.location} />
              <InfoRow label="Quantity" value={formatQuantity(t.trans_qty)} testId="transaction-qty" />
              <InfoRow label="On hand before" value={formatQuantity(t.qty_on_hand_before)} testId="transaction-before" />
              <InfoRow label="On hand after" value={formatQuantity(t.qty_on_hand_after)} testId="transaction-after" />
              <InfoRow label="Unit cost" value={formatCurrency(t.unit_cost)} />
              <InfoRow label="Extended cost" value={formatCurrency(t.extended_cost)} />
              <InfoRow label="Employee" value={nameWithCode(t.employee_name, t.employeeNumber)} />
              <InfoRow label="Tracking" value={[t.track1, t.track2, t.track3, t.track4].filter(Boolean).join(' / ')} />
              <InfoRow label="Requisition" value={t.req_no} />
              <InfoRow label="PO" value={t.po_no} />
              <InfoRow label="Serial / lot" value={t.serial_lot} />
              <InfoRow label="Notes" value={t.notes} />
              <InfoRow label="Posted by" value={t.user_login} />
            </Section>
            <Section title="Item now" testId="transaction-cip-now">
              <InfoRow label="On hand" value={formatQuantity(d.cip.qty_on_hand)} testId="cip-now-on-hand" />
              <InfoRow label="Average cost" value={formatCurrency(d.cip.cust_avg_cost)} testId="cip-now-avg-cost" />
            </Section>
            {d.related.length > 0 && (
              <Section title="Linked transactions" testId="transaction-related">
                <Table size="small">
                  <TableHead>
                    <TableRow><TableCell>Transaction</TableCell><TableCell>Code</TableCell><TableCell>Qty</TableCell><TableCell>Date</TableCell></TableRow>
                  </TableHead>
                  <TableBody>
                    {d.related.map((r) => (
                      <TableRow key={r.tran_id}>
                        <TableCell><RouteLink to={transactionRoute(r.tran_id)}>{r.tran_id}</RouteLink></TableCell>
                        <TableCell>{r.trans_type}</TableCell>
                        <TableCell>{formatQuantity(r.trans_qty)}</TableCell>
                        <TableCell>{formatDateTime(r.trans_date)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Section>
            )}
          </Stack>
        )}
      </LoadState>
      {costDialog && t && (
        <AvgCostDialog
          cipNo={t.cip_no}
          current={d?.cip.cust_avg_cost}
          onClose={(saved) => {
            setCostDialog(false);
            if (saved) detail.reload();
          }}
        />
      )}
    </Box>
  );
}
