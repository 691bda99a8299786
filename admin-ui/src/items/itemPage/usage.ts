// Usage of a CIP as the item page and the CIP summary pop-up chart it: 13 periods (usage1 the most recent) with
// their annual total, and the 12 calendar months.
import { addExact } from '../../shared/numbers';

export const PERIODS = 13;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const num = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

export interface UsagePoint {
  /** 'P13' ... 'P1' */
  label: string;
  period: number;
  value: number;
}

/**
 * The 13 periods oldest first (P13 ... P1), so time runs left to right in the chart; missing periods count 0.
 */
export function usageSeries(usage: readonly (number | null | undefined)[] | null | undefined): UsagePoint[] {
  return Array.from({ length: PERIODS }, (_, i) => {
    const period = PERIODS - i;
    return { label: `P${period}`, period, value: num(usage?.[period - 1]) };
  });
}

/**
 * The annual usage total is the sum of usage1..usage13 (spec 1 section 2). The answer carries only the periods, so
 * the UI adds them, in thousandths (addExact), not in binary fractions.
 */
export function annualTotal(usage: readonly (number | null | undefined)[] | null | undefined): number {
  return addExact('quantity', usageSeries(usage).map((p) => p.value));
}

/** The 12 calendar months, January first, as labelled points. */
export function monthSeries(months: readonly (number | null | undefined)[] | null | undefined): { label: string; value: number }[] {
  return MONTHS.map((label, i) => ({ label, value: num(months?.[i]) }));
}
