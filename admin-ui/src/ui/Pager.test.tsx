import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CappedNotice, Pager, cappedText } from './Pager';

describe('Pager', () => {
  it('pages from 1 and says which records are shown', () => {
    const onPage = vi.fn();
    render(<Pager id="sugg" page={1} pageSize={100} total={200} onPage={onPage} onPageSize={() => {}} />);
    expect(screen.getByTestId('sugg-pager-text').textContent).toBe('Records 1 - 100 of 200');
    fireEvent.click(screen.getByTestId('sugg-page-next'));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

describe('CappedNotice', () => {
  it('says the list is cut and how to narrow it', () => {
    render(<CappedNotice id="plan" shown={100} total={220} narrowBy="zone or due date" />);
    expect(screen.getByTestId('plan-capped').textContent).toBe('Showing the first 100 of 220; narrow the search by zone or due date.');
  });
  it('shows nothing when every row is shown', () => {
    render(<CappedNotice id="plan" shown={100} total={80} narrowBy="zone" />);
    expect(screen.queryByTestId('plan-capped')).toBeNull();
    expect(cappedText(5000, null)).toBe('Showing the first 5,000 of more than 5,000');
  });
});
