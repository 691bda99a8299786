// Issue 22: min/max review said "200 suggestion(s)" and showed 100 rows without a pager; the count plan said
// "220 CIP(s) due" and stopped at 100; a $773.50 write-off was approved in one click.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MinMaxReviewPage } from './MinMaxReviewPage';
import { CountPlanPage } from './CountPlanPage';
import { ApprovalPage } from './ApprovalPage';
import { SCREEN_TEST_MS, json, renderAs, resetStubs, stubApi, type Call } from './testing';

afterEach(resetStubs);

const suggestion = (i: number) => ({
  cip_no: i,
  cip_code: `CIP-${String(i).padStart(3, '0')}`,
  cust_desc1: `Part ${i}`,
  location: 'A-01',
  aau: 1,
  sugg_min: 2,
  sugg_max: 4,
  roq: 2,
  current_min: 1,
  current_max: 3,
  current_roq: 1,
  qty_on_hand: 5,
  lead_time_days: 7,
  safety_stock: 1,
  status: 1,
  usage: [1, 2],
  warnings: [],
});

/** A server page of `total` rows as the search answers it for the request's pageNumber and pageSize. */
function pageOf<T>(call: Call, total: number, row: (i: number) => T) {
  const { pageNumber = 0, pageSize = 10 } = call.body as { pageNumber?: number; pageSize?: number };
  const first = pageNumber * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - first));
  return json({ resultList: Array.from({ length: count }, (_, i) => row(first + i + 1)), totalCount: total });
}

describe('Min/Max Review', () => {
  it('pages through all 200 suggestions instead of stopping at the first answer', async () => {
    const calls = stubApi((c) => (c.path === '/api/V1/APD/Search' ? pageOf(c, 200, suggestion) : undefined));
    renderAs(['APDReview'], <MinMaxReviewPage />);
    await screen.findByTestId('suggestion-CIP-001');
    expect(screen.getByTestId('suggestion-total').textContent).toBe('200 suggestion(s)');
    expect(screen.getAllByTestId(/^suggestion-CIP-/)).toHaveLength(50);
    expect(screen.getByTestId('suggestions-pager-text').textContent).toBe('Records 1 - 50 of 200');
    fireEvent.click(screen.getByTestId('suggestions-page-last'));
    await screen.findByTestId('suggestion-CIP-200');
    expect(screen.queryByTestId('suggestion-CIP-001')).toBeNull();
    const searches = calls.filter((c) => c.path === '/api/V1/APD/Search').map((c) => (c.body as { pageNumber: number }).pageNumber);
    expect(searches).toEqual([0, 3]);
  }, SCREEN_TEST_MS);
});

const planCip = (i: number) => ({
  cip_no: i,
  cip_code: `CIP-${i}`,
  cust_desc1: null,
  location: `L-${i}`,
  abc_class: 'A',
  frequency_days: 30,
  last_count_date: null,
  next_due_date: '2026-01-01',
  due: true,
  open_sheet_id: null,
});

describe('Count Plan', () => {
  it('pages through the 220 CIPs due', async () => {
    const calls = stubApi((c) => {
      if (c.path === '/api/V1/CycleCount/Plan/Search') return pageOf(c, 220, planCip);
      if (c.path === '/api/V1/CycleCount/Settings') return json({ days_class_a: 30, days_class_b: 60, days_class_c: 90, days_class_d: 180, variance_percent: 5, variance_value: 50, max_sheet_lines: 100 });
      return undefined;
    });
    renderAs(['CycleCountEnter'], <CountPlanPage />);
    await screen.findByText('L-1');
    expect(screen.getByTestId('due-total').textContent).toBe('220 CIP(s) due');
    expect(screen.getByTestId('due-pager-text').textContent).toBe('Records 1 - 50 of 220');
    fireEvent.click(screen.getByTestId('due-page-5'));
    await screen.findByText('L-220');
    expect(screen.getByTestId('due-pager-text').textContent).toBe('Records 201 - 220 of 220');
    const last = calls.filter((c) => c.path === '/api/V1/CycleCount/Plan/Search').at(-1);
    expect(last?.body).toMatchObject({ pageNumber: 4, pageSize: 50, due_only: true });
  }, SCREEN_TEST_MS);
});

describe('Variance Approval', () => {
  const sheet = { sheet_id: 7, site_id: 1, status: 3, status_name: 'Waiting approval', created_at: '2026-01-01T00:00:00Z', line_count: 2, counted_count: 2, waiting_count: 2 };
  const line = (code: string, variance_qty: number, variance_value: number, line_id: number) => ({
    line_id,
    line_no: line_id,
    cip_no: line_id,
    cip_code: code,
    status: 3,
    status_name: 'Waiting',
    counted_qty: 10 + variance_qty,
    expected_qty: 10,
    qty_on_hand: 10,
    variance_qty,
    variance_value,
  });
  const lines = [line('BRG-6204', -15, -773.5, 1), line('GLV-NIT', 4, 12.2, 2)];

  it('asks before approving and says the units and value written off; nothing is posted until confirmed', async () => {
    const calls = stubApi((c) => {
      if (c.path === '/api/V1/CycleCount/Sheet/Search') return json({ resultList: [sheet], totalCount: 1 });
      if (c.path === '/api/V1/CycleCount/Sheet/7/Review') return json({ sheet, lines });
      if (c.path === '/api/V1/CycleCount/Sheet/7/Approve') return json({ sheet: { ...sheet, status: 3 } });
      return undefined;
    });
    renderAs(['CycleCountApprove'], <ApprovalPage />);
    fireEvent.click(await screen.findByTestId('approval-sheet-7'));
    fireEvent.click(await screen.findByTestId('approve-BRG-6204'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-message').textContent).toMatch(/write off 15 unit\(s\) worth \S*773\.50/);
    expect(calls.some((c) => c.path.endsWith('/Approve'))).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/Approve'))).toBe(false);

    fireEvent.click(screen.getByTestId('approve-all'));
    const all = await screen.findByTestId('confirm-dialog');
    expect(within(all).getByTestId('confirm-message').textContent).toMatch(/2 variances will write off 15 unit\(s\) worth \S*773\.50 and add 4 unit\(s\) worth \S*12\.20/);
    fireEvent.click(within(all).getByTestId('confirm-ok'));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/Approve'))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith('/Approve'))?.body).toEqual({ decisions: [{ line_id: 1, approve: true }, { line_id: 2, approve: true }] });
  }, SCREEN_TEST_MS);
});
