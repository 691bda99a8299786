import { describe, expect, it } from 'vitest';
import {
  displaySeconds,
  formatCountdown,
  isWarning,
  readInactivityEnd,
  remainingSeconds,
  resetInactivity,
  shouldRefreshToken,
  timeoutMessage,
} from './session';

describe('inactivity countdown', () => {
  it('shows the remaining seconds minus two', () => {
    expect(timeoutMessage(59)).toBe('Your session will timeout in 57 seconds.');
    expect(timeoutMessage(10)).toBe('Your session will timeout in 8 seconds.');
  });

  it('never shows a negative number', () => {
    expect(displaySeconds(2)).toBe(0);
    expect(displaySeconds(1)).toBe(0);
    expect(timeoutMessage(0)).toBe('Your session will timeout in 0 seconds.');
  });

  it('warns only in the last minute', () => {
    expect(isWarning(60)).toBe(false);
    expect(isWarning(59)).toBe(true);
    expect(isWarning(1)).toBe(true);
    expect(isWarning(0)).toBe(false);
  });

  it('counts whole seconds from the stored end time', () => {
    resetInactivity(1800, 1_000_000);
    expect(readInactivityEnd()).toBe(1_000_000 + 1_800_000);
    expect(remainingSeconds(readInactivityEnd(), 1_000_000 + 1000)).toBe(1799);
    expect(remainingSeconds(readInactivityEnd(), 1_000_000 + 1_741_500)).toBe(59);
    expect(remainingSeconds(readInactivityEnd(), 1_000_000 + 1_900_000)).toBe(0);
  });

  it('formats the app bar indicator as mm:ss', () => {
    expect(formatCountdown(1799)).toBe('29:59');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(0)).toBe('00:00');
  });
});

describe('shouldRefreshToken', () => {
  const now = 10_000_000;
  it('refreshes an active user whose token has under two minutes left', () => {
    expect(shouldRefreshToken({ expiresAt: now + 119_000, issuedAt: now - 780_000, lastActivityAt: now - 5000, now })).toBe(true);
  });
  it('waits while more than two minutes remain', () => {
    expect(shouldRefreshToken({ expiresAt: now + 121_000, issuedAt: now - 779_000, lastActivityAt: now, now })).toBe(false);
  });
  it('lets an idle user run out', () => {
    expect(shouldRefreshToken({ expiresAt: now + 60_000, issuedAt: now - 840_000, lastActivityAt: now - 850_000, now })).toBe(false);
  });
  it('does not try with an expired or unknown token', () => {
    expect(shouldRefreshToken({ expiresAt: now - 1, issuedAt: 0, lastActivityAt: now, now })).toBe(false);
    expect(shouldRefreshToken({ expiresAt: null, issuedAt: 0, lastActivityAt: now, now })).toBe(false);
  });
});
