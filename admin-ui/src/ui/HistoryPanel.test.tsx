import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
