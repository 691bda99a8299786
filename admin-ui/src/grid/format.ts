import { formatFactor, formatMoney, formatPercent, formatQuantity, formatUnitCost } from '../shared/numbers';
import type { ColumnKind } from './types';

// Display formats shared by every grid and detail page (spec 2 section 9). Dates are shown in UTC.

export const TRUNCATE_AT = 50;
const EMPTY_DATE = '0001-01-01';
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Date for an API value (ISO text, `YYYY-MM-DD`, Date or epoch ms); null for blanks, garbage and 0001-01-01. */
export function parseDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) || value.getUTCFullYear() <= 1 ? null : value;
  if (typeof value === 'number') return parseDate(new Date(value));
  const text = String(value).trim();
  if (text.startsWith(EMPTY_DATE)) return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dateOnly) return new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])));
  // A date-time without a zone is UTC (the API speaks UTC).
  const withZone = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  return parseDate(new Date(withZone));
}

/** MM/dd/yyyy */
export function formatDate(value: unknown): string {
  const d = parseDate(value);
  if (!d) return '';
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${pad(d.getUTCFullYear(), 4)}`;
}

/** MM/dd/yyyy hh:mm:ss (24-hour clock, as in the Excel export's mm/dd/yyyy hh:mm:ss). */
export function formatDateTime(value: unknown): string {
  const d = parseDate(value);
  if (!d) return '';
  return `${formatDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The long date: 'January 2, 2026'. */
export function formatLongDate(value: unknown): string {
  const d = parseDate(value);
  if (!d) return '';
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/**
 * US dollars (spec 1: currency is shown in US dollars) with 2 to 4 decimals in the user's locale: a money value
 * shows its cents, a unit cost up to its 4 decimals (`$1,234.50`, `$0.0125`); blank for missing or non-numeric values.
 */
export function formatCurrency(value: unknown): string {
  return formatUnitCost(value, { currency: 'USD' });
}

/** Long text is cut to `max` characters (followed by '...'); `truncated` tells whether a tooltip is needed. */
export function truncateText(value: unknown, max = TRUNCATE_AT): { text: string; truncated: boolean; full: string } {
  const text = value === null || value === undefined ? '' : String(value);
  if (text.length <= max) return { text, truncated: false, full: text };
  return { text: `${text.slice(0, max)}...`, truncated: true, full: text };
}

/** The text of a cell by column kind (text, number, currency, money, unit cost, quantity, percent, factor, date, ...). */
export function formatCell(value: unknown, kind: ColumnKind = 'text'): string {
  switch (kind) {
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'longdate':
      return formatLongDate(value);
    case 'currency':
      return formatCurrency(value);
    case 'money':
      return formatMoney(value);
    case 'unitCost':
      return formatUnitCost(value);
    case 'quantity':
      return formatQuantity(value);
    case 'percent':
      return formatPercent(value);
    case 'factor':
      return formatFactor(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

// ---- date inputs (`<input type="date">` speaks YYYY-MM-DD) -------------------------------------------------

/** Today's date in UTC as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return `${pad(now.getUTCFullYear(), 4)}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
}

/** YYYY-MM-DD plus n days. */
export function addDays(iso: string, days: number): string {
  const d = parseDate(iso);
  if (!d) return '';
  return todayIso(new Date(d.getTime() + days * 86_400_000));
}

/** Is this a real calendar date in YYYY-MM-DD? */
export function isIsoDate(value: string | null | undefined): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value || '')) return false;
  return todayIso(parseDate(value) || new Date(NaN)) === value;
}
