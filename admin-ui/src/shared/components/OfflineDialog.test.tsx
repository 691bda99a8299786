import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { OfflineDialog, OFFLINE_POLL_MS } from './OfflineDialog';
import { emit, on, type Toast } from '../events';

// Both apps mount this dialog as it is (admin-ui: App through shell/OfflineDialog; portal-ui: App), so one test
// covers both.
describe('OfflineDialog', () => {
  let enabled: boolean;
  beforeEach(() => {
    vi.useFakeTimers();
    enabled = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ isEnabled: enabled }), { status: 200 })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('blocks the screen on a 503 and releases it once the API is enabled again', async () => {
    const toasts: Toast[] = [];
    const off = on('notify', (t) => toasts.push(t));
    render(<OfflineDialog />);
    expect(screen.queryByTestId('offline-dialog')).toBeNull();

    act(() => emit('offline'));
    expect(screen.getByTestId('offline-dialog').textContent).toContain(
      'ASP is currently offline. This screen will minimize when ASP is back online.',
    );

    await act(async () => vi.advanceTimersByTime(OFFLINE_POLL_MS));
    expect(fetch).toHaveBeenCalledWith('/api/V1/Security/API/IsEnabled', expect.anything());
    expect(screen.getByTestId('offline-dialog')).toBeTruthy();

    enabled = true;
    await act(async () => vi.advanceTimersByTime(OFFLINE_POLL_MS));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('offline-dialog')).toBeNull();
    expect(toasts).toEqual([{ message: 'ASP is online.  You may need to resubmit your last action.', type: 'success' }]);
    expect(OFFLINE_POLL_MS).toBe(30000);
    off();
  });

  it('polls at the interval it is given', async () => {
    render(<OfflineDialog pollMs={1000} />);
    act(() => emit('offline'));
    await act(async () => vi.advanceTimersByTime(999));
    expect(fetch).not.toHaveBeenCalled();
    enabled = true;
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    // the closing transition
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('offline-dialog')).toBeNull();
  });
});
