// Sign-in configuration and the single sign-on round trip, the same in both apps; what differs (where the provider
// returns to, what a new token starts) is passed in by each app.
import { callApi, type Schema } from './api';

export type AuthConfig = Schema<'AuthConfig'>;

const DEFAULTS: AuthConfig = {
  oidcEnabled: false,
  oidcLoginUrl: '/api/auth/oidc/login',
  inactivityTimeoutSeconds: 1800,
  accessTokenSeconds: 900,
  environmentName: '',
};
const SSO_ERROR_KEY = 'asp.ssoError';

let cached: Promise<AuthConfig> | null = null;

/** GET /api/auth/config once per page load; falls back to the documented defaults when it cannot be read. */
export function loadAuthConfig(): Promise<AuthConfig> {
  if (!cached) {
    cached = callApi('get', '/auth/config', { auth: false, quiet: true })
      .then((config) => ({ ...DEFAULTS, ...(config || {}) }))
      .catch(() => {
        // Not kept: the next caller asks again (the API may have been unreachable for a moment).
        cached = null;
        return { ...DEFAULTS };
      });
  }
  return cached;
}

/** Where 'Sign in with SSO' goes; the API comes back to returnTo (a same-site path) with `#sso_code=...`. */
export function ssoLoginUrl(config: Pick<AuthConfig, 'oidcLoginUrl'> | null | undefined, returnTo: string): string {
  const base = config?.oidcLoginUrl || DEFAULTS.oidcLoginUrl;
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}return_to=${encodeURIComponent(returnTo)}`;
}

/** The one-time code the OIDC callback put in the hash (`#sso_code=...`), or null. */
export function readSsoCode(hash: string = window.location.hash): string | null {
  const match = /(?:^#|[#&?])sso_code=([^&]+)/.exec(hash || '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

type AddressBar = Pick<Location, 'hash' | 'pathname' | 'search'>;

/**
 * Runs before the app mounts: the OIDC callback returns to `<app root>#sso_code=...`, which a hash router would read
 * as a route. The code is removed from the address first (it is single-use), then `exchange` trades it for a session
 * (each app starts its session its own way). A failure is kept for the sign-in page (`takeSsoError`).
 */
export async function completeSsoReturn(
  exchange: (code: string) => Promise<unknown>,
  loc: AddressBar = window.location,
  history: Pick<History, 'replaceState'> = window.history,
): Promise<boolean> {
  const code = readSsoCode(loc.hash);
  if (!code) return false;
  history.replaceState(null, '', `${loc.pathname}${loc.search}#/`);
  try {
    await exchange(code);
    return true;
  } catch (error) {
    sessionStorage.setItem(SSO_ERROR_KEY, (error as Error | null)?.message || 'Single sign-on failed.');
    return false;
  }
}

/** POST /api/auth/sso/exchange: the token answer for a one-time code. */
export function redeemSsoCode(code: string): Promise<Schema<'TokenResponse'>> {
  return callApi('post', '/auth/sso/exchange', { body: { code }, auth: false, quiet: true });
}

/** The error of a failed SSO return, shown once on the sign-in page. */
export function takeSsoError(): string | null {
  const message = sessionStorage.getItem(SSO_ERROR_KEY);
  if (message) sessionStorage.removeItem(SSO_ERROR_KEY);
  return message;
}
