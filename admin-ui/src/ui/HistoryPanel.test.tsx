import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HistoryPanel } from './HistoryPanel';
import type { AuditDetail } from './history';
import { renderInApp } from './testing';

const row = (id: number, patch: Partial<AuditDetail> = {}): AuditDetail => ({
  audit_event_id: id,
  occurred_at: '2026-03-05T14:07:09Z',
  action: 'employee_group.update',
  changed_by: 'warehouse',
  acting_as: null,
  changes: { phone: { from: null, to: '555-0142' } },
  ...patch,
});

describe('HistoryPanel', () => {
  it('shows when, who as whom, the action in words and each change as Label: from -> to', () => {
    renderInApp(<HistoryPanel rows={[row(2, { changed_by: 'support', acting_as: 'buyer' }), row(1, { action: 'create', changes: { description: 'Night shift' } })]} subject="employee group" testId="h" />);
    const rows = screen.getAllByTestId('h-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('h-when').textContent).toBe('03/05/2026 14:07:09');
    expect(within(rows[0]).getByTestId('h-who').textContent).toBe('supportas buyer');
    expect(within(rows[0]).getByTestId('h-action').textContent).toBe('Updated the employee group');
    expect(within(rows[0]).getByTestId('h-changes').textContent).toBe('Phone: (empty) -> 555-0142');
    expect(within(rows[1]).getByTestId('h-action').textContent).toBe('Created the employee group');
    expect(within(rows[1]).getByTestId('h-changes').textContent).toBe('Description: Night shift');
    expect(screen.getByTestId('h').textContent).not.toContain('{');
    expect(screen.queryByTestId('h-pager')).toBeNull();
  });

  it('pages a long history', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(100 - i, { changes: { limit_daily: { from: i, to: i + 1 } } }));
    renderInApp(<HistoryPanel rows={rows} testId="h" pageSize={10} />);
    expect(screen.getAllByTestId('h-row')).toHaveLength(10);
    fireEvent.click(screen.getByTestId('h-page-2'));
    const shown = screen.getAllByTestId('h-row');
    expect(shown).toHaveLength(2);
    expect(within(shown[1]).getByTestId('h-changes').textContent).toBe('Daily limit: 11.00 -> 12.00');
  });

  it('says when nothing was recorded, and shows loading and errors as every screen does', () => {
    const { unmount } = renderInApp(<HistoryPanel rows={[]} testId="h" />);
    expect(screen.getByTestId('h-empty').textContent).toBe('No changes recorded.');
    unmount();
    renderInApp(<HistoryPanel rows={undefined} error={new Error('boom')} testId="h" />);
    expect(screen.getByTestId('load-error').textContent).toBe('An error occurred fetching this history.');
  });

  it('names a reference kept as an id by the screen\'s lookup, once per value, and labels it as the screen does', async () => {
    const name = vi.fn(async (value: string) => ({ '3': 'Assembly (D-100)', '5': 'Paint shop (D-200)' })[value] ?? '');
    const rows = [row(2, { changes: { track1: { from: 3, to: 5 } } }), row(1, { action: 'create', changes: { track1: 3, description: 'x' } })];
    renderInApp(<HistoryPanel rows={rows} testId="h" fields={FIELDS(name)} />);
    await screen.findByText('Default Department: Assembly (D-100) -> Paint shop (D-200)');
    expect(within(screen.getAllByTestId('h-row')[1]).getByTestId('h-changes').textContent).toContain('Default Department: Assembly (D-100)');
    expect(name.mock.calls.map((c) => c[0]).sort()).toEqual(['3', '5']);
  });

  it('shows the value itself when its lookup fails', async () => {
    const name = vi.fn(async () => {
      throw new Error('gone');
    });
    renderInApp(<HistoryPanel rows={[row(1, { changes: { track1: { from: null, to: 9 } } })]} testId="h" fields={FIELDS(name)} />);
    await vi.waitFor(() => expect(name).toHaveBeenCalled());
    expect(screen.getByTestId('h-changes').textContent).toBe('Default Department: (empty) -> 9');
  });
});

const fieldsMemo = new Map<unknown, Record<string, { label: string; name: (v: string) => Promise<string> }>>();
/** The same object for the same lookup, as a screen's useMemo gives. */
function FIELDS(name: (v: string) => Promise<string>) {
  if (!fieldsMemo.has(name)) fieldsMemo.set(name, { track1: { label: 'Default Department', name } });
  return fieldsMemo.get(name)!;
}

