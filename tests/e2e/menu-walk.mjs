// Every menu entry, as each demo staff user sees it (issue 22 "How to keep it"): opens each entry through the top
// menu, saves a screenshot per entry (test-artifacts/menu-<user>-<entry>.png, the visual check kept as artefacts)
// and fails on a not-found or not-authorized page, a console error, a page error, or a failed request (status >= 400)
// the screen did not ask for. Also checks that the server's menu and the console agree (an entry the console hides
// is one whose screen is not built, never one that refuses the user), and that a portal sign-in that starts in the
// console makes no failed request on its way to the portal.
//   BASE_URL=http://127.0.0.1:18080 node tests/e2e/menu-walk.mjs
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { apiSession, ARTIFACTS, BASE_URL, input, launch, PASSWORD, signInUI } from './harness.mjs';

const STAFF = (process.env.MENU_WALK_USERS || 'buyer,warehouse,admin,support').split(',');

/**
 * Failed requests a screen makes on purpose, as [method, url pattern, status, why]. Keep it short: each line is a
 * screen that asks a question whose "no" is an expected answer.
 */
const ALLOWED_FAILURES = [];

const NOT_OK_TEXT = /not authorized|doesn't exist|page not found/i;
const slug = (s) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Watches a page's console errors, page errors and failed requests; `take()` answers and forgets them. */
function watch(page) {
  let problems = [];
  let inflight = 0;
  let lastActivity = Date.now();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err}`));
  page.on('request', () => {
    inflight += 1;
    lastActivity = Date.now();
  });
  const settle = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', (req) => {
    settle();
    // A navigation away aborts the previous screen's requests; that is not the screen failing.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() < 400) return;
    const method = res.request().method();
    const allowed = ALLOWED_FAILURES.some(([m, url, status]) => m === method && url.test(res.url()) && status === res.status());
    if (!allowed) problems.push(`${res.status()} ${method} ${res.url().replace(BASE_URL, '')}`);
  });
  return {
    take() {
      const seen = problems;
      problems = [];
      return seen;
    },
    /** Waits until no request has been in flight for 700 ms (at most 15 s): the screen has loaded what it shows. */
    async quiet() {
      const end = Date.now() + 15_000;
      while (Date.now() < end) {
        if (inflight === 0 && Date.now() - lastActivity > 700) return;
        await page.waitForTimeout(100);
      }
    },
  };
}

/** Closes an open menu (its invisible backdrop would take the next click). */
async function closeMenus(page) {
  const popovers = page.locator('.MuiPopover-root');
  for (let i = 0; i < 3 && (await popovers.count()); i++) {
    await page.keyboard.press('Escape');
    await popovers.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => {});
  }
}

/** The top menu as the user sees it: [{ group, title, testId, newTab }] for every entry (leaves only). */
async function visibleEntries(page) {
  const entries = [];
  const groups = page.getByTestId('top-menu').locator(':scope > button');
  const count = await groups.count();
  for (let i = 0; i < count; i++) {
    const button = groups.nth(i);
    const group = (await button.textContent()).trim();
    await button.click();
    const menu = page.locator('.MuiPopover-root .MuiMenu-list');
    const opened = await menu.waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false);
    if (!opened) {
      // A group without entries is itself a link.
      entries.push({ group, title: group, testId: await button.getAttribute('data-testid'), isGroup: true });
      await page.goto(`${BASE_URL}/#/`);
      continue;
    }
    for (const item of await menu.locator('[data-testid^="menu-item-"]').all()) {
      entries.push({ group, title: (await item.innerText()).trim(), testId: await item.getAttribute('data-testid') });
    }
    await closeMenus(page);
  }
  return entries;
}

async function openEntry(page, entry) {
  const button = page.getByTestId('top-menu').locator(':scope > button', { hasText: entry.group }).first();
  await button.click();
  if (entry.isGroup) return;
  const item = page.locator('.MuiPopover-root .MuiMenu-list').getByTestId(entry.testId).filter({ hasText: entry.title }).first();
  await item.click();
}

/** The server's entries at any depth that open an in-app route: [{ title, route }]. */
function serverRoutes(items, out = []) {
  for (const item of items || []) {
    if (item.angularRoute) out.push({ title: item.title, route: item.angularRoute });
    serverRoutes(item.subMenuItems, out);
  }
  return out;
}

let session;
let watcher;
after(async () => session?.close());

/** One browser for the whole file, watched from its start. */
async function browser() {
  if (!session) {
    session = await launch('menu-walk');
    watcher = watch(session.page);
  }
  return session.page;
}

for (const user of STAFF) {
  test(`${user}: every menu entry opens its screen without errors`, async () => {
    const page = await browser();
    await watcher.quiet();
    watcher.take();
    await signInUI(page, user);
    await watcher.quiet();
    const atHome = watcher.take();

    const entries = await visibleEntries(page);
    assert.ok(entries.length > 0, `${user} sees no menu entries`);
    const failures = atHome.length ? [`${user} home: ${atHome.join('; ')}`] : [];
    const opened = [];
    for (const entry of entries) {
      const popup = page.context().waitForEvent('page', { timeout: 1_500 }).catch(() => null);
      await openEntry(page, entry);
      const tab = await popup;
      if (tab) {
        // An external page (the API documentation) opens in a new tab: it has to answer, then the tab goes.
        const answer = await page.request.get(tab.url());
        if (answer.status() >= 400) failures.push(`${user} ${entry.group} > ${entry.title}: ${tab.url()} answered ${answer.status()}`);
        await tab.close();
        continue;
      }
      await watcher.quiet();
      const name = `menu-${user}-${slug(entry.group === entry.title ? entry.title : `${entry.group}-${entry.title}`)}`;
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
      const problems = watcher.take();
      const body = await page.locator('#main-content, main').first().innerText().catch(() => '');
      const refused = await page.locator('[data-testid="not-found"], [data-testid="unauthorized"]').count();
      if (refused || NOT_OK_TEXT.test(body)) problems.unshift(`shows "${(body.match(NOT_OK_TEXT) || ['a refusal'])[0]}"`);
      if (problems.length) failures.push(`${user} ${entry.group} > ${entry.title} (${page.url().replace(BASE_URL, '')}): ${problems.join('; ')}`);
      opened.push(entry.title);
    }
    console.log(`# ${user} opened ${opened.length} entries: ${opened.join(', ')}`);
    assert.deepEqual(failures, [], `menu entries that failed:\n${failures.join('\n')}`);
  });

  test(`${user}: the console hides only server menu entries whose screen is not built`, async () => {
    const page = await browser();
    await signInUI(page, user);
    const call = await apiSession(user);
    const context = (await call('GET', '/V1/Site/UserContext')).body;
    const shown = new Set((await visibleEntries(page)).map((e) => e.title));
    const hidden = serverRoutes(context.menuItems).filter((e) => !shown.has(e.title));
    const wrong = [];
    for (const entry of hidden) {
      await page.goto(`${BASE_URL}/#${entry.route}`);
      const notFound = await page.getByTestId('not-found').waitFor({ timeout: 5_000 }).then(() => true, () => false);
      // Hidden but openable (the console's matching is wrong) or hidden because the route refuses the user (the
      // server offers what the screen does not allow: the menu data's permission disagrees with the route's).
      if (!notFound) wrong.push(`${entry.title} ${entry.route}: ${(await page.getByTestId('unauthorized').count()) ? 'the route refuses the user' : 'the screen exists'}`);
    }
    assert.deepEqual(wrong, [], `${user}: server menu entries the console hid for the wrong reason`);
  });
}

test('the side bar: shortcuts, recent records, and the open/closed choice kept as the user setting', async () => {
  const page = await browser();
  await signInUI(page, 'buyer');
  const call = await apiSession('buyer');
  const side = page.locator('.RaSidebar-fixed, .RaSidebar-paper').first();
  // Shortcuts whose screen exists (Item Master, Vendors, My Profile); Requisitions and RFQ are not built yet.
  await side.getByText('Item Master').waitFor();
  assert.equal(await side.getByText('Requisitions').count(), 0);
  await page.goto(`${BASE_URL}/#/transaction?id=1205`);
  await page.locator('#main-content').getByText(/Transaction 1205/).first().waitFor();
  await page.waitForTimeout(2_000);
  await page.goto(`${BASE_URL}/#/homeMain`);
  const recent = side.getByTestId('sidebar-recent').first();
  await recent.waitFor();
  assert.match(await recent.innerText(), /1205/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'menu-buyer-sidebar.png') });

  const saved = page.waitForResponse((r) => /UpdateUserSetting$/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('button', { name: /close menu/i }).first().click();
  assert.equal((await saved).status(), 200);
  const settings = (await call('GET', '/V1/Presentation/UserSettings')).body;
  assert.equal(settings.find((s) => s.setting_key === 'general.ui.useSideNav')?.setting_value, 'false');
  // Another browser (a fresh sign-in clears the stored state) opens with the bar closed.
  await signInUI(page, 'buyer');
  await page.getByRole('button', { name: /open menu/i }).first().waitFor();
  const reopened = page.waitForResponse((r) => /UpdateUserSetting$/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('button', { name: /open menu/i }).first().click();
  assert.equal((await reopened).status(), 200);
  assert.equal((await call('GET', '/V1/Presentation/UserSettings')).body.find((s) => s.setting_key === 'general.ui.useSideNav')?.setting_value, 'true');
});

for (const user of ['customer', 'punchin']) {
  test(`${user}: signing in at the console reaches the portal without a failed request`, async () => {
    const page = await browser();
    const failed = [];
    const onResponse = (res) => res.status() >= 400 && failed.push(`${res.status()} ${res.request().method()} ${res.url().replace(BASE_URL, '')}`);
    page.on('response', onResponse);
    try {
      await page.goto(`${BASE_URL}/`);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.goto(`${BASE_URL}/#/login`);
      await input(page.getByTestId('login-username')).fill(user);
      await input(page.getByTestId('login-password')).fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/portal\//, { timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(ARTIFACTS, `menu-${user}-portal.png`) });
    } finally {
      page.off('response', onResponse);
    }
    assert.deepEqual(failed, [], `${user}: failed requests between the console's sign-in and the portal`);
  });
}
