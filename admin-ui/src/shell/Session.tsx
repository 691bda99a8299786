import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, Tooltip } from '@mui/material';
import { useLogout } from 'react-admin';
import { loadAuthConfig } from '../lib/authConfig';
import { refreshToken } from '../lib/authProvider';
import { getTokenExpiry, getTokenIssuedAt } from '../shared/token';
import {
  DEFAULT_INACTIVITY_SECONDS,
  formatCountdown,
  isWarning,
  readInactivityEnd,
  readLastActivity,
  remainingSeconds,
  resetInactivity,
  shouldRefreshToken,
  timeoutMessage,
} from '../lib/session';

interface SessionClock {
  /** Seconds before the inactivity sign-out. */
  remaining: number;
  /** The timeout dialog's Continue: restarts the clock and refreshes the token. */
  keepAlive: () => Promise<void>;
}

const SessionCtx = createContext<SessionClock>({ remaining: DEFAULT_INACTIVITY_SECONDS, keepAlive: async () => {} });
const ACTIVITY_EVENTS = ['keydown', 'click', 'wheel'] as const;

/**
 * Runs the inactivity clock (keys, clicks and wheel reset it; checked every second) and the token refresh (when
 * under two minutes of token life remain and the user was active). Logs out when the clock reaches zero.
 */
export function useSessionClock({ onExpire, tickMs = 1000 }: { onExpire?: () => void; tickMs?: number }): SessionClock {
  const timeoutRef = useRef(DEFAULT_INACTIVITY_SECONDS);
  const lastResetRef = useRef(0);
  const refreshingRef = useRef(false);
  const expiredRef = useRef(false);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;
  const [remaining, setRemaining] = useState(() => remainingSeconds(readInactivityEnd()) || DEFAULT_INACTIVITY_SECONDS);

  const reset = useCallback(() => {
    lastResetRef.current = Date.now();
    resetInactivity(timeoutRef.current);
    setRemaining(timeoutRef.current);
  }, []);

  useEffect(() => {
    let cancelled = false;
    reset();
    loadAuthConfig().then((config) => {
      if (cancelled) return;
      const seconds = Number(config.inactivityTimeoutSeconds);
      if (seconds > 0 && seconds !== timeoutRef.current) {
        timeoutRef.current = seconds;
        reset();
      }
    });
    // Writing localStorage on every wheel tick is wasteful; once a second is as precise as the clock.
    const onActivity = () => {
      if (Date.now() - lastResetRef.current >= 1000) reset();
    };
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, onActivity, true));

    const timer = setInterval(() => {
      const now = Date.now();
      const left = remainingSeconds(readInactivityEnd(), now);
      setRemaining(left);
      if (left <= 0) {
        if (!expiredRef.current) {
          expiredRef.current = true;
          onExpireRef.current?.();
        }
        return;
      }
      const due = shouldRefreshToken({
        expiresAt: getTokenExpiry(),
        issuedAt: getTokenIssuedAt(),
        lastActivityAt: readLastActivity(),
        now,
      });
      if (due && !refreshingRef.current) {
        refreshingRef.current = true;
        refreshToken()
          .catch(() => undefined) // a 401 here already logs out through the http client
          .finally(() => {
            refreshingRef.current = false;
          });
      }
    }, tickMs);

    return () => {
      cancelled = true;
      clearInterval(timer);
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, onActivity, true));
    };
  }, [reset, tickMs]);

  const keepAlive = useCallback(async () => {
    reset();
    await refreshToken();
  }, [reset]);

  return { remaining, keepAlive };
}

export function SessionClockProvider({ onExpire, tickMs, children }: { onExpire?: () => void; tickMs?: number; children: ReactNode }) {
  const value = useSessionClock({ onExpire, tickMs });
  return <SessionCtx.Provider value={value}>{children}</SessionCtx.Provider>;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const logout = useLogout();
  return <SessionClockProvider onExpire={() => logout()}>{children}</SessionClockProvider>;
}

export const useSession = () => useContext(SessionCtx);

export function InactivityDialog() {
  const { remaining, keepAlive } = useSession();
  return (
    <Dialog open={isWarning(remaining)} disableEscapeKeyDown data-testid="session-timeout-dialog">
      <DialogContent>
        <DialogContentText>{timeoutMessage(remaining)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => keepAlive().catch(() => undefined)} data-testid="session-continue">
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function SessionCountdown() {
  const { remaining } = useSession();
  return (
    <Tooltip title="Time until automatic sign-out">
      <Box component="span" sx={{ mx: 1, fontVariantNumeric: 'tabular-nums' }} data-testid="session-countdown">
        {formatCountdown(remaining)}
      </Box>
    </Tooltip>
  );
}
