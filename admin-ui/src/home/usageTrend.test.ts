import { describe, expect, it } from 'vitest';
import { chartSeries, monthLabel, noMovement, type UsageMonth } from './usageTrend';

const month = (m: string, over: Partial<UsageMonth> = {}): UsageMonth => ({ month: m, usage_qty: 0, usage_value: null, received_value: null, transactions: 0, ...over });

describe('usage trend', () => {
  it('labels a month by its short name and year in the locale, whatever the time zone', () => {
    expect(monthLabel('2026-03-01', 'en-US')).toBe('Mar 26');
    expect(monthLabel('2025-12-01', 'en-US')).toBe('Dec 25');
  });

  it('plots money when the answer carries values, the usage quantity otherwise', () => {
    const withCost = [month('2026-02-01', { usage_qty: 3, usage_value: 12.5, received_value: 40, transactions: 4 }), month('2026-03-01', { usage_value: 0, received_value: 0 })];
    expect(chartSeries(withCost).map((s) => [s.key, s.data])).toEqual([
      ['usage_value', [12.5, 0]],
      ['received_value', [40, 0]],
    ]);
    const withoutCost = [month('2026-02-01', { usage_qty: 3, transactions: 4 }), month('2026-03-01', { usage_qty: 1.5, transactions: 1 })];
    expect(chartSeries(withoutCost).map((s) => [s.key, s.kind, s.data])).toEqual([['usage_qty', 'quantity', [3, 1.5]]]);
  });

  it('says there was no movement only when no month has a ledger row', () => {
    expect(noMovement([month('2026-02-01'), month('2026-03-01')])).toBe(true);
    expect(noMovement([month('2026-02-01'), month('2026-03-01', { transactions: 1 })])).toBe(false);
  });
});
