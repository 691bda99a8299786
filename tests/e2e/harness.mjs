// What the browser end-to-end tests share: where the server and the browser are, the launch of Debian's chromium
// (playwright-core never downloads a browser), a failure screenshot around each scenario, the console's sign-in
// form and a signed-in API session at a site. Each test file keeps its own selectors and scenarios.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
export const PASSWORD = process.env.E2E_PASSWORD || 'Demo@pass1';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-artifacts');

/** The input inside a react-admin field wrapper (or the input itself). */
export const input = (locator) => locator.locator('xpath=descendant-or-self::input').first();

/**
 * Starts headless chromium with the flags this machine needs (no sandbox as root, no background networking on a
 * closed network) and a fresh profile. `name` names the profile folder and the failure screenshots. Answers
 * { page, scenario, pageErrors, close }: `scenario(step, fn)` runs fn and, when it throws, saves a screenshot and
 * prints the page errors seen so far (`pageErrors`).
 */
export async function launch(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), `asp-e2e-${name}-chromium-`));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1440, height: 900 },
    // The console shows numbers in the browser's language; the checks read them as en-US writes them.
    locale: 'en-US',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  const scenario = async (step, fn) => {
    try {
      await fn();
    } catch (err) {
      const file = path.join(ARTIFACTS, `e2e-${name}-fail-${step}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`# screenshot of the failure: ${file} (url ${page.url()})`);
      if (pageErrors.length) console.error(`# page errors so far:\n#   ${pageErrors.join('\n#   ')}`);
      throw err;
    }
  };
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(userDataDir, { recursive: true, force: true });
  };
  return { page, scenario, pageErrors, close };
}

/** A request's JSON body (null when it has none or it is not JSON). */
export const requestBody = (req) => {
  try {
    return JSON.parse(req.postData() || 'null');
  } catch {
    return null;
  }
};

/** Waits for the answer to a POST to `url` whose JSON body `accept` takes (start waiting before the click). */
export const postedTo = (page, url, accept = () => true) =>
  page.waitForResponse((r) => url.test(r.url()) && r.request().method() === 'POST' && accept(requestBody(r.request()) ?? {}));

/** Signs in through the console's form (as someone else too: the stored session is dropped first) and waits for the
 * home page. */
export async function signInUI(page, username, password = PASSWORD) {
  // Clear the storage from a page of the same origin that is not the console: opening the console itself would start
  // it with the previous user's token, whose calls (home tiles, usage trend) can answer 401 once that session is gone
  // and be counted against the next user.
  await page.goto(`${BASE_URL}/api/health`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${BASE_URL}/#/login`);
  await input(page.getByTestId('login-username')).fill(username);
  await input(page.getByTestId('login-password')).fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-title').waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * A signed-in API session of `username`, moved to `site` when given (the current site is kept per user on the
 * server, so the console opens there too). Answers `call(method, url, body)` -> { status, body } for URLs under /api.
 */
export async function apiSession(username, site) {
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  assert.equal(login.status, 200, `login as ${username}`);
  const token = (await login.json()).access_token;
  const call = async (method, url, body) => {
    const r = await fetch(`${BASE_URL}/api${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: r.status, body: json };
  };
  if (site) {
    const switched = await call('PUT', '/V1/Site/CurrentSite', { site_code: site });
    assert.equal(switched.status, 200, `${username} to ${site}`);
  }
  return call;
}
