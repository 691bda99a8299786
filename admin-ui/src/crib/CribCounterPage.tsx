// The crib counter (docs/devices.md "Crib counter"): fast issues and returns at the crib window, keyboard and barcode
// scanner first. Scan or type the badge (Enter); the PIN when the site asks; scan items (Enter adds a line, a
// repeated scan adds 1); quantities and tracking codes (the employee's defaults prefilled) can be edited; Issue or
// Return; Ctrl+Enter confirms. Each line is posted on its own through the ledger's Issue/Return, so the screen shows
// each line's result: on hand after, or the refusal verbatim (which limit). Esc starts over.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { api, callApi } from '../shared/api';
import { HttpError } from '../shared/http';
import { formatQuantity } from '../shared/numbers';
import { PageBanner } from '../ui';
import { Section } from '../ui';
import {
  addScan,
  defaultTrackingTexts,
  drawBody,
  toPost,
  validQty,
  type CounterLine,
  type DefaultTracking,
} from './counter';

type Mode = 'issue' | 'return';

interface Employee {
  employee_id?: number | null;
  employee_number?: string | null;
  name?: string | null;
  can_return: boolean;
  default_tracking: DefaultTracking[];
}

interface MovementResult {
  message: string;
  transactions: { tran_id: number; qty_on_hand_after: number }[];
}

/** What the API said, verbatim: the field message of a 400, else the body's message. */
function said(error: unknown): string {
  if (error instanceof HttpError) {
    const first = error.apiErrors.find((e) => e?.error)?.error;
    return first || error.message || `Refused (${error.status}).`;
  }
  return error instanceof Error ? error.message : String(error);
}

export function CribCounterPage() {
  const [mode, setMode] = useState<Mode>('issue');
  const [badge, setBadge] = useState('');
  const [pin, setPin] = useState('');
  const [pinRequired, setPinRequired] = useState(false);
  const [employee, setEmployee] = useState<Employee | null>(null);
  const [employeeError, setEmployeeError] = useState<string | null>(null);
  const [tracking, setTracking] = useState<string[]>(['', '', '', '']);
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const [lines, setLines] = useState<CounterLine[]>([]);
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(1);
  const badgeRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  useEffect(() => badgeRef.current?.focus(), []);

  const reset = () => {
    setBadge('');
    setPin('');
    setPinRequired(false);
    setEmployee(null);
    setEmployeeError(null);
    setTracking(['', '', '', '']);
    setScan('');
    setScanError(null);
    setLines([]);
    setTimeout(() => badgeRef.current?.focus(), 0);
  };

  const findEmployee = async () => {
    if (!badge.trim()) return;
    setEmployeeError(null);
    try {
      const answer = await callApi('post', '/V1/CribCounter/Employee', { body: { employee: badge.trim(), pin: pin || null } });
      if (answer.pin_required) {
        setPinRequired(true);
        setTimeout(() => pinRef.current?.focus(), 0);
        return;
      }
      setEmployee(answer);
      setTracking(defaultTrackingTexts(answer.default_tracking));
      setTimeout(() => scanRef.current?.focus(), 0);
    } catch (error) {
      setEmployee(null);
      setEmployeeError(said(error));
      if (pinRequired) setTimeout(() => pinRef.current?.select(), 0);
      else setTimeout(() => badgeRef.current?.select(), 0);
    }
  };

  const addItem = async () => {
    const code = scan.trim();
    if (!code) return;
    setScanError(null);
    try {
      const item = await callApi('get', '/V1/CribCounter/Item', { query: { code } });
      setLines((current) => addScan(current, item, nextKey.current++));
    } catch (error) {
      setScanError(said(error));
    }
    setScan('');
    scanRef.current?.focus();
  };

  const setQty = (key: number, qty: number) =>
    setLines((current) => current.map((l) => (l.key === key ? { ...l, qty, state: l.state === 'posted' ? l.state : 'pending', message: undefined } : l)));

  const confirm = async () => {
    if (!employee || busy) return;
    const pending = toPost(lines).filter((l) => validQty(l.qty));
    if (!pending.length) return;
    setBusy(true);
    const path = mode === 'issue' ? '/api/V1/Transaction/Issue' : '/api/V1/Transaction/Return';
    for (const line of pending) {
      setLines((current) => current.map((l) => (l.key === line.key ? { ...l, state: 'posting' } : l)));
      try {
        const answer = await api.post<MovementResult>(path, drawBody(line, badge.trim(), pin, tracking, employee.default_tracking));
        const row = answer.transactions[0];
        setLines((current) =>
          current.map((l) => (l.key === line.key ? { ...l, state: 'posted', message: answer.message, onHandAfter: row?.qty_on_hand_after, tranId: row?.tran_id } : l)),
        );
      } catch (error) {
        setLines((current) => current.map((l) => (l.key === line.key ? { ...l, state: 'refused', message: said(error) } : l)));
      }
    }
    setBusy(false);
    scanRef.current?.focus();
  };

  // Ctrl+Enter confirms and Esc starts over, wherever the focus is on the screen.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void confirm();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      reset();
    }
  };
  const onEnter = (action: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      action();
    }
  };

  const postedCount = lines.filter((l) => l.state === 'posted').length;
  const refusedCount = lines.filter((l) => l.state === 'refused').length;

  return (
    <Box onKeyDown={onKeyDown} data-testid="crib-counter">
      <PageBanner title="Crib Counter" />
      <Section
        title="Who"
        actions={
          <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_, v: Mode | null) => v && setMode(v)}>
            <ToggleButton value="issue" data-testid="mode-issue">
              Issue
            </ToggleButton>
            <ToggleButton value="return" data-testid="mode-return">
              Return
            </ToggleButton>
          </ToggleButtonGroup>
        }
      >
        <Stack direction="row" spacing={2} alignItems="flex-start">
          <TextField
            label="Badge or employee number"
            value={badge}
            inputRef={badgeRef}
            onChange={(e) => {
              setBadge(e.target.value);
              setEmployee(null);
            }}
            onKeyDown={onEnter(() => void findEmployee())}
            error={Boolean(employeeError) && !pinRequired}
            helperText={!pinRequired ? employeeError ?? 'Scan the badge, then Enter' : ' '}
            inputProps={{ 'data-testid': 'counter-badge', autoComplete: 'off' }}
            sx={{ minWidth: 280 }}
          />
          {pinRequired && (
            <TextField
              label="PIN"
              type="password"
              value={pin}
              inputRef={pinRef}
              onChange={(e) => setPin(e.target.value)}
              onKeyDown={onEnter(() => void findEmployee())}
              error={Boolean(employeeError)}
              helperText={employeeError ?? 'This employee needs a PIN'}
              inputProps={{ 'data-testid': 'counter-pin', autoComplete: 'off' }}
            />
          )}
          {employee && (
            <Box sx={{ pt: 1 }}>
              <Typography variant="h6" data-testid="counter-employee">
                {employee.name} ({employee.employee_number})
              </Typography>
              {mode === 'return' && !employee.can_return && <Chip color="warning" size="small" label="May not return items" />}
            </Box>
          )}
        </Stack>
        {employee && (
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            {tracking.map((text, i) => (
              <TextField
                key={i}
                size="small"
                label={`Tracking ${i + 1}`}
                value={text}
                onChange={(e) => setTracking((t) => t.map((x, j) => (j === i ? e.target.value : x)))}
                inputProps={{ 'data-testid': `counter-track${i + 1}`, maxLength: 100 }}
              />
            ))}
          </Stack>
        )}
      </Section>

      <Section title={mode === 'issue' ? 'Items to issue' : 'Items to return'} testId="counter-lines">
        <TextField
          label="Scan item (CIP code, customer part or CIP number)"
          value={scan}
          inputRef={scanRef}
          disabled={!employee}
          onChange={(e) => setScan(e.target.value)}
          onKeyDown={onEnter(() => void addItem())}
          error={Boolean(scanError)}
          helperText={scanError ?? 'Enter adds a line; scanning the same item again adds 1. Ctrl+Enter confirms, Esc starts over.'}
          inputProps={{ 'data-testid': 'counter-scan', autoComplete: 'off' }}
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
                    onChange={(e) => setQty(l.key, Number(e.target.value))}
                    inputProps={{ 'data-testid': `counter-qty-${i}`, min: 0, step: 1, style: { textAlign: 'right', width: 70 } }}
                  />
                </TableCell>
                <TableCell data-testid={`counter-result-${i}`}>
                  {l.state === 'posted' && <Alert severity="success" sx={{ py: 0 }}>{`Posted: on hand now ${l.onHandAfter ?? ''}`}</Alert>}
                  {l.state === 'refused' && <Alert severity="error" sx={{ py: 0 }}>{l.message}</Alert>}
                  {l.state === 'posting' && 'Posting…'}
                </TableCell>
                <TableCell>
                  {l.state !== 'posted' && (
                    <IconButton size="small" aria-label="Remove line" onClick={() => setLines((c) => c.filter((x) => x.key !== l.key))}>
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
          <Button variant="contained" disabled={!employee || busy || !toPost(lines).length} onClick={() => void confirm()} data-testid="counter-confirm">
            {mode === 'issue' ? 'Issue' : 'Return'} (Ctrl+Enter)
          </Button>
          <Button onClick={reset} data-testid="counter-reset">
            New transaction (Esc)
          </Button>
          {(postedCount > 0 || refusedCount > 0) && (
            <Typography variant="body2" data-testid="counter-summary">
              {postedCount} posted, {refusedCount} refused
            </Typography>
          )}
        </Stack>
      </Section>
    </Box>
  );
}
