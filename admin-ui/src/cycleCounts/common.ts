// Cycle counts and min/max tuning (docs/cycle-counts.md, docs/min-max-tuning.md): the shapes the screens read, the
// permissions and pure helpers (unit-tested in common.test.ts).
import type { Schema } from '../shared/api';
import { addExact, formatMoney, formatQuantity } from '../shared/numbers';

export const CYCLE_COUNT_ENTER = 'CycleCountEnter';
export const CYCLE_COUNT_APPROVE = 'CycleCountApprove';
export const CYCLE_COUNT_ADMIN = 'CycleCountAdmin';
export const APD_REVIEW = 'APDReview';
export const APD_ADMIN = 'APDAdmin';

// The shapes are the API document's (shared/api/schema.d.ts), under the names the screens use.
export type Sheet = Schema<'Sheet'>;
export type CounterLine = Schema<'CounterLine'>;
export type ReviewLine = Schema<'ReviewLine'>;
export type PlanCip = Schema<'PlanCip'>;
export type CountSettings = Schema<'CountSettings'>;
export type Suggestion = Schema<'ApdSuggestion'>;

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
export function changedCounts(lines: readonly Pick<CounterLine, 'line_id' | 'counted_qty'>[], typed: Readonly<Record<number, string>>): { line_id: number; counted_qty: number }[] {
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
