// The crib counter's logic, apart from the screen: lines built from scans (a repeated scan adds quantity), and the
// Issue/Return request of one line (a tracking code left at the employee's default is sent by id, a changed one as
// typed text, which the people area validates).
import type { Schema } from '../shared/api';

export type CounterItem = Schema<'CounterItem'>;
export type DefaultTracking = Schema<'CounterTracking'>;
export type CounterEmployee = Schema<'CounterEmployee'>;
export type DrawBody = Schema<'DrawRequest'>;

export type LineState = 'pending' | 'posting' | 'posted' | 'refused';

export interface CounterLine {
  key: number;
  item: CounterItem;
  qty: number;
  state: LineState;
  /** The refusal, verbatim, or the answer's message. */
  message?: string;
  onHandAfter?: number;
  tranId?: number;
}

/** A scan: the same CIP still pending adds 1 to its line; otherwise a new line of 1. */
export function addScan(lines: readonly CounterLine[], item: CounterItem, nextKey: number): CounterLine[] {
  const index = lines.findIndex((l) => l.item.cip_no === item.cip_no && l.state !== 'posted');
  if (index >= 0) {
    return lines.map((l, i) => (i === index ? { ...l, qty: l.qty + 1, state: 'pending', message: undefined } : l));
  }
  return [...lines, { key: nextKey, item, qty: 1, state: 'pending' }];
}

/** Tracking text per level 1-4, prefilled from the employee's defaults. */
export function defaultTrackingTexts(defaults: readonly DefaultTracking[]): string[] {
  const texts = ['', '', '', ''];
  for (const d of defaults) if (d.level >= 1 && d.level <= 4) texts[d.level - 1] = d.tracking_number;
  return texts;
}

type Level = 1 | 2 | 3 | 4;
const LEVELS: Level[] = [1, 2, 3, 4];

export function drawBody(line: CounterLine, employee: string, pin: string, texts: readonly string[], defaults: readonly DefaultTracking[]): DrawBody {
  const body: DrawBody = { cip_no: line.item.cip_no, qty: line.qty, employee, pin: pin || null };
  for (const level of LEVELS) {
    const text = (texts[level - 1] ?? '').trim();
    if (!text) continue;
    const d = defaults.find((x) => x.level === level);
    if (d && d.tracking_number === text) body[`track${level}_id`] = d.tracking_code_id;
    else body[`track${level}`] = text;
  }
  return body;
}

/** Lines still to post (pending or refused before: a refused line may be fixed and sent again). */
export const toPost = (lines: readonly CounterLine[]) => lines.filter((l) => l.state === 'pending' || l.state === 'refused');

export function validQty(qty: number): boolean {
  return Number.isFinite(qty) && qty > 0 && qty <= 1_000_000;
}
