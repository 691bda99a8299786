// The crib counter (docs/devices.md "Crib counter"): fast issues and returns at the crib window, keyboard and barcode
// scanner first. Scan or type the badge (Enter); the PIN when the site asks; scan items (Enter adds a line, a
// repeated scan adds 1); quantities and tracking codes (the employee's defaults prefilled) can be edited; Issue or
// Return; Ctrl+Enter confirms. Each line is posted on its own through the ledger's Issue/Return, so the screen shows
// each line's result: on hand after, or the refusal verbatim (which limit). Esc starts over.
import { useEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { Box } from '@mui/material';
import { callApi } from '../shared/api';
import { HttpError } from '../shared/http';
import { PageTitle } from '../ui';
import { useTrackingLevels } from '../trackingCodes/useLevels';
import { drawBody, toPost, validQty, type DrawBody } from './counter';
import { counterReducer, initialCounter, type Mode } from './counterState';
import { LinesSection } from './counter/LinesSection';
import { WhoSection } from './counter/WhoSection';

/** What the API said, verbatim: the field message of a 400, else the body's message. */
export function said(error: unknown): string {
  if (error instanceof HttpError) {
    const first = error.apiErrors.find((e) => e?.error)?.error;
    return first || error.message || `Refused (${error.status}).`;
  }
  return error instanceof Error ? error.message : String(error);
}

const post = (mode: Mode, body: DrawBody) => (mode === 'issue' ? callApi('post', '/V1/Transaction/Issue', { body }) : callApi('post', '/V1/Transaction/Return', { body }));

// Focus moves after React has drawn the field (the PIN field appears only once asked for).
const focusSoon = (ref: { current: HTMLInputElement | null }, select = false) => setTimeout(() => (select ? ref.current?.select() : ref.current?.focus()), 0);

export function CribCounterPage() {
  const [state, dispatch] = useReducer(counterReducer, initialCounter);
  const { levels } = useTrackingLevels();
  const badgeRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  useEffect(() => badgeRef.current?.focus(), []);

  const reset = () => {
    dispatch({ type: 'reset' });
    focusSoon(badgeRef);
  };

  const findEmployee = async () => {
    const badge = state.badge.trim();
    if (!badge) return;
    dispatch({ type: 'lookup' });
    try {
      const answer = await callApi('post', '/V1/CribCounter/Employee', { body: { employee: badge, pin: state.pin || null } });
      if (answer.pin_required) {
        dispatch({ type: 'pinAsked' });
        focusSoon(pinRef);
        return;
      }
      dispatch({ type: 'employeeFound', employee: answer });
      focusSoon(scanRef);
    } catch (error) {
      dispatch({ type: 'employeeRefused', message: said(error) });
      focusSoon(state.pinRequired ? pinRef : badgeRef, true);
    }
  };

  const addItem = async () => {
    const code = state.scan.trim();
    if (!code) return;
    try {
      const item = await callApi('get', '/V1/CribCounter/Item', { query: { code } });
      dispatch({ type: 'itemFound', item });
    } catch (error) {
      dispatch({ type: 'itemRefused', message: said(error) });
    }
    scanRef.current?.focus();
  };

  const confirm = async () => {
    const { employee, busy, lines, mode, badge, pin, tracking } = state;
    if (!employee || busy) return;
    const pending = toPost(lines).filter((l) => validQty(l.qty));
    if (!pending.length) return;
    dispatch({ type: 'postStart' });
    // One line at a time, so each line shows its own answer (a limit may refuse the third after two posted).
    for (const line of pending) {
      dispatch({ type: 'linePosting', key: line.key });
      try {
        const answer = await post(mode, drawBody(line, badge.trim(), pin, tracking, employee.default_tracking));
        const row = answer.transactions[0];
        dispatch({ type: 'linePosted', key: line.key, message: answer.message, onHandAfter: row?.qty_on_hand_after, tranId: row?.tran_id });
      } catch (error) {
        dispatch({ type: 'lineRefused', key: line.key, message: said(error) });
      }
    }
    dispatch({ type: 'postEnd' });
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

  return (
    <Box onKeyDown={onKeyDown} data-testid="crib-counter">
      <PageTitle title="Crib Counter" />
      <WhoSection state={state} dispatch={dispatch} levels={levels} onLookup={() => void findEmployee()} onEnter={onEnter} badgeRef={badgeRef} pinRef={pinRef} />
      <LinesSection
        state={state}
        dispatch={dispatch}
        onScan={() => void addItem()}
        onConfirm={() => void confirm()}
        onReset={reset}
        onEnter={onEnter}
        scanRef={scanRef}
      />
    </Box>
  );
}
