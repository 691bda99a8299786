// How the console and the portal show money, unit costs, quantities, percentages and factors (docs/numbers.md, "In
// the console and the portal"). The API writes each of them as a JSON number from its exact decimal at the kind's
// scale (money 2, unit cost 4, quantity 3, percent 3, factor 4), so no kind here shows fewer decimals than its scale:
// a value from the API is never rounded for display. A value the UI computed is rounded half away from zero, the
// server's rule.

/** The kinds of exact number the API carries (kernel::num on the server). */
export type NumberKind = 'money' | 'unitCost' | 'quantity' | 'percent' | 'factor';

/** Decimals each kind is stored with on the server. */
export const SCALE: Readonly<Record<NumberKind, number>> = { money: 2, unitCost: 4, quantity: 3, percent: 3, factor: 4 };

// [minimum, maximum] decimals shown: money always shows its cents; a unit cost its cents and up to two more digits;
// the others only the decimals they have. A count (rows, problems) has none.
type Shown = NumberKind | 'count';
const DECIMALS: Readonly<Record<Shown, readonly [number, number]>> = {
  money: [2, 2],
  unitCost: [2, 4],
  quantity: [0, 3],
  percent: [0, 3],
  factor: [0, 4],
  count: [0, 0],
};

export interface NumberDisplay {
  /**
   * The ISO 4217 code of the currency the record is in; money and unit costs then show its symbol. Only where the
   * record (or the screen's rule) names one: an amount of unknown currency is shown as a plain number.
   */
  currency?: string | null;
  /** A BCP 47 locale; the user's by default (`userLocale()`). */
  locale?: string;
  /** What a missing or non-numeric value shows; '' by default. */
  blank?: string;
}

/**
 * The locale numbers are shown in: the browser's language. The user context carries no locale today; when it does,
 * it goes first here.
 */
export function userLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const formatters = new Map<string, Intl.NumberFormat>();

// Building an Intl.NumberFormat costs far more than formatting with one, and a grid formats hundreds of cells.
function formatter(kind: Shown, locale: string, currency: string | null): Intl.NumberFormat {
  const key = `${locale}|${kind}|${currency ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const [minimumFractionDigits, maximumFractionDigits] = DECIMALS[kind];
    const options: Intl.NumberFormatOptions = {
      minimumFractionDigits,
      maximumFractionDigits,
      // A negative value that shows as zero shows no sign ('0.00', not '-0.00').
      signDisplay: 'negative',
      roundingMode: 'halfExpand',
      ...(currency ? { style: 'currency', currency } : kind === 'percent' ? { style: 'unit', unit: 'percent' } : {}),
    };
    try {
      found = new Intl.NumberFormat(locale, options);
    } catch {
      // A malformed locale is not the user's fault: show the number in US English rather than nothing.
      found = new Intl.NumberFormat('en-US', options);
    }
    formatters.set(key, found);
  }
  return found;
}

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The value to format: a finite number as it is; decimal text (a form's value) as text, which Intl formats from its
 * exact digits rather than from the nearest binary fraction; anything else is missing.
 */
function numeric(value: unknown): number | `${number}` | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const text = value.trim();
    return DECIMAL_TEXT.test(text) ? (text as `${number}`) : null;
  }
  return null;
}

/** A value of the given kind in the user's locale; `display.blank` ('' by default) for a missing value. */
export function formatNumber(kind: NumberKind, value: unknown, display: NumberDisplay = {}): string {
  const n = numeric(value);
  if (n === null) return display.blank ?? '';
  const currency = (kind === 'money' || kind === 'unitCost') && display.currency && CURRENCY_CODE.test(display.currency) ? display.currency.toUpperCase() : null;
  return formatter(kind, display.locale ?? userLocale(), currency).format(n);
}

/** Money: always 2 decimals (en-US `1,234.50`; with a currency `$1,234.50`). */
export const formatMoney = (value: unknown, display?: NumberDisplay): string => formatNumber('money', value, display);

/** A unit cost or price: 2 to 4 decimals (`12.50`, `0.0125`). */
export const formatUnitCost = (value: unknown, display?: NumberDisplay): string => formatNumber('unitCost', value, display);

/** A quantity: up to 3 decimals, none when whole (de-DE `1.234,5`). */
export const formatQuantity = (value: unknown, display?: NumberDisplay): string => formatNumber('quantity', value, display);

/** A percentage on the 0-100 scale: up to 3 decimals and the locale's percent sign (`12.5%`, de-DE `12,5 %`). */
export const formatPercent = (value: unknown, display?: NumberDisplay): string => formatNumber('percent', value, display);

/** A factor (a unitless multiplier or rate): up to 4 decimals. */
export const formatFactor = (value: unknown, display?: NumberDisplay): string => formatNumber('factor', value, display);

/** A count (rows, problems) with the locale's digit grouping, so it reads like the quantities beside it. */
export function formatCount(value: unknown, display: Omit<NumberDisplay, 'currency'> = {}): string {
  const n = numeric(value);
  return n === null ? (display.blank ?? '') : formatter('count', display.locale ?? userLocale(), null).format(n);
}

/**
 * The exact total of values of one kind, for the few places where the UI itself must add up (the server's totals are
 * shown as given). Binary fractions drift (0.1 + 0.2 is 0.30000000000000004), so each value is taken in whole units
 * of its kind's last decimal (cents for money, thousandths for a quantity), the integers are added, and the total is
 * divided once: the answer is the number nearest the exact decimal total. Missing and non-numeric values count 0.
 */
export function addExact(kind: NumberKind, values: Iterable<unknown>): number {
  const unit = 10 ** SCALE[kind];
  let total = 0n;
  for (const value of values) {
    const n = Number(value ?? 0);
    // Half away from zero, as the server rounds (Math.round alone takes -0.5 up to 0).
    if (Number.isFinite(n)) total += BigInt(Math.sign(n) * Math.round(Math.abs(n) * unit));
  }
  return Number(total) / unit;
}
