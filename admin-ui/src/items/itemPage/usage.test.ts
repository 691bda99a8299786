import { describe, expect, it } from 'vitest';
import { annualTotal, monthSeries, usageSeries } from './usage';

describe('usage', () => {
  const usage = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
  it('lists the 13 periods oldest first, usage1 being the most recent', () => {
    const series = usageSeries(usage);
    expect(series).toHaveLength(13);
    expect(series[0]).toEqual({ label: 'P13', period: 13, value: 13 });
    expect(series[12]).toEqual({ label: 'P1', period: 1, value: 1 });
  });
  it('totals usage1..usage13 for the annual usage, missing periods as 0', () => {
    expect(annualTotal(usage)).toBe(91);
    expect(annualTotal([2.5, null, 0.25])).toBe(2.75);
    expect(annualTotal([0.1, 0.2, 0.3])).toBe(0.6);
    expect(annualTotal(null)).toBe(0);
  });
  it('names the months from January', () => {
    const months = monthSeries([5, 6]);
    expect(months.map((m) => m.label).slice(0, 3)).toEqual(['Jan', 'Feb', 'Mar']);
    expect(months[1].value).toBe(6);
    expect(months[11].value).toBe(0);
  });
});
