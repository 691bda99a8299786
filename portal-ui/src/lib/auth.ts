import { callApi } from '@asp/client/api';
import { completeSsoReturn as completeSharedSsoReturn, redeemSsoCode } from '@asp/client/sso';
import { clearToken, getToken, storeToken } from '@asp/client/token';

export const REFRESH_BEFORE_MS = 2 * 60 * 1000;

/**
 * The SSO round trip comes back to the portal itself, not to the staff console: the path the API serves the portal
 * at (the API takes only same-site paths).
 */
export const PORTAL_ROOT = '/portal/';

export async function login(username: string, password: string): Promise<void> {
  storeToken(await callApi('post', '/auth/login', { body: { username, password }, auth: false, quiet: true }));
}

export async function logout(): Promise<void> {
  if (getToken()) await callApi('post', '/auth/logout', { quiet: true }).catch(() => undefined);
  clearToken();
}

export async function refreshToken(): Promise<void> {
  storeToken(await callApi('post', '/auth/refresh'));
}

/**
 * Runs before the app mounts: the OIDC callback lands on `/portal/#sso_code=...`; the portal's session is just the
 * token (the console also starts its inactivity timer and user context there).
 */
export function completeSsoReturn(loc?: Location, history?: History): Promise<boolean> {
  return completeSharedSsoReturn(async (code) => storeToken(await redeemSsoCode(code)), loc, history);
}

export interface RefreshState {
  expiresAt: number | null;
  issuedAt: number;
  lastActivityAt: number;
  now?: number;
}

/** Same rule as the staff console: refresh a token with under two minutes left if the user did something since. */
export function shouldRefreshToken({ expiresAt, issuedAt, lastActivityAt, now = Date.now() }: RefreshState): boolean {
  if (!expiresAt) return false;
  const left = expiresAt - now;
  return left > 0 && left < REFRESH_BEFORE_MS && lastActivityAt > issuedAt;
}
