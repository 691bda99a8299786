import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { emitRealtime } from './events';
import { AlertToasts } from './AlertToasts';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{`${pathname}${search}`}</div>;
}

function renderToasts() {
  return render(
    <MemoryRouter initialEntries={['/homeMain']}>
      <AlertToasts />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the alert toasts', () => {
  it('open the message the server named, titled by its subject', () => {
    renderToasts();
    act(() => emitRealtime('toast', { kind: 'alert', message: 'Variance on bin B-01', notificationId: 42, subject: 'Count waiting for approval' }));
    const toast = screen.getByTestId('alert-toast');
    expect(toast.textContent).toContain('Count waiting for approval');
    expect(toast.textContent).toContain('Variance on bin B-01');
    fireEvent.click(screen.getByTestId('alert-toast-message'));
    expect(screen.getByTestId('where').textContent).toBe('/notification?id=42');
    expect(screen.queryByTestId('alert-toast')).toBeNull();
  });

  it('say a subject once when the text is the subject', () => {
    renderToasts();
    act(() => emitRealtime('toast', { kind: 'alert', message: 'Count sheet 4: 3 variance(s) wait for approval', notificationId: 7, subject: 'Count sheet 4: 3 variance(s) wait for approval' }));
    const toast = screen.getByTestId('alert-toast');
    expect(toast.textContent).toBe('New alertCount sheet 4: 3 variance(s) wait for approval');
  });

  it('open the inbox list when the message is not named (a site broadcast)', () => {
    renderToasts();
    act(() => emitRealtime('toast', { kind: 'site', message: 'Stocktake at 3 pm', siteCode: 'ACME-NORTH' }));
    expect(screen.getByTestId('alert-toast').textContent).toContain('Message to site ACME-NORTH');
    fireEvent.click(screen.getByTestId('alert-toast-message'));
    expect(screen.getByTestId('where').textContent).toBe('/notification');
  });
});
