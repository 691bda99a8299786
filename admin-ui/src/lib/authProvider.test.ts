import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { authProvider } from './authProvider';
import { api } from '../shared/api';
import { on } from '../shared/events';
import { getToken, getTokenExpiry } from '../shared/token';
import { userContextStore } from './userContext';

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const CONTEXT = {
  currentUser: { asp_users_id: 3, user_id: 'buyer', fname: 'Bea', lname: 'Buyer' },
  currentSite: { site_id: 1, siteCode: 'ACME-N' },
  availableSites: [],
  permissions: [{ permission_name: 'BasicAccess', security_permission_id: 1 }],
};

describe('authProvider', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    userContextStore.clear();
    fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/login') return json({ access_token: 'new-token', token_type: 'Bearer', expires_in: 900 });
      if (url === '/api/auth/config') return json({ oidcEnabled: false, inactivityTimeoutSeconds: 1800 });
      if (url.startsWith('/api/V1/Site/UserContext')) return json(CONTEXT);
      if (url === '/api/auth/logout') return json(undefined, 204);
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('login stores the token and its expiry', async () => {
    const before = Date.now();
    await authProvider.login({ username: 'buyer', password: 'pw' });
    expect(getToken()).toBe('new-token');
    expect(getTokenExpiry()).toBeGreaterThanOrEqual(before + 900_000);
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/auth/login') ?? [];
    expect(JSON.parse(init.body)).toEqual({ username: 'buyer', password: 'pw' });
    expect(init.headers.has('Authorization')).toBe(false);
  });

  it('login failure surfaces the server message', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Invalid username or password.' }, 401));
    await expect(authProvider.login({ username: 'x', password: 'y' })).rejects.toThrow('Invalid username or password.');
    expect(getToken()).toBeNull();
  });

  it('checkError logs out on 401 and keeps the session on 403', async () => {
    localStorage.setItem('asp.token', 'tok');
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(getToken()).toBe('tok');
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('a 401 from any shell call drops the token and asks the shell to log out', async () => {
    localStorage.setItem('asp.token', 'tok');
    const unauthorized = vi.fn();
    const off = on('unauthorized', unauthorized);
    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'expired' }, 401));
    await expect(api.get('/api/V1/Presentation/HomepageTiles')).rejects.toMatchObject({ status: 401 });
    off();
    expect(getToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('getPermissions and getIdentity come from the user context', async () => {
    localStorage.setItem('asp.token', 'tok');
    expect(await authProvider.getPermissions()).toEqual(['BasicAccess']);
    expect(await authProvider.getIdentity()).toEqual({ id: 3, fullName: 'Bea Buyer' });
    expect(fetchMock.mock.calls.filter(([u]) => u.startsWith('/api/V1/Site/UserContext'))).toHaveLength(1);
  });

  it('checkAuth refuses a missing or expired token', async () => {
    await expect(authProvider.checkAuth()).rejects.toBeTruthy();
    localStorage.setItem('asp.token', 'tok');
    localStorage.setItem('asp.tokenExpiresAt', String(Date.now() - 1));
    await expect(authProvider.checkAuth()).rejects.toBeTruthy();
    localStorage.setItem('asp.token', 'tok');
    localStorage.setItem('asp.tokenExpiresAt', String(Date.now() + 60_000));
    await expect(authProvider.checkAuth()).resolves.toBeUndefined();
  });

  it('logout revokes the session server-side and forgets it locally', async () => {
    localStorage.setItem('asp.token', 'tok');
    await authProvider.logout();
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/auth/logout') ?? [];
    expect(init.method).toBe('POST');
    expect(init.headers.get('Authorization')).toBe('Bearer tok');
    expect(getToken()).toBeNull();
  });
});
