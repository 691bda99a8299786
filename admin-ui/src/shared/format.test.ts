import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatCell,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonth,
  formatTime,
  formatYesNo,
  isIsoDate,
  parseDate,
  todayIso,
  truncateText,
} from './format';

describe('dates', () => {
  it('formats MM/dd/yyyy in UTC', () => {
    expect(formatDate('2026-03-05')).toBe('03/05/2026');
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('03/05/2026');
    expect(formatDate('2026-12-31T23:59:59.999+00:00')).toBe('12/31/2026');
  });
  it('formats MM/dd/yyyy hh:mm:ss', () => {
    expect(formatDateTime('2026-03-05T14:07:09Z')).toBe('03/05/2026 14:07:09');
    expect(formatDateTime('2026-03-05T04:07:09')).toBe('03/05/2026 04:07:09');
  });
  it('follows the locale asked for, in UTC', () => {
    expect(formatDate('2026-03-05', { locale: 'en-GB' })).toBe('05/03/2026');
    expect(formatDate('2026-03-05', { locale: 'de-DE' })).toBe('05.03.2026');
    expect(formatDateTime('2026-03-05T23:30:09Z', { locale: 'en-GB' })).toBe('05/03/2026 23:30:09');
    expect(formatLongDate('2026-03-05', { locale: 'en-GB' })).toBe('5 March 2026');
    expect(formatTime('2026-03-05T00:07:09Z')).toBe('00:07:09');
    expect(formatDate(null, { blank: '—' })).toBe('—');
  });
  it('formats a month for a chart axis in the locale, whatever day of it is given', () => {
    expect(formatMonth('2026-03-01')).toBe('Mar 26');
    expect(formatMonth('2026-03-31T23:59:59Z')).toBe('Mar 26');
    expect(formatMonth('2026-03-05', { locale: 'de-DE' })).toBe('März 26');
    expect(formatMonth('garbage', { blank: '?' })).toBe('?');
  });
  it('formats the long date', () => {
    expect(formatLongDate('2026-03-05')).toBe('March 5, 2026');
    expect(formatLongDate('2026-01-02T10:00:00Z')).toBe('January 2, 2026');
  });
  it('shows the empty date 0001-01-01, blanks and garbage as blank', () => {
    for (const v of ['0001-01-01', '0001-01-01T00:00:00', '0001-01-01T00:00:00Z', null, undefined, '', 'not a date']) {
      expect(formatDate(v)).toBe('');
      expect(formatDateTime(v)).toBe('');
      expect(formatLongDate(v)).toBe('');
    }
    expect(parseDate('0001-01-01')).toBeNull();
  });
  it('computes date inputs in UTC', () => {
    const now = new Date(Date.UTC(2026, 2, 1, 23, 0, 0));
    expect(todayIso(now)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -90)).toBe('2025-12-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('03/01/2026')).toBe(false);
  });
});

describe('currency', () => {
  it('shows US dollars with 2 to 4 decimals', () => {
    expect(formatCurrency(1234.5678)).toBe('$1,234.5678');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency('12.3')).toBe('$12.30');
    expect(formatCurrency(-5)).toBe('-$5.00');
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency('abc')).toBe('');
  });
});

describe('flags', () => {
  it('reads Yes or No', () => {
    expect([formatYesNo(true), formatYesNo(false), formatYesNo(null)]).toEqual(['Yes', 'No', '']);
  });
});

describe('truncation', () => {
  it('cuts text longer than 50 characters and keeps the full text', () => {
    const long = 'x'.repeat(51);
    expect(truncateText(long)).toEqual({ text: `${'x'.repeat(50)}...`, truncated: true, full: long });
    expect(truncateText('x'.repeat(50))).toEqual({ text: 'x'.repeat(50), truncated: false, full: 'x'.repeat(50) });
    expect(truncateText(null).text).toBe('');
  });
});

describe('formatCell', () => {
  it('formats by kind', () => {
    expect(formatCell('2026-03-05', 'date')).toBe('03/05/2026');
    expect(formatCell(2.5, 'currency')).toBe('$2.50');
    expect(formatCell(7, 'number')).toBe('7');
    expect(formatCell(12345, 'number')).toBe('12345');
    expect(formatCell(1234.5, 'money')).toBe('1,234.50');
    expect(formatCell(0.0125, 'unitCost')).toBe('0.0125');
    expect(formatCell(1234.5, 'quantity')).toBe('1,234.5');
    expect(formatCell(12.5, 'percent')).toBe('12.5%');
    expect(formatCell(1.25, 'factor')).toBe('1.25');
    expect(formatCell(null, 'money')).toBe('');
    expect(formatCell(null)).toBe('');
  });
});
