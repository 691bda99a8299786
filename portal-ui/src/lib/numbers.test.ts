import { describe, expect, it } from 'vitest';
import { addExact, formatMoney, formatPercent, formatQuantity, formatUnitCost } from '@asp/client/numbers';
import { formatDate, formatDateTime, formatMoney as formatMoneyOfFormat } from '@asp/client/format';

// The formats are tested once, in admin-ui/src/shared/numbers.test.ts; this checks that the portal shows numbers
// through that same module (`@asp/client/numbers`), as its quotes and catalogue will.
describe('numbers in the portal', () => {
  it('formats each kind in the given locale', () => {
    expect(formatMoney(1234.5, { locale: 'en-US', currency: 'USD' })).toBe('$1,234.50');
    expect(formatQuantity(1234.5, { locale: 'de-DE' })).toBe('1.234,5');
    expect(formatUnitCost(0.0125, { locale: 'en-US' })).toBe('0.0125');
    expect(formatPercent(0.6, { locale: 'en-US' })).toBe('0.6%');
  });

  it('shows the browser language by default (en-US under jsdom)', () => {
    expect(formatQuantity(1234.5)).toBe('1,234.5');
  });

  it('adds up exactly', () => {
    expect(addExact('money', [0.1, 0.2, 0.3])).toBe(0.6);
  });

  it('shows dates through the one format module of the console (@asp/client/format), which also carries the numbers', () => {
    expect(formatDate('2026-03-05', { locale: 'en-GB' })).toBe('05/03/2026');
    expect(formatDateTime('2026-03-05T14:07:09Z', { locale: 'en-US' })).toBe('03/05/2026 14:07:09');
    expect(formatMoneyOfFormat).toBe(formatMoney);
  });
});
