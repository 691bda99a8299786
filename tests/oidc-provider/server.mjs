// Local OpenID Connect provider for ASP's SSO tests. A test double, never for production.
//
// Environment:
//   OIDC_PORT           port to listen on (default 9400; 0 = an ephemeral port, read it from the READY line)
//   OIDC_HOST           address to bind (default 127.0.0.1); the issuer is always http://127.0.0.1:<port>
//   OIDC_REDIRECT_URIS  comma separated redirect URIs of the client asp-test
//                       (default http://127.0.0.1:18080/api/auth/oidc/callback)
//   OIDC_AUTO_LOGIN     account signed in when /interaction/:uid carries no ?login= (default alice;
//                       set it to an empty string to get an HTML page that lists the accounts instead)
//   OIDC_EXTRA_ACCOUNTS JSON object {"id": {"email": ..., "name": ...}, ...} merged into the account store
//   OIDC_DEBUG=1        log every request on stderr
//   OIDC_EXIT_WITH_STDIN=1  exit when stdin reaches EOF (spawn with a piped stdin; the child then dies with
//                       the test process even if the test panics before killing it)
//
// Prints `READY http://127.0.0.1:<port>` on stdout once it answers requests.
// See README.md for how a test drives it without a browser.
import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import Provider, { errors } from 'oidc-provider';

const HOST = process.env.OIDC_HOST || '127.0.0.1';
const PORT = Number.parseInt(process.env.OIDC_PORT ?? '9400', 10);
const REDIRECT_URIS = (process.env.OIDC_REDIRECT_URIS || 'http://127.0.0.1:18080/api/auth/oidc/callback')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const AUTO_LOGIN = process.env.OIDC_AUTO_LOGIN ?? 'alice';
const DEBUG = process.env.OIDC_DEBUG === '1';

export const CLIENT_ID = 'asp-test';
export const CLIENT_SECRET = 'asp-test-secret';
const SCOPES = ['openid', 'profile', 'email', 'api1'];

// In-memory account store. `sub` is the account id.
const ACCOUNTS = {
  alice: {
    email: 'alice@acme.example',
    email_verified: true,
    name: 'Alice Example',
    given_name: 'Alice',
    family_name: 'Example',
    preferred_username: 'alice',
  },
  'sso-admin': {
    email: 'sso-admin@acme.example',
    email_verified: true,
    name: 'SSO Admin',
    given_name: 'SSO',
    family_name: 'Admin',
    preferred_username: 'sso-admin',
  },
};
if (process.env.OIDC_EXTRA_ACCOUNTS) {
  Object.assign(ACCOUNTS, JSON.parse(process.env.OIDC_EXTRA_ACCOUNTS));
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

function buildProvider(issuer) {
  // A fresh signing key per run: relying parties must fetch the JWKS (as they should).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'asp-test-rs256', alg: 'RS256', use: 'sig' };

  const configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: REDIRECT_URIS,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    // Put the scope-requested claims into the id_token too, not only into /me.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: ['asp-test-cookie-key-1', 'asp-test-cookie-key-2'] },
    features: {
      devInteractions: { enabled: false },
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, id) {
      const account = ACCOUNTS[id];
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, ...account };
        },
      };
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  };

  const provider = new Provider(issuer, configuration);
  if (DEBUG) {
    provider.on('server_error', (_ctx, err) => console.error('server_error', err));
    provider.on('authorization.error', (_ctx, err) => console.error('authorization.error', err.message, err.error_description));
    provider.on('grant.error', (_ctx, err) => console.error('grant.error', err.message, err.error_description));
  }
  return provider;
}

// GET /interaction/:uid[?login=<account>][&deny=1]: finishes login and consent at once and redirects back
// to the authorization endpoint, which then redirects to the client's redirect_uri.
async function handleInteraction(provider, req, res, url) {
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch (err) {
    return send(res, 400, `interaction not found or expired: ${err.message}\n`);
  }
  const { prompt, params, session } = details;

  if (url.searchParams.get('deny') === '1') {
    return provider.interactionFinished(req, res, {
      error: 'access_denied',
      error_description: 'the test user denied the request',
    }, { mergeWithLastSubmission: false });
  }

  let accountId = session?.accountId;
  const result = {};
  if (prompt.name === 'login' || !accountId) {
    accountId = url.searchParams.get('login')
      || (params.login_hint && ACCOUNTS[params.login_hint] ? params.login_hint : '')
      || AUTO_LOGIN;
    if (!accountId) {
      const links = Object.keys(ACCOUNTS)
        .map((id) => `<li><a href="/interaction/${escapeHtml(details.uid)}?login=${encodeURIComponent(id)}">${escapeHtml(id)}</a></li>`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(`<!doctype html><title>Test sign-in</title><h1>Sign in as</h1><ul>${links}</ul>`);
    }
    if (!ACCOUNTS[accountId]) {
      return send(res, 400, `unknown test account: ${accountId}\n`);
    }
    result.login = { accountId, remember: false };
  }

  // Consent: grant everything that was asked for (scopes, claims and resource scopes).
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: params.client_id });
  if (prompt.name === 'consent') {
    const d = prompt.details;
    if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
    if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
    if (d.missingResourceScopes) {
      for (const [indicator, scopes] of Object.entries(d.missingResourceScopes)) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
  } else {
    const requested = String(params.scope || '').split(' ').filter((s) => SCOPES.includes(s));
    if (requested.length) grant.addOIDCScope(requested.join(' '));
    if (params.claims) {
      const claims = JSON.parse(params.claims);
      const names = [...Object.keys(claims.id_token || {}), ...Object.keys(claims.userinfo || {})];
      if (names.length) grant.addOIDCClaims(names);
    }
  }
  result.consent = { grantId: await grant.save() };

  return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

async function main() {
  let provider;
  let providerCallback;
  const server = http.createServer(async (req, res) => {
    if (DEBUG) console.error(req.method, req.url);
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      if (!provider) return send(res, 503, 'starting\n');
      if (req.method === 'GET' && /^\/interaction\/[^/]+\/?$/.test(url.pathname)) {
        return await handleInteraction(provider, req, res, url);
      }
      if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, 'ok\n');
      return providerCallback(req, res);
    } catch (err) {
      console.error('request failed:', err);
      if (!res.headersSent) send(res, err instanceof errors.OIDCProviderError ? err.statusCode : 500, `${err.message}\n`);
      else res.end();
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORT, HOST, resolve);
  });
  const port = server.address().port;
  const issuer = `http://127.0.0.1:${port}`;
  provider = buildProvider(issuer);
  providerCallback = provider.callback();

  process.stdout.write(`READY ${issuer}\n`);

  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // A test that spawns this with a piped stdin can rely on it exiting when the test process goes away.
  if (process.env.OIDC_EXIT_WITH_STDIN === '1') {
    process.stdin.on('end', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
