// Self-test of server.mjs: plays the relying party of an authorization-code + PKCE (S256) flow over plain HTTP,
// following redirects with a path-aware cookie jar, exactly as a Rust test with reqwest would.
// Run: node --test tests/oidc-provider/selftest.mjs   (or `npm test` in this folder)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const REDIRECT_URI = 'http://127.0.0.1:18081/api/auth/oidc/callback';
const CLIENT_ID = 'asp-test';
const CLIENT_SECRET = 'asp-test-secret';

let child;
let issuer;

before(async () => {
  child = spawn(process.execPath, [path.join(here, 'server.mjs')], {
    env: { ...process.env, OIDC_PORT: '0', OIDC_REDIRECT_URIS: `${REDIRECT_URI},http://localhost:18081/cb`, OIDC_EXIT_WITH_STDIN: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  issuer = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`no READY line within 20 s; got: ${buf}`)), 20_000);
    child.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/^READY (\S+)$/m);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`provider exited early with ${code}`)));
  });
});

after(() => {
  child?.kill('SIGTERM');
});

// ---- a minimal RFC 6265-ish cookie jar (host-only, path-aware, honours deletion) ----
class CookieJar {
  constructor() {
    this.cookies = new Map(); // key `${name}\t${path}` -> {name, value, path}
  }

  store(setCookies, requestUrl) {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let cpath = requestUrl.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = false;
      for (const a of attrs) {
        const [k, v = ''] = a.split('=');
        const key = k.toLowerCase();
        if (key === 'path') cpath = v || '/';
        if (key === 'max-age' && Number(v) <= 0) expired = true;
        if (key === 'expires' && Date.parse(v) <= Date.now()) expired = true;
      }
      const id = `${name}\t${cpath}`;
      if (expired) this.cookies.delete(id);
      else this.cookies.set(id, { name, value, path: cpath });
    }
  }

  header(url) {
    const p = url.pathname;
    return [...this.cookies.values()]
      .filter((c) => p === c.path || p.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

// Follows redirects on the provider until one leaves the issuer (the redirect to our callback).
async function followToCallback(startUrl, jar, maxHops = 10) {
  let url = new URL(startUrl);
  const hops = [];
  for (let i = 0; i < maxHops; i += 1) {
    if (!url.href.startsWith(issuer)) return { callback: url, hops };
    const headers = {};
    const cookie = jar.header(url);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(url, { redirect: 'manual', headers });
    jar.store(res.headers.getSetCookie(), url);
    hops.push(`${res.status} ${url.pathname}`);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      const body = await res.text();
      throw new Error(`expected a redirect at ${url.href}, got ${res.status}: ${body.slice(0, 500)} (hops: ${hops.join(' -> ')})`);
    }
    await res.arrayBuffer().catch(() => {});
    url = new URL(location, url);
  }
  throw new Error(`too many redirects: ${hops.join(' -> ')}`);
}

const b64url = (buf) => Buffer.from(buf).toString('base64url');

function pkcePair() {
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  return { verifier, challenge };
}

async function discovery() {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`);
  assert.equal(res.status, 200);
  return res.json();
}

function authorizeUrl(meta, { challenge, state, nonce, scope = 'openid profile email api1', extra = {} }) {
  const u = new URL(meta.authorization_endpoint);
  const params = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope,
    state,
    nonce,
    ...(challenge ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u;
}

async function exchange(meta, code, verifier) {
  const basic = Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64');
  const res = await fetch(meta.token_endpoint, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }),
  });
  return { status: res.status, body: await res.json() };
}

async function verifyIdToken(meta, idToken) {
  const [h, p, s] = idToken.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url'));
  const jwks = await (await fetch(meta.jwks_uri)).json();
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  assert.ok(jwk, `kid ${header.kid} in JWKS`);
  assert.equal(header.alg, 'RS256');
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(s, 'base64url'));
  assert.ok(ok, 'id_token signature verifies against the JWKS');
  return JSON.parse(Buffer.from(p, 'base64url'));
}

async function login({ account, extra } = {}) {
  const meta = await discovery();
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  const state = b64url(randomBytes(16));
  const nonce = b64url(randomBytes(16));
  let start = authorizeUrl(meta, { challenge, state, nonce, extra });
  if (account) {
    // Choose the account: take the first hop by hand and add ?login= to the interaction URL.
    const res = await fetch(start, { redirect: 'manual' });
    jar.store(res.headers.getSetCookie(), start);
    assert.equal(res.status, 303);
    start = new URL(res.headers.get('location'), start);
    assert.match(start.pathname, /^\/interaction\//);
    start.searchParams.set('login', account);
  }
  const { callback, hops } = await followToCallback(start, jar);
  return { meta, jar, verifier, state, nonce, callback, hops };
}

test('discovery advertises the issuer, S256, client_secret_basic and the api1 scope', async () => {
  const meta = await discovery();
  assert.equal(meta.issuer, issuer);
  assert.match(issuer, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
  assert.ok(meta.token_endpoint_auth_methods_supported.includes('client_secret_basic'));
  for (const s of ['openid', 'profile', 'email', 'api1']) assert.ok(meta.scopes_supported.includes(s), s);
});

test('code + PKCE flow without a browser: alice by default, id_token has sub and email', async () => {
  const { meta, verifier, state, nonce, callback, hops } = await login();
  assert.equal(`${callback.origin}${callback.pathname}`, REDIRECT_URI, `hops: ${hops.join(' -> ')}`);
  assert.equal(callback.searchParams.get('state'), state);
  assert.equal(callback.searchParams.get('iss'), issuer);
  const code = callback.searchParams.get('code');
  assert.ok(code, `callback has a code: ${callback.href}`);

  const { status, body } = await exchange(meta, code, verifier);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.token_type, 'Bearer');
  assert.deepEqual(body.scope.split(' ').sort(), ['api1', 'email', 'openid', 'profile']);

  const claims = await verifyIdToken(meta, body.id_token);
  assert.equal(claims.iss, issuer);
  assert.equal(claims.aud, CLIENT_ID);
  assert.equal(claims.nonce, nonce);
  assert.equal(claims.sub, 'alice');
  assert.equal(claims.email, 'alice@acme.example');
  assert.equal(claims.email_verified, true);
  assert.equal(claims.name, 'Alice Example');

  const me = await fetch(meta.userinfo_endpoint, { headers: { authorization: `Bearer ${body.access_token}` } });
  assert.equal(me.status, 200);
  assert.equal((await me.json()).email, 'alice@acme.example');

  // A code is single use.
  const again = await exchange(meta, code, verifier);
  assert.equal(again.status, 400);
  assert.equal(again.body.error, 'invalid_grant');
});

test('?login=sso-admin signs in the other account', async () => {
  const { meta, verifier, callback } = await login({ account: 'sso-admin' });
  const { status, body } = await exchange(meta, callback.searchParams.get('code'), verifier);
  assert.equal(status, 200, JSON.stringify(body));
  const claims = await verifyIdToken(meta, body.id_token);
  assert.equal(claims.sub, 'sso-admin');
  assert.equal(claims.email, 'sso-admin@acme.example');
});

test('login_hint picks the account too', async () => {
  const { meta, verifier, callback } = await login({ extra: { login_hint: 'sso-admin' } });
  const { body } = await exchange(meta, callback.searchParams.get('code'), verifier);
  assert.equal((await verifyIdToken(meta, body.id_token)).sub, 'sso-admin');
});

test('PKCE is required', async () => {
  const meta = await discovery();
  const jar = new CookieJar();
  const { callback } = await followToCallback(authorizeUrl(meta, { state: 's1', nonce: 'n1' }), jar);
  assert.equal(callback.searchParams.get('error'), 'invalid_request');
  assert.match(callback.searchParams.get('error_description'), /PKCE/);
});

test('a wrong code_verifier is refused', async () => {
  const { meta, callback } = await login();
  const { status, body } = await exchange(meta, callback.searchParams.get('code'), pkcePair().verifier);
  assert.equal(status, 400);
  assert.equal(body.error, 'invalid_grant');
});

test('a wrong client secret is refused', async () => {
  const { meta, verifier, callback } = await login();
  const res = await fetch(meta.token_endpoint, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code'), redirect_uri: REDIRECT_URI, code_verifier: verifier }),
  });
  assert.equal(res.status, 401);
  assert.equal((await res.json()).error, 'invalid_client');
});

test('an unregistered redirect_uri is refused at the provider', async () => {
  const meta = await discovery();
  const u = authorizeUrl(meta, { challenge: pkcePair().challenge, state: 's', nonce: 'n' });
  u.searchParams.set('redirect_uri', 'http://127.0.0.1:1/evil');
  const res = await fetch(u, { redirect: 'manual' });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error, 'invalid_redirect_uri');
});

test('?deny=1 returns access_denied to the client', async () => {
  const meta = await discovery();
  const jar = new CookieJar();
  const start = authorizeUrl(meta, { challenge: pkcePair().challenge, state: 's2', nonce: 'n2' });
  const res = await fetch(start, { redirect: 'manual' });
  jar.store(res.headers.getSetCookie(), start);
  const interaction = new URL(res.headers.get('location'), start);
  interaction.searchParams.set('deny', '1');
  const { callback } = await followToCallback(interaction, jar);
  assert.equal(callback.searchParams.get('error'), 'access_denied');
  assert.equal(callback.searchParams.get('state'), 's2');
});
