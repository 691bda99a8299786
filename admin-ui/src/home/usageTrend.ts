// The home page's usage chart: what the chart plots from the site's usage trend (pure, unit-tested).
import type { Schema } from '../shared/api';
import { formatMonth } from '../shared/format';
import { userLocale } from '../shared/numbers';

export type UsageTrend = Schema<'UsageTrend'>;
export type UsageMonth = Schema<'UsageMonth'>;

/** The month's short name and year in the user's locale (en-US `Mar 26`); the API's month is its first day. */
export function monthLabel(month: string, locale: string = userLocale()): string {
  return formatMonth(month, { locale, blank: month });
}

export interface ChartSeries {
  key: 'usage_value' | 'received_value' | 'usage_qty';
  label: string;
  kind: 'money' | 'quantity';
  data: number[];
}

/**
 * The series to plot: the usage and receipts in money when the answer carries values (InvFISPrice), otherwise the
 * usage quantity (a user without cost rights still sees the trend).
 */
export function chartSeries(months: readonly UsageMonth[]): ChartSeries[] {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const hasValues = months.some((m) => m.usage_value !== null && m.usage_value !== undefined);
  if (hasValues) {
    return [
      { key: 'usage_value', label: 'Usage value', kind: 'money', data: months.map((m) => num(m.usage_value)) },
      { key: 'received_value', label: 'Received value', kind: 'money', data: months.map((m) => num(m.received_value)) },
    ];
  }
  return [{ key: 'usage_qty', label: 'Usage (quantity)', kind: 'quantity', data: months.map((m) => num(m.usage_qty)) }];
}

/** True when the months carry no movement at all: the card says so instead of drawing an empty chart. */
export const noMovement = (months: readonly UsageMonth[]): boolean => months.every((m) => !m.transactions);
