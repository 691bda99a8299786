// The crib counter's logic, apart from the screen: lines built from scans (a repeated scan adds quantity), and the
// Issue/Return request of one line (a tracking code left at the employee's default is sent by id, a changed one as
// typed text, which the people area validates).

export interface CounterItem {
  cip_no: number;
  cid_no?: number | null;
  cip_code: string;
  cust_item_code?: string | null;
  cust_desc1?: string | null;
  location?: string | null;
  qty_on_hand: number;
}

export interface DefaultTracking {
  level: number;
  tracking_code_id: number;
  tracking_number: string;
}

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

export interface DrawBody {
  cip_no: number;
  qty: number;
  employee: string;
  pin?: string | null;
  track1_id?: number | null;
  track2_id?: number | null;
  track3_id?: number | null;
  track4_id?: number | null;
  track1?: string | null;
  track2?: string | null;
  track3?: string | null;
  track4?: string | null;
}

export function drawBody(line: CounterLine, employee: string, pin: string, texts: readonly string[], defaults: readonly DefaultTracking[]): DrawBody {
  const body: DrawBody = { cip_no: line.item.cip_no, qty: line.qty, employee, pin: pin || null };
  const b = body as unknown as Record<string, unknown>;
  for (let level = 1; level <= 4; level++) {
    const text = (texts[level - 1] ?? '').trim();
    if (!text) continue;
    const d = defaults.find((x) => x.level === level);
    if (d && d.tracking_number === text) b[`track${level}_id`] = d.tracking_code_id;
    else b[`track${level}`] = text;
  }
  return body;
}

/** Lines still to post (pending or refused before: a refused line may be fixed and sent again). */
export const toPost = (lines: readonly CounterLine[]) => lines.filter((l) => l.state === 'pending' || l.state === 'refused');

export function validQty(qty: number): boolean {
  return Number.isFinite(qty) && qty > 0 && qty <= 1_000_000;
}
