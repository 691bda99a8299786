import { readSsoCode } from './authConfig';
import { exchangeSsoCode } from './authProvider';

const SSO_ERROR_KEY = 'asp.ssoError';

/**
 * Runs before the app mounts: the OIDC callback returns to `<origin>/#sso_code=...`, which the hash router would
 * read as a route. The code is removed from the address first (it is single-use), then exchanged for a token.
 */
export async function completeSsoReturn(loc = window.location, history = window.history) {
  const code = readSsoCode(loc.hash);
  if (!code) return false;
  history.replaceState(null, '', `${loc.pathname}${loc.search}#/`);
  try {
    await exchangeSsoCode(code);
    return true;
  } catch (error) {
    sessionStorage.setItem(SSO_ERROR_KEY, error?.message || 'Single sign-on failed.');
    return false;
  }
}

/** The error of a failed SSO return, shown once on the sign-in page. */
export function takeSsoError() {
  const message = sessionStorage.getItem(SSO_ERROR_KEY);
  if (message) sessionStorage.removeItem(SSO_ERROR_KEY);
  return message;
}
