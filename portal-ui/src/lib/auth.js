import { api } from '@asp/client/api';
import { clearToken, getToken, storeToken } from '@asp/client/token';

const DEFAULT_CONFIG = { oidcEnabled: false, oidcLoginUrl: '/api/auth/oidc/login' };
const SSO_ERROR_KEY = 'asp.ssoError';
export const REFRESH_BEFORE_MS = 2 * 60 * 1000;

export async function loadAuthConfig() {
  try {
    return { ...DEFAULT_CONFIG, ...((await api.get('/api/auth/config', { auth: false, quiet: true })) || {}) };
  } catch {
    return { ...DEFAULT_CONFIG };
  }
}

/** The SSO round trip comes back to the portal itself, not to the staff console. */
export function portalRoot(loc = window.location) {
  return `${loc.origin}/portal/`;
}

export function ssoLoginUrl(config, returnTo) {
  const base = config?.oidcLoginUrl || DEFAULT_CONFIG.oidcLoginUrl;
  return `${base}${base.includes('?') ? '&' : '?'}return_to=${encodeURIComponent(returnTo)}`;
}

export function readSsoCode(hash) {
  const match = /(?:^#|[#&?])sso_code=([^&]+)/.exec(hash || '');
  return match ? decodeURIComponent(match[1]) : null;
}

export async function login(username, password) {
  storeToken(await api.post('/api/auth/login', { username, password }, { auth: false, quiet: true }));
}

export async function logout() {
  if (getToken()) await api.post('/api/auth/logout', undefined, { quiet: true }).catch(() => undefined);
  clearToken();
}

export async function refreshToken() {
  storeToken(await api.post('/api/auth/refresh'));
}

/**
 * Runs before the app mounts: the OIDC callback lands on `/portal/#sso_code=...`, which the hash router would read
 * as a route; the single-use code leaves the address first, then is exchanged for a token.
 */
export async function completeSsoReturn(loc = window.location, history = window.history) {
  const code = readSsoCode(loc.hash);
  if (!code) return false;
  history.replaceState(null, '', `${loc.pathname}${loc.search}#/`);
  try {
    storeToken(await api.post('/api/auth/sso/exchange', { code }, { auth: false, quiet: true }));
    return true;
  } catch (error) {
    sessionStorage.setItem(SSO_ERROR_KEY, error?.message || 'Single sign-on failed.');
    return false;
  }
}

export function takeSsoError() {
  const message = sessionStorage.getItem(SSO_ERROR_KEY);
  if (message) sessionStorage.removeItem(SSO_ERROR_KEY);
  return message;
}

/** Same rule as the staff console: refresh a token with under two minutes left if the user did something since. */
export function shouldRefreshToken({ expiresAt, issuedAt, lastActivityAt, now = Date.now() }) {
  if (!expiresAt) return false;
  const left = expiresAt - now;
  return left > 0 && left < REFRESH_BEFORE_MS && lastActivityAt > issuedAt;
}
