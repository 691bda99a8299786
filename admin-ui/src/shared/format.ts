// How the console and the portal show dates and times, and the text of a grid cell by kind (docs/console.md,
// "Formats"). Numbers (money, unit costs, quantities, percentages) are in numbers.ts next to this file; this module
// re-exports them so a screen imports its formats from one place. Dates are shown in UTC, the API's zone (spec 2
// section 9), in the user's locale: en-US reads 03/05/2026 and 03/05/2026 14:07:09, en-GB 05/03/2026.
import { formatFactor, formatMoney, formatPercent, formatQuantity, formatUnitCost, userLocale } from './numbers';

export * from './numbers';

/** The kinds of value a grid column or a detail row shows. */
export type CellKind =
  | 'text'
  | 'number'
  | 'currency'
  | 'money'
  | 'unitCost'
  | 'quantity'
  | 'percent'
  | 'factor'
  | 'date'
  | 'datetime'
  | 'longdate'
  | 'boolean';

export const TRUNCATE_AT = 50;
const EMPTY_DATE = '0001-01-01';

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

type DateStyle = 'date' | 'time' | 'long' | 'month';
const OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  // 24-hour clock with seconds, as in the Excel export's mm/dd/yyyy hh:mm:ss.
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  // A chart's month axis: short month and two-digit year.
  month: { month: 'short', year: '2-digit' },
};
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

// Building an Intl.DateTimeFormat costs far more than using one, and a grid formats hundreds of cells.
function dateFormatter(style: DateStyle, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let found = dateFormatters.get(key);
  if (!found) {
    const options = { ...OPTIONS[style], timeZone: 'UTC' };
    try {
      found = new Intl.DateTimeFormat(locale, options);
    } catch {
      found = new Intl.DateTimeFormat('en-US', options);
    }
    dateFormatters.set(key, found);
  }
  return found;
}

/** What a date shows: in the user's locale (`userLocale()`) unless told; '' by default for a missing value. */
export interface DateDisplay {
  locale?: string;
  blank?: string;
}

function formatWith(style: DateStyle, value: unknown, display: DateDisplay): string {
  const d = parseDate(value);
  return d ? dateFormatter(style, display.locale ?? userLocale()).format(d) : (display.blank ?? '');
}

/** The date in the user's locale (en-US `03/05/2026`). */
export const formatDate = (value: unknown, display: DateDisplay = {}): string => formatWith('date', value, display);

/** The date and the 24-hour time with seconds (en-US `03/05/2026 14:07:09`). */
export function formatDateTime(value: unknown, display: DateDisplay = {}): string {
  const d = parseDate(value);
  if (!d) return display.blank ?? '';
  // Two parts joined by a space: locales put a comma or 'at' between them, which reads badly in a grid.
  return `${formatWith('date', d, display)} ${formatWith('time', d, display)}`;
}

/** The time of day alone (en-US `14:07:09`). */
export const formatTime = (value: unknown, display: DateDisplay = {}): string => formatWith('time', value, display);

/** A month as a chart's axis names it (en-US `Mar 26`); any date of the month will do. */
export const formatMonth = (value: unknown, display: DateDisplay = {}): string => formatWith('month', value, display);

/** The long date (en-US `January 2, 2026`). */
export const formatLongDate = (value: unknown, display: DateDisplay = {}): string => formatWith('long', value, display);

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

/** Yes/No for a flag (blank when missing). */
export const formatYesNo = (value: unknown): string => (value === null || value === undefined ? '' : value ? 'Yes' : 'No');

/** The text of a cell by kind (text, number, currency, money, unit cost, quantity, percent, factor, date, ...). */
export function formatCell(value: unknown, kind: CellKind = 'text'): string {
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
