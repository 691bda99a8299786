import { afterEach, describe, expect, it, vi } from 'vitest';
import { addExact, formatCount, formatFactor, formatMoney, formatNumber, formatPercent, formatQuantity, formatUnitCost, userLocale } from './numbers';

const de = { locale: 'de-DE' };
const us = { locale: 'en-US' };

describe('numbers in the user locale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a quantity with up to 3 decimals and the locale separators', () => {
    expect(formatQuantity(1234.5, de)).toBe('1.234,5');
    expect(formatQuantity(1234.5, us)).toBe('1,234.5');
    expect(formatQuantity(24, us)).toBe('24');
    expect(formatQuantity(0.125, us)).toBe('0.125');
    expect(formatQuantity(-2, us)).toBe('-2');
  });

  it('shows money with 2 decimals, the currency only when given', () => {
    expect(formatMoney(1234.5, { ...us, currency: 'USD' })).toBe('$1,234.50');
    expect(formatMoney(1234.5, us)).toBe('1,234.50');
    expect(formatMoney(1234.5, de)).toBe('1.234,50');
    expect(formatMoney(1234.5, { ...de, currency: 'eur' })).toBe('1.234,50\u00a0€');
    expect(formatMoney(0, us)).toBe('0.00');
    expect(formatMoney(-5, { ...us, currency: 'USD' })).toBe('-$5.00');
    // A code that is no currency code is left out rather than failing the page.
    expect(formatMoney(5, { ...us, currency: 'dollars' })).toBe('5.00');
  });

  it('keeps the exact decimal: 0.6 stays 0.6, 0.1 + 0.2 as the server adds it is 0.3', () => {
    expect(formatQuantity(0.6, us)).toBe('0.6');
    expect(formatMoney(0.6, us)).toBe('0.60');
    expect(formatUnitCost(0.6, us)).toBe('0.60');
    expect(formatPercent(0.6, us)).toBe('0.6%');
    expect(formatMoney(19.99, us)).toBe('19.99');
  });

  it('shows a unit cost with 2 to 4 decimals', () => {
    expect(formatUnitCost(0.0125, us)).toBe('0.0125');
    expect(formatUnitCost(10, us)).toBe('10.00');
    expect(formatUnitCost(4.125, us)).toBe('4.125');
    expect(formatUnitCost(1234.5678, { ...us, currency: 'USD' })).toBe('$1,234.5678');
    expect(formatUnitCost(0.0125, de)).toBe('0,0125');
  });

  it('shows a percentage on the 0-100 scale with up to 3 decimals and the percent sign', () => {
    expect(formatPercent(12.5, us)).toBe('12.5%');
    expect(formatPercent(12.5, de)).toBe('12,5\u00a0%');
    expect(formatPercent(100, us)).toBe('100%');
    expect(formatPercent(33.333, us)).toBe('33.333%');
  });

  it('shows a factor with up to 4 decimals', () => {
    expect(formatFactor(1.5, us)).toBe('1.5');
    expect(formatFactor(1.6449, us)).toBe('1.6449');
  });

  it('shows a count with the locale grouping', () => {
    expect(formatCount(12345, us)).toBe('12,345');
    expect(formatCount(12345, de)).toBe('12.345');
    expect(formatCount(3, us)).toBe('3');
    expect(formatCount(null, us)).toBe('');
  });

  it('rounds only what the UI computed, half away from zero as the server does', () => {
    expect(formatMoney(2.345, us)).toBe('2.35');
    expect(formatMoney(-2.345, us)).toBe('-2.35');
    expect(formatQuantity(1.0005, us)).toBe('1.001');
    // A negative value that shows as zero shows no sign.
    expect(formatMoney(-0.001, us)).toBe('0.00');
  });

  it('formats decimal text from its exact digits and shows blank for missing or non-numeric values', () => {
    expect(formatMoney('12.3', us)).toBe('12.30');
    expect(formatQuantity(' 7 ', us)).toBe('7');
    expect(formatUnitCost('123456789012345.6789', us)).toBe('123,456,789,012,345.6789');
    for (const missing of [null, undefined, '', 'abc', '1,234', NaN, Infinity, {}, true]) {
      expect(formatMoney(missing, us)).toBe('');
      expect(formatQuantity(missing, us)).toBe('');
    }
    expect(formatMoney(null, { ...us, blank: '—' })).toBe('—');
    expect(formatNumber('percent', undefined, { blank: '—' })).toBe('—');
  });

  it('uses the browser language when no locale is given', () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(userLocale()).toBe('de-DE');
    expect(formatQuantity(1234.5)).toBe('1.234,5');
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(formatQuantity(1234.5)).toBe('1,234.5');
    vi.stubGlobal('navigator', { language: '' });
    expect(userLocale()).toBe('en-US');
  });

  it('falls back to US English for a malformed locale', () => {
    expect(formatMoney(1234.5, { locale: 'not a locale!' })).toBe('1,234.50');
  });
});

describe('adding up in the UI', () => {
  it('adds in whole units of the last decimal, so 0.1 + 0.2 + 0.3 is 0.6', () => {
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6);
    expect(addExact('money', [0.1, 0.2, 0.3])).toBe(0.6);
    expect(addExact('quantity', [2.5, null, 0.25, undefined, 'x'])).toBe(2.75);
    expect(addExact('quantity', Array.from({ length: 10 }, () => 0.001))).toBe(0.01);
    expect(addExact('unitCost', [0.0001, 0.0002])).toBe(0.0003);
    expect(addExact('money', [])).toBe(0);
    expect(addExact('money', [-0.1, -0.2])).toBe(-0.3);
  });
});
