import type { AuthProvider } from 'react-admin';
import { callApi } from '../shared/api';
import type { TokenAnswer } from '../shared/token';
import { loadAuthConfig } from './authConfig';
import { clearToken, getToken, getTokenExpiry, storeToken } from '../shared/token';
import { clearInactivity, resetInactivity } from './session';
import { permissionNames, userContextStore } from './userContext';
import { readNavSiteCode, stripNavSiteCode } from './sites';

/** First context load of a page: honours `aspNav_siteCode` in the address, then removes it. */
export async function ensureUserContext() {
  const context = await userContextStore.ensure(readNavSiteCode());
  stripNavSiteCode();
  return context;
}

async function startSession(answer: TokenAnswer) {
  storeToken(answer);
  userContextStore.clear();
  const config = await loadAuthConfig();
  resetInactivity(config.inactivityTimeoutSeconds);
}

export async function exchangeSsoCode(code: string): Promise<void> {
  const answer = await callApi('post', '/auth/sso/exchange', { body: { code }, auth: false, quiet: true });
  await startSession(answer);
}

function endLocalSession() {
  clearToken();
  clearInactivity();
  userContextStore.clear();
}

export const authProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const answer = await callApi('post', '/auth/login', { body: { username, password }, auth: false, quiet: true });
    await startSession(answer);
  },

  async logout() {
    if (getToken()) {
      // Revoke server-side; a failure (already expired, API down) must not keep the user signed in here.
      await callApi('post', '/auth/logout', { quiet: true }).catch(() => undefined);
    }
    endLocalSession();
  },

  async checkAuth() {
    const token = getToken();
    const expiry = getTokenExpiry();
    if (!token || (expiry && expiry <= Date.now())) {
      endLocalSession();
      throw new Error('Not signed in');
    }
  },

  async checkError(error: unknown) {
    if ((error as { status?: number } | null)?.status === 401) {
      endLocalSession();
      throw error;
    }
    // 403 and the rest leave the session alone: they are shown as toasts by the http client.
  },

  async getPermissions() {
    if (!getToken()) return [];
    return permissionNames(await ensureUserContext());
  },

  async getIdentity() {
    const context = await ensureUserContext();
    const user: Partial<typeof context.currentUser> = context?.currentUser || {};
    const fullName = [user.fname, user.lname].filter(Boolean).join(' ') || user.user_id;
    return { id: user.asp_users_id ?? '', fullName };
  },
} satisfies AuthProvider;

/** POST /api/auth/refresh: new token for the same session (also the timeout dialog's Continue). */
export async function refreshToken() {
  storeToken(await callApi('post', '/auth/refresh'));
}
