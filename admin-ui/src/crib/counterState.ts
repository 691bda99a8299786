// The crib counter's screen state as one reducer: who draws, the tracking texts, the scan field and the lines with
// each line's posting result. One place decides what a step resets (a new badge forgets the employee, Esc forgets
// everything), so the screen's parts only send what happened.
import { addScan, defaultTrackingTexts, type CounterEmployee, type CounterItem, type CounterLine } from './counter';

export type Mode = 'issue' | 'return';

export interface CounterState {
  mode: Mode;
  badge: string;
  pin: string;
  pinRequired: boolean;
  employee: CounterEmployee | null;
  employeeError: string | null;
  /** Tracking text per level 1-4 (index 0 is level 1). */
  tracking: string[];
  scan: string;
  scanError: string | null;
  lines: CounterLine[];
  busy: boolean;
  /** The key the next new line takes. */
  nextKey: number;
}

export const initialCounter: CounterState = {
  mode: 'issue',
  badge: '',
  pin: '',
  pinRequired: false,
  employee: null,
  employeeError: null,
  tracking: ['', '', '', ''],
  scan: '',
  scanError: null,
  lines: [],
  busy: false,
  nextKey: 1,
};

export type CounterAction =
  | { type: 'mode'; mode: Mode }
  | { type: 'badge'; value: string }
  | { type: 'pin'; value: string }
  | { type: 'lookup' }
  | { type: 'pinAsked' }
  | { type: 'employeeFound'; employee: CounterEmployee }
  | { type: 'employeeRefused'; message: string }
  | { type: 'track'; index: number; value: string }
  | { type: 'scan'; value: string }
  | { type: 'itemFound'; item: CounterItem }
  | { type: 'itemRefused'; message: string }
  | { type: 'qty'; key: number; qty: number }
  | { type: 'removeLine'; key: number }
  | { type: 'postStart' }
  | { type: 'linePosting'; key: number }
  | { type: 'linePosted'; key: number; message: string; onHandAfter?: number; tranId?: number }
  | { type: 'lineRefused'; key: number; message: string }
  | { type: 'postEnd' }
  | { type: 'reset' };

const patchLine = (lines: CounterLine[], key: number, patch: Partial<CounterLine>) => lines.map((l) => (l.key === key ? { ...l, ...patch } : l));

export function counterReducer(state: CounterState, action: CounterAction): CounterState {
  switch (action.type) {
    case 'mode':
      return { ...state, mode: action.mode };
    case 'badge':
      // Another badge is another person: the one found before no longer draws.
      return { ...state, badge: action.value, employee: null };
    case 'pin':
      return { ...state, pin: action.value };
    case 'lookup':
      return { ...state, employeeError: null };
    case 'pinAsked':
      return { ...state, pinRequired: true };
    case 'employeeFound':
      return { ...state, employee: action.employee, employeeError: null, tracking: defaultTrackingTexts(action.employee.default_tracking) };
    case 'employeeRefused':
      return { ...state, employee: null, employeeError: action.message };
    case 'track':
      return { ...state, tracking: state.tracking.map((t, i) => (i === action.index ? action.value : t)) };
    case 'scan':
      return { ...state, scan: action.value };
    case 'itemFound':
      return { ...state, scan: '', scanError: null, lines: addScan(state.lines, action.item, state.nextKey), nextKey: state.nextKey + 1 };
    case 'itemRefused':
      return { ...state, scan: '', scanError: action.message };
    case 'qty':
      // A changed quantity is a new request: an earlier refusal no longer applies (a posted line stays posted).
      return {
        ...state,
        lines: state.lines.map((l) => (l.key === action.key ? { ...l, qty: action.qty, state: l.state === 'posted' ? l.state : 'pending', message: undefined } : l)),
      };
    case 'removeLine':
      return { ...state, lines: state.lines.filter((l) => l.key !== action.key) };
    case 'postStart':
      return { ...state, busy: true };
    case 'linePosting':
      return { ...state, lines: patchLine(state.lines, action.key, { state: 'posting' }) };
    case 'linePosted':
      return { ...state, lines: patchLine(state.lines, action.key, { state: 'posted', message: action.message, onHandAfter: action.onHandAfter, tranId: action.tranId }) };
    case 'lineRefused':
      return { ...state, lines: patchLine(state.lines, action.key, { state: 'refused', message: action.message }) };
    case 'postEnd':
      return { ...state, busy: false };
    case 'reset':
      // The mode is the attendant's choice for the window, not part of one transaction.
      return { ...initialCounter, mode: state.mode };
  }
}

/** How many lines posted and were refused (the summary under the lines). */
export const counts = (lines: readonly CounterLine[]) => ({
  posted: lines.filter((l) => l.state === 'posted').length,
  refused: lines.filter((l) => l.state === 'refused').length,
});
