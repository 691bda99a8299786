// Cycle counts and min/max tuning (docs/cycle-counts.md, docs/min-max-tuning.md): the shapes the screens read, the
// permissions and pure helpers (unit-tested in common.test.ts).
import { addExact, formatMoney, formatQuantity } from '../shared/numbers';

export const CYCLE_COUNT_ENTER = 'CycleCountEnter';
export const CYCLE_COUNT_APPROVE = 'CycleCountApprove';
export const CYCLE_COUNT_ADMIN = 'CycleCountAdmin';
export const APD_REVIEW = 'APDReview';
export const APD_ADMIN = 'APDAdmin';

export interface Sheet {
  sheet_id: number;
  site_id: number;
  status: number;
  status_name: string;
  location_from?: string | null;
  location_to?: string | null;
  created_at: string;
  submitted_at?: string | null;
  posted_at?: string | null;
  line_count: number;
  counted_count: number;
  waiting_count: number;
}

export interface CounterLine {
  line_id: number;
  line_no: number;
  cip_no: number;
  cip_code: string;
  cust_item_code?: string | null;
  cust_desc1?: string | null;
  location?: string | null;
  counted_qty?: number | null;
}

export interface ReviewLine {
  line_id: number;
  line_no: number;
  cip_no: number;
  cip_code: string;
  cust_desc1?: string | null;
  location?: string | null;
  status: number;
  status_name: string;
  counted_qty?: number | null;
  expected_qty?: number | null;
  qty_on_hand: number;
  variance_qty?: number | null;
  variance_value?: number | null;
  trans_id?: number | null;
}

export interface PlanCip {
  cip_no: number;
  cip_code: string;
  cust_desc1?: string | null;
  location?: string | null;
  abc_class: string;
  frequency_days: number;
  last_count_date?: string | null;
  next_due_date: string;
  due: boolean;
  open_sheet_id?: number | null;
}

export interface CountSettings {
  days_class_a: number;
  days_class_b: number;
  days_class_c: number;
  days_class_d: number;
  variance_percent: number;
  variance_value: number;
  max_sheet_lines: number;
}

export interface ApdWarning {
  warn_type_id: number;
  code: string;
  message: string;
}

export interface Suggestion {
  cip_no: number;
  cip_code: string;
  cust_desc1?: string | null;
  location?: string | null;
  aau: number;
  sugg_min: number;
  sugg_max: number;
  roq: number;
  current_min?: number | null;
  current_max?: number | null;
  current_roq?: number | null;
  qty_on_hand: number;
  lead_time_days: number;
  safety_stock: number;
  status: number;
  usage: number[];
  warnings: ApdWarning[];
}

export interface Paged<T> {
  resultList: T[];
  totalCount: number;
}

export const SUGGESTION_STATUS: Record<number, string> = { 1: 'Pending', 2: 'Accepted', 3: 'Dismissed' };

/** Short chip labels of the five warning types. */
export const WARNING_LABELS: Record<number, string> = {
  1: 'No usage',
  2: 'Erratic',
  3: 'No lead time',
  4: 'Far from current',
  5: 'Above max',
};

/** A typed quantity: a finite number >= 0 with at most 3 decimals, or null (not counted). */
export function parseCount(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+(\.\d{1,3})?$/.test(t)) return 'invalid';
  return Number(t);
}

/** The counts to send: every line whose field holds a valid number different from what is saved. */
export function changedCounts(lines: readonly CounterLine[], typed: Readonly<Record<number, string>>): { line_id: number; counted_qty: number }[] {
  const out: { line_id: number; counted_qty: number }[] = [];
  for (const line of lines) {
    const text = typed[line.line_id];
    if (text === undefined) continue;
    const value = parseCount(text);
    if (value === null || value === 'invalid') continue;
    if (line.counted_qty !== value) out.push({ line_id: line.line_id, counted_qty: value });
  }
  return out;
}

/** Usage periods oldest first (the chart reads left to right), labelled P-12 .. P0. */
export function usageSeries(usage: readonly number[]): { label: string; value: number }[] {
  return [...usage].reverse().map((value, i, all) => ({ label: `P-${all.length - 1 - i}`, value }));
}

/** A quantity as the count screens show it: a dash when there is none. */
export const fmt = (v: number | null | undefined): string => formatQuantity(v, { blank: '—' });

/**
 * What approving these variances does, said before it is done (issue 22: a write-off of $773.50 took one click):
 * how many units are written off and added, and their value. The value of a line is the API's `variance_value`
 * (counted minus expected, at the CIP's average cost), summed exactly.
 */
export function approvalSummary(lines: readonly Pick<ReviewLine, 'cip_code' | 'variance_qty' | 'variance_value'>[], currency?: string | null): string {
  const off = lines.filter((l) => (l.variance_qty ?? 0) < 0);
  const on = lines.filter((l) => (l.variance_qty ?? 0) > 0);
  const part = (rows: typeof lines, verb: string) => {
    if (!rows.length) return null;
    const qty = Math.abs(addExact('quantity', rows.map((l) => l.variance_qty ?? 0)));
    const value = Math.abs(addExact('money', rows.map((l) => l.variance_value ?? 0)));
    return `${verb} ${formatQuantity(qty)} unit(s) worth ${formatMoney(value, { currency })}`;
  };
  const what = [part(off, 'write off'), part(on, 'add')].filter(Boolean).join(' and ') || 'change nothing on hand';
  const subject = lines.length === 1 ? `the variance of ${lines[0].cip_code}` : `${lines.length} variances`;
  return `Approving ${subject} will ${what}. The stock ledger is posted when no line of the sheet waits any more.`;
}
