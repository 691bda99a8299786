import { describe, expect, it } from 'vitest';
import { changedCounts, parseCount, usageSeries } from './common';

describe('cycle count helpers', () => {
  it('parses counted quantities strictly', () => {
    expect(parseCount('')).toBeNull();
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('1.125')).toBe(1.125);
    expect(parseCount('-1')).toBe('invalid');
    expect(parseCount('1.1234')).toBe('invalid');
    expect(parseCount('abc')).toBe('invalid');
  });

  it('sends only typed, valid and changed counts', () => {
    const lines = [
      { line_id: 1, line_no: 1, cip_no: 1, cip_code: 'A', counted_qty: 5 },
      { line_id: 2, line_no: 2, cip_no: 2, cip_code: 'B', counted_qty: null },
      { line_id: 3, line_no: 3, cip_no: 3, cip_code: 'C', counted_qty: null },
    ];
    expect(changedCounts(lines, { 1: '5', 2: '7', 3: 'x' })).toEqual([{ line_id: 2, counted_qty: 7 }]);
  });

  it('orders usage oldest first for the chart', () => {
    expect(usageSeries([3, 2, 1])).toEqual([
      { label: 'P-2', value: 1 },
      { label: 'P-1', value: 2 },
      { label: 'P-0', value: 3 },
    ]);
  });
});
