// Inactivity and token-refresh rules (spec 1 section 4 "Session and environment", contract "Sign-in").
// The end time and last activity live in localStorage so every open tab of either app shares one clock.
export const INACTIVITY_END_KEY = 'asp.inactivityEndsAt';
export const LAST_ACTIVITY_KEY = 'asp.lastActivityAt';
export const DEFAULT_INACTIVITY_SECONDS = 30 * 60;
export const WARNING_SECONDS = 60;
export const REFRESH_BEFORE_MS = 2 * 60 * 1000;

export function resetInactivity(timeoutSeconds = DEFAULT_INACTIVITY_SECONDS, now = Date.now()) {
  localStorage.setItem(INACTIVITY_END_KEY, String(now + timeoutSeconds * 1000));
  localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
}

export function readInactivityEnd(): number | null {
  return Number(localStorage.getItem(INACTIVITY_END_KEY)) || null;
}

export function readLastActivity(): number {
  return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
}

export function clearInactivity() {
  localStorage.removeItem(INACTIVITY_END_KEY);
  localStorage.removeItem(LAST_ACTIVITY_KEY);
}

/** Whole seconds left before the inactivity logout, never negative. */
export function remainingSeconds(endAt: number | null | undefined, now = Date.now()): number {
  if (!endAt) return 0;
  return Math.max(0, Math.ceil((endAt - now) / 1000));
}

/** The dialog shows two seconds less than the real remainder, so the user never sees 0 before being logged out. */
export function displaySeconds(remaining: number): number {
  return Math.max(0, remaining - 2);
}

export function timeoutMessage(remaining: number): string {
  return `Your session will timeout in ${displaySeconds(remaining)} seconds.`;
}

export function isWarning(remaining: number): boolean {
  return remaining > 0 && remaining < WARNING_SECONDS;
}

/** mm:ss for the app bar indicator (29:59 one second after activity with the default timeout). */
export function formatCountdown(remaining: number): string {
  const s = Math.max(0, Math.floor(remaining));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/**
 * Refresh only when the token is still valid but has under two minutes left, and the user did something since it
 * was issued: an idle user must not be kept signed in by the refresh itself.
 */
export function shouldRefreshToken({
  expiresAt,
  issuedAt,
  lastActivityAt,
  now = Date.now(),
}: {
  expiresAt: number | null | undefined;
  issuedAt: number;
  lastActivityAt: number;
  now?: number;
}): boolean {
  if (!expiresAt) return false;
  const left = expiresAt - now;
  return left > 0 && left < REFRESH_BEFORE_MS && lastActivityAt > issuedAt;
}
