import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@asp/client/api';
import { on, type EventPayloads, type EventType } from '@asp/client/events';
import { getToken } from '@asp/client/token';
import { SHARED_PACKAGES } from '../../shared-packages';
import { login, logout } from './auth';

// The client itself is tested once, in admin-ui/src/shared/http.test.js; this checks the portal's use of it.

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('shared client (@asp/client) as the portal uses it', () => {
  let fetchMock: Mock<typeof fetch>;
  const unsubscribe: (() => void)[] = [];
  const seen = <T extends EventType>(type: T) => {
    const events: (EventPayloads[T] | T)[] = [];
    unsubscribe.push(on(type, (payload) => events.push(payload ?? type)));
    return events;
  };

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const off of unsubscribe.splice(0)) off();
  });

  it('signs in without a token, stores it under the key shared with the console and sends it afterwards', async () => {
    fetchMock.mockResolvedValueOnce(json({ access_token: 'tok-9', expires_in: 600 }));
    await login('pat', 'secret');
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init?.headers as Headers).has('Authorization')).toBe(false);
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'pat', password: 'secret' });
    expect(localStorage.getItem('asp.token')).toBe('tok-9');
    expect(getToken()).toBe('tok-9');

    fetchMock.mockResolvedValueOnce(json({ version: '8.67.5' }));
    expect(await api.get('/api/V1/Version')).toEqual({ version: '8.67.5' });
    expect((fetchMock.mock.calls[1]![1]?.headers as Headers).get('Authorization')).toBe('Bearer tok-9');

    fetchMock.mockResolvedValueOnce(json(undefined, 204));
    await logout();
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/auth/logout');
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
    expect(toasts).toEqual([{ message: 'City is required', type: 'error' }]);

    fetchMock.mockResolvedValueOnce(json({ message: 'API disabled' }, 503));
    await expect(api.get('/api/V1/Version')).rejects.toMatchObject({ status: 503 });
    expect(offline).toHaveLength(1);
  });
});

// The shared modules' sources, read by Vite at build time of this test.
const SHARED_SOURCES = import.meta.glob<string>(['../../../admin-ui/src/shared/**/*.{ts,tsx}', '!**/*.test.*', '!**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('admin-ui/src/shared', () => {
  // The portal is built with its own node_modules only and resolves exactly SHARED_PACKAGES from there (see
  // vite.config.ts); any other package a shared module imported would come from admin-ui/node_modules, or not at all.
  it('imports only shared modules and the packages the portal provides', () => {
    const files = Object.keys(SHARED_SOURCES).map((path) => path.replace(/^.*\/src\/shared\//, ''));
    expect(files).toEqual(
      expect.arrayContaining(['api.ts', 'events.ts', 'http.ts', 'token.ts', 'sso.ts', 'components/SignInForm.tsx']),
    );
    for (const [path, source] of Object.entries(SHARED_SOURCES)) {
      const file = path.replace(/^.*\/src\/shared\//, '');
      const specifiers = [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const specifier of specifiers) {
        const pkg = /^(@[^/]+\/[^/]+|[^/]+)/.exec(specifier)![1]!;
        const allowed = specifier.startsWith('./') || specifier.startsWith('../') || SHARED_PACKAGES.includes(pkg);
        expect(allowed, `${file} imports ${specifier}`).toBe(true);
      }
    }
  });
});
