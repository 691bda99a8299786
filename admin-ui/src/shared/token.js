// The staff console (/) and the portal (/portal/) both use this module (the portal as `@asp/client/token`), so they
// share the keys and a sign-in in one app holds in the other.
export const TOKEN_KEY = 'asp.token';
export const TOKEN_EXPIRES_KEY = 'asp.tokenExpiresAt';
export const TOKEN_ISSUED_KEY = 'asp.tokenIssuedAt';

export function getToken() {
  return localStorage.getItem(TOKEN_KEY);
}

/** Stores an answer of /api/auth/login, /refresh, /sso/exchange or the password update. */
export function storeToken(answer, now = Date.now()) {
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

export function clearToken() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_EXPIRES_KEY);
  localStorage.removeItem(TOKEN_ISSUED_KEY);
}

/** Reads `exp` from a JWT without verifying it (the server does that); null when the token is opaque. */
export function jwtExpiry(token) {
  try {
    const payload = token.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Milliseconds since epoch when the current token expires, or null when unknown. */
export function getTokenExpiry() {
  const stored = Number(localStorage.getItem(TOKEN_EXPIRES_KEY));
  if (stored > 0) return stored;
  const token = getToken();
  return token ? jwtExpiry(token) : null;
}

export function getTokenIssuedAt() {
  return Number(localStorage.getItem(TOKEN_ISSUED_KEY)) || 0;
}
