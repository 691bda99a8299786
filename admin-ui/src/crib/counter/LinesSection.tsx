// The counter's lines: the scan field, one row per item with its quantity and its posting result (on hand after, or
// the refusal verbatim), and the confirm / start-over buttons.
import type { KeyboardEvent, RefObject } from 'react';
import { Alert, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatQuantity } from '../../shared/numbers';
import { Section } from '../../ui';
import { toPost, validQty } from '../counter';
import { counts, type CounterAction, type CounterState } from '../counterState';

export interface LinesProps {
  state: CounterState;
  dispatch: (action: CounterAction) => void;
  onScan: () => void;
  onConfirm: () => void;
  onReset: () => void;
  onEnter: (action: () => void) => (e: KeyboardEvent) => void;
  scanRef: RefObject<HTMLInputElement | null>;
}

export function LinesSection({ state, dispatch, onScan, onConfirm, onReset, onEnter, scanRef }: LinesProps) {
  const { mode, employee, scan, scanError, lines, busy } = state;
  const { posted, refused } = counts(lines);
  return (
    <Section title={mode === 'issue' ? 'Items to issue' : 'Items to return'} testId="counter-lines">
      <TextField
        label="Scan item (CIP code, customer part or CIP number)"
        value={scan}
        inputRef={scanRef}
        disabled={!employee}
        onChange={(e) => dispatch({ type: 'scan', value: e.target.value })}
        onKeyDown={onEnter(onScan)}
        error={Boolean(scanError)}
        helperText={scanError ?? 'Enter adds a line; scanning the same item again adds 1. Ctrl+Enter confirms, Esc starts over.'}
        slotProps={{ htmlInput: { 'data-testid': 'counter-scan', autoComplete: 'off' } }}
        fullWidth
        sx={{ mb: 2 }}
      />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>CIP code</TableCell>
            <TableCell>Customer part</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">On hand</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell>Result</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l, i) => (
            <TableRow key={l.key} data-testid={`counter-line-${i}`} data-state={l.state}>
              <TableCell>{l.item.cip_code}</TableCell>
              <TableCell>{l.item.cust_item_code}</TableCell>
              <TableCell>{l.item.cust_desc1}</TableCell>
              <TableCell align="right" data-testid={`counter-onhand-${i}`}>
                {formatQuantity(l.onHandAfter ?? l.item.qty_on_hand)}
              </TableCell>
              <TableCell align="right">
                <TextField
                  size="small"
                  type="number"
                  value={l.qty}
                  disabled={l.state === 'posted' || l.state === 'posting'}
                  error={!validQty(l.qty)}
                  onChange={(e) => dispatch({ type: 'qty', key: l.key, qty: Number(e.target.value) })}
                  slotProps={{ htmlInput: { 'data-testid': `counter-qty-${i}`, min: 0, step: 1, style: { textAlign: 'right', width: 70 } } }}
                />
              </TableCell>
              <TableCell data-testid={`counter-result-${i}`}>
                {l.state === 'posted' && <Alert severity="success" sx={{ py: 0 }}>{`Posted: on hand now ${l.onHandAfter === undefined ? '' : formatQuantity(l.onHandAfter)}`}</Alert>}
                {l.state === 'refused' && <Alert severity="error" sx={{ py: 0 }}>{l.message}</Alert>}
                {l.state === 'posting' && 'Posting…'}
              </TableCell>
              <TableCell>
                {l.state !== 'posted' && (
                  <IconButton size="small" aria-label="Remove line" onClick={() => dispatch({ type: 'removeLine', key: l.key })}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
          {!lines.length && (
            <TableRow>
              <TableCell colSpan={7}>{employee ? 'Scan the first item.' : 'Scan a badge first.'}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
        <Button variant="contained" disabled={!employee || busy || !toPost(lines).length} onClick={onConfirm} data-testid="counter-confirm">
          {mode === 'issue' ? 'Issue' : 'Return'} (Ctrl+Enter)
        </Button>
        <Button onClick={onReset} data-testid="counter-reset">
          New transaction (Esc)
        </Button>
        {(posted > 0 || refused > 0) && (
          <Typography variant="body2" data-testid="counter-summary">
            {posted} posted, {refused} refused
          </Typography>
        )}
      </Stack>
    </Section>
  );
}
