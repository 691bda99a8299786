import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@asp/client/api';
import { on } from '@asp/client/events';
import { getToken } from '@asp/client/token';
import { login, logout } from './auth';

// The client itself is tested once, in admin-ui/src/shared/http.test.js; this checks the portal's use of it.

function json(body, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('shared client (@asp/client) as the portal uses it', () => {
  let fetchMock;
  const unsubscribe = [];
  const seen = (type) => {
    const events = [];
    unsubscribe.push(on(type, (payload) => events.push(payload ?? type)));
    return events;
  };

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    while (unsubscribe.length) unsubscribe.pop()();
  });

  it('signs in without a token, stores it under the key shared with the console and sends it afterwards', async () => {
    fetchMock.mockResolvedValueOnce(json({ access_token: 'tok-9', expires_in: 600 }));
    await login('pat', 'secret');
    const [, init] = fetchMock.mock.calls[0];
    expect(init.headers.has('Authorization')).toBe(false);
    expect(JSON.parse(init.body)).toEqual({ username: 'pat', password: 'secret' });
    expect(localStorage.getItem('asp.token')).toBe('tok-9');
    expect(getToken()).toBe('tok-9');

    fetchMock.mockResolvedValueOnce(json({ version: '8.67.5' }));
    expect(await api.get('/api/V1/Version')).toEqual({ version: '8.67.5' });
    expect(fetchMock.mock.calls[1][1].headers.get('Authorization')).toBe('Bearer tok-9');

    fetchMock.mockResolvedValueOnce(json(undefined, 204));
    await logout();
    expect(fetchMock.mock.calls[2][0]).toBe('/api/auth/logout');
    expect(getToken()).toBeNull();
  });

  it('drops the token and raises `unauthorized` (App returns to sign-in) on a 401', async () => {
    localStorage.setItem('asp.token', 'tok');
    const events = seen('unauthorized');
    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'expired' }, 401));
    await expect(api.get('/api/V1/Site/UserContext')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(events).toHaveLength(1);
  });

  it('raises toasts for the Toaster and `offline` for the OfflineDialog', async () => {
    localStorage.setItem('asp.token', 'tok');
    const toasts = seen('notify');
    const offline = seen('offline');
    fetchMock.mockResolvedValueOnce(
      json({ status: 400, errors: [{ field: 'city', errorType: 'required', error: 'City is required' }] }, 400),
    );
    await expect(api.post('/api/V1/Cart/PunchinLocation/Select', {})).rejects.toMatchObject({ status: 400 });
    expect(toasts).toEqual([{ message: 'city: City is required', type: 'error' }]);

    fetchMock.mockResolvedValueOnce(json({ message: 'API disabled' }, 503));
    await expect(api.get('/api/V1/Version')).rejects.toMatchObject({ status: 503 });
    expect(offline).toHaveLength(1);
  });
});

describe('admin-ui/src/shared', () => {
  // The portal is built with its own node_modules only; a bare import in a shared module would be resolved from
  // admin-ui/node_modules (or not at all) and could bring a second copy of a library into this bundle.
  it('holds plain modules that import only each other', () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../admin-ui/src/shared');
    const modules = readdirSync(dir).filter((f) => /\.(js|jsx|mjs)$/.test(f) && !/\.test\./.test(f));
    expect(modules).toEqual(expect.arrayContaining(['api.js', 'events.js', 'http.js', 'token.js']));
    for (const file of modules) {
      const source = readFileSync(join(dir, file), 'utf8');
      const specifiers = [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const specifier of specifiers) expect(`${file}: ${specifier}`).toMatch(/^[\w.]+: \.\/[\w.-]+$/);
    }
  });
});
