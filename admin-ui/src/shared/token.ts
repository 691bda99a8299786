// The staff console (/) and the portal (/portal/) both use this module (the portal as `@asp/client/token`), so they
// share the keys and a sign-in in one app holds in the other.
export const TOKEN_KEY = 'asp.token';
export const TOKEN_EXPIRES_KEY = 'asp.tokenExpiresAt';
export const TOKEN_ISSUED_KEY = 'asp.tokenIssuedAt';

/** The part of a token answer (sign-in, refresh, SSO exchange, password update) kept here. */
export interface TokenAnswer {
  access_token: string;
  expires_in?: number | null;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Stores an answer of /api/auth/login, /refresh, /sso/exchange or the password update. */
export function storeToken(answer: Partial<TokenAnswer> | null | undefined, now = Date.now()): void {
  if (!answer || !answer.access_token) throw new Error('The server did not return an access token.');
  localStorage.setItem(TOKEN_KEY, answer.access_token);
  localStorage.setItem(TOKEN_ISSUED_KEY, String(now));
  const seconds = Number(answer.expires_in);
  if (Number.isFinite(seconds) && seconds > 0) {
    localStorage.setItem(TOKEN_EXPIRES_KEY, String(now + seconds * 1000));
  } else {
    localStorage.removeItem(TOKEN_EXPIRES_KEY);
  }
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_EXPIRES_KEY);
  localStorage.removeItem(TOKEN_ISSUED_KEY);
}

/** Reads `exp` from a JWT without verifying it (the server does that); null when the token is opaque. */
export function jwtExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = json && typeof json === 'object' ? (json as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Milliseconds since epoch when the current token expires, or null when unknown. */
export function getTokenExpiry(): number | null {
  const stored = Number(localStorage.getItem(TOKEN_EXPIRES_KEY));
  if (stored > 0) return stored;
  const token = getToken();
  return token ? jwtExpiry(token) : null;
}

export function getTokenIssuedAt(): number {
  return Number(localStorage.getItem(TOKEN_ISSUED_KEY)) || 0;
}
