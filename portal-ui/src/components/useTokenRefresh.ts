import { useEffect } from 'react';
import { refreshToken, shouldRefreshToken } from '../lib/auth';
import { getTokenExpiry, getTokenIssuedAt } from '@asp/client/token';

// Shared with the staff console so activity in either app counts.
const LAST_ACTIVITY_KEY = 'asp.lastActivityAt';
const EVENTS = ['keydown', 'click', 'wheel'];
const CHECK_MS = 15000;

/** Keeps an active user's 15-minute token alive; an idle user is left to run out (the server ends the session). */
export function useTokenRefresh(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const mark = () => localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    mark();
    EVENTS.forEach((e) => window.addEventListener(e, mark, true));
    let busy = false;
    const timer = setInterval(() => {
      const due = shouldRefreshToken({
        expiresAt: getTokenExpiry(),
        issuedAt: getTokenIssuedAt(),
        lastActivityAt: Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0,
      });
      if (due && !busy) {
        busy = true;
        refreshToken()
          .catch(() => undefined)
          .finally(() => {
            busy = false;
          });
      }
    }, CHECK_MS);
    return () => {
      clearInterval(timer);
      EVENTS.forEach((e) => window.removeEventListener(e, mark, true));
    };
  }, [enabled]);
}
