import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { InactivityDialog, SessionClockProvider, SessionCountdown } from './Session';
import { INACTIVITY_END_KEY } from '../lib/session';

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('inactivity dialog', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/config') return json({ inactivityTimeoutSeconds: 1800 });
      if (url === '/api/auth/refresh') return json({ access_token: 'tok2', token_type: 'Bearer', expires_in: 900 });
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const setup = () => {
    const onExpire = vi.fn();
    render(
      <SessionClockProvider onExpire={onExpire}>
        <SessionCountdown />
        <InactivityDialog />
      </SessionClockProvider>,
    );
    return onExpire;
  };
  // Another tab (or the passing of time) moves the shared end time; the clock reads it every second.
  const endIn = (ms: number) => localStorage.setItem(INACTIVITY_END_KEY, String(Date.now() + ms));
  const tick = async (ms = 1000) => act(async () => vi.advanceTimersByTime(ms));

  it('counts down from 30 minutes and stays quiet until the last minute', async () => {
    setup();
    await tick();
    expect(screen.getByTestId('session-countdown').textContent).toBe('29:59');
    expect(screen.queryByTestId('session-timeout-dialog')).toBeNull();
  });

  it('warns with the remaining seconds minus two', async () => {
    setup();
    endIn(45_000);
    await tick();
    expect(screen.getByTestId('session-timeout-dialog').textContent).toContain('Your session will timeout in 42 seconds.');
    await tick(10_000);
    expect(screen.getByTestId('session-timeout-dialog').textContent).toContain('Your session will timeout in 32 seconds.');
  });

  it('Continue refreshes the token and restarts the clock', async () => {
    setup();
    endIn(30_000);
    await tick();
    await act(async () => {
      fireEvent.click(screen.getByTestId('session-continue'));
    });
    expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/auth/refresh' && init.method === 'POST')).toBe(true);
    expect(localStorage.getItem('asp.token')).toBe('tok2');
    await tick();
    expect(screen.getByTestId('session-countdown').textContent).toBe('29:59');
  });

  it('logs out when the time is up', async () => {
    const onExpire = setup();
    endIn(1_500);
    await tick(3000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
