import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UsageTrendCard } from './UsageTrendCard';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const MONTHS = [
  { month: '2026-02-01', usage_qty: 30, usage_value: 120.5, received_value: 300, transactions: 12 },
  { month: '2026-03-01', usage_qty: 10, usage_value: 40, received_value: 0, transactions: 3 },
];

describe('UsageTrendCard', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async () => json({ stock_value: 18234.5, items_in_stock: 42, months: MONTHS }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the site's last 12 months and shows the stock value, the item count and the money chart", async () => {
    render(<UsageTrendCard reloadKey={1} siteCode="ACME-NORTH" />);
    expect((await screen.findByTestId('usage-trend-stock-value')).textContent).toBe('$18,234.50');
    expect(screen.getByTestId('usage-trend-items').textContent).toBe('42');
    expect(screen.getByTestId('usage-trend-chart').getAttribute('data-series')).toBe('usage_value,received_value');
    expect(screen.getByText('Stock and usage at ACME-NORTH')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/V1/Stock/UsageTrend?months=12');
  });

  it('without cost rights shows no stock value and plots quantities', async () => {
    fetchMock.mockImplementation(async () => json({ stock_value: null, items_in_stock: 42, months: MONTHS.map((m) => ({ ...m, usage_value: null, received_value: null })) }));
    render(<UsageTrendCard reloadKey={1} />);
    expect((await screen.findByTestId('usage-trend-chart')).getAttribute('data-series')).toBe('usage_qty');
    expect(screen.queryByTestId('usage-trend-stock-value')).toBeNull();
  });

  it('says so when nothing moved instead of drawing an empty chart', async () => {
    fetchMock.mockImplementation(async () => json({ stock_value: 0, items_in_stock: 0, months: MONTHS.map((m) => ({ ...m, transactions: 0 })) }));
    render(<UsageTrendCard reloadKey={1} />);
    expect(await screen.findByTestId('usage-trend-empty')).toBeTruthy();
    expect(screen.queryByTestId('usage-trend-chart')).toBeNull();
  });
});
