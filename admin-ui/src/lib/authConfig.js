import { api } from '../shared/api';

const DEFAULTS = {
  oidcEnabled: false,
  oidcLoginUrl: '/api/auth/oidc/login',
  inactivityTimeoutSeconds: 1800,
  accessTokenSeconds: 900,
};

let cached = null;

/** GET /api/auth/config once per page load; falls back to the documented defaults when it cannot be read. */
export function loadAuthConfig() {
  if (!cached) {
    cached = api
      .get('/api/auth/config', { auth: false, quiet: true })
      .then((config) => ({ ...DEFAULTS, ...(config || {}) }))
      .catch(() => {
        cached = null;
        return { ...DEFAULTS };
      });
  }
  return cached;
}

/** Where the 'Sign in with SSO' button goes; the provider comes back to returnTo with `#sso_code=...`. */
export function ssoLoginUrl(config, returnTo) {
  const base = config?.oidcLoginUrl || DEFAULTS.oidcLoginUrl;
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}return_to=${encodeURIComponent(returnTo)}`;
}

/** The one-time code the OIDC callback put in the hash (`#sso_code=...`), or null. */
export function readSsoCode(hash = window.location.hash) {
  const match = /(?:^#|[#&?])sso_code=([^&]+)/.exec(hash || '');
  return match ? decodeURIComponent(match[1]) : null;
}
