// Browser end-to-end test of impersonation in the console (issue 22: support staff start it where they look for it,
// see the banner, and come back), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18080 node tests/e2e/impersonation.mjs
// Needs a running `asp serve` with `asp seed --demo` data (users `support`, provider staff with ImpersonateUsers, and
// `buyer`, Bea Buyer) and Debian's chromium. Screenshots go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, launch, signInUI, postedTo } from './harness.mjs';

const SUPPORT = 'support';
const TARGET = 'buyer';
const TARGET_NAME = 'Bea Buyer (buyer)';

const SEL = {
  userMenu: (page) => page.locator('header .RaUserMenu-userButton, header button[aria-label="Profile"]').first(),
  impersonateItem: (page) => page.getByTestId('impersonate-user'),
  stopItem: (page) => page.getByTestId('stop-impersonating'),
  dialog: (page) => page.getByTestId('impersonate-dialog'),
  picker: (page) => page.getByTestId('impersonate-user').locator('xpath=self::input'),
  option: (page, id) => page.getByTestId(`impersonate-user-option-${id}`),
  continue: (page) => page.getByTestId('impersonate-continue'),
  confirm: (page) => page.getByTestId('confirm-dialog'),
  confirmMessage: (page) => page.getByTestId('confirm-message'),
  confirmOk: (page) => page.getByTestId('confirm-ok'),
  banner: (page) => page.getByTestId('impersonation-banner'),
  returnButton: (page) => page.getByTestId('impersonation-return'),
  rowAction: (page, login) => page.getByTestId(`impersonate-${login}`),
};
const IMPERSONATE = /\/api\/auth\/impersonate$/;
const STOP = /\/api\/auth\/impersonate\/stop$/;

let page;
let scenario;
let pageErrors;
let close;
let targetId;

const shot = (name) => page.screenshot({ path: path.join(ARTIFACTS, `e2e-impersonation-${name}.png`), fullPage: true });

async function openUserMenu() {
  await SEL.userMenu(page).click();
}

/** The banner names the buyer and the support user; the identity in the top bar is the buyer's. */
async function expectActingAsBuyer() {
  await SEL.banner(page).waitFor({ state: 'visible' });
  const text = await SEL.banner(page).innerText();
  assert.match(text, new RegExp(`You are acting as ${TARGET_NAME.replace(/[()]/g, '\\$&')}, signed in as .*\\(${SUPPORT}\\)`));
  assert.match(await page.locator('header').innerText(), /Bea Buyer/, "the top bar shows the buyer's name");
}

async function expectOwnAccountAtUserSearch() {
  await SEL.banner(page).waitFor({ state: 'detached' });
  await page.waitForURL(/#\/users/);
  await SEL.rowAction(page, TARGET).waitFor({ state: 'visible' });
}

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('impersonation'));
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: SUPPORT, password: process.env.E2E_PASSWORD || 'Demo@pass1' }),
  });
  const token = (await login.json()).access_token;
  const found = await fetch(`${BASE_URL}/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: TARGET }))}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(found.status, 200, 'support staff may search the users they may act as');
  targetId = (await found.json()).find((u) => u.user_id === TARGET)?.id;
  assert.ok(targetId, `${TARGET} is found`);
});

after(async () => {
  await close?.();
});

test('a user without ImpersonateUsers is offered none of it', async () => {
  await scenario('buyer', async () => {
    await signInUI(page, TARGET);
    await openUserMenu();
    await page.getByTestId('my-profile').waitFor({ state: 'visible' });
    assert.equal(await SEL.impersonateItem(page).count(), 0, 'no "Impersonate a user..." for the buyer');
    assert.equal(await SEL.stopItem(page).count(), 0);
    await page.keyboard.press('Escape');
    assert.equal(await SEL.banner(page).count(), 0);
  });
});

test('support impersonates the buyer from the user menu, sees the banner, and returns', async () => {
  await scenario('user-menu', async () => {
    await signInUI(page, SUPPORT);
    await openUserMenu();
    await SEL.impersonateItem(page).click();
    await SEL.dialog(page).waitFor({ state: 'visible' });
    await SEL.picker(page).click();
    await SEL.picker(page).fill('Bea');
    const option = SEL.option(page, targetId);
    await option.waitFor({ state: 'visible' });
    assert.match(await option.innerText(), /Bea Buyer \(buyer\) - ACME-/, 'the option says name, login and sites');
    await option.click();
    await SEL.continue(page).click();
    await SEL.confirm(page).waitFor({ state: 'visible' });
    assert.match(await SEL.confirmMessage(page).innerText(), /You will act as Bea Buyer \(buyer\)/);
    const started = postedTo(page, IMPERSONATE, (b) => b.asp_users_id === targetId);
    await SEL.confirmOk(page).click();
    assert.equal((await started).status(), 200);
    await page.waitForURL(/#\/homeMain/);
    await expectActingAsBuyer();
    await shot('acting-as-buyer');

    // The banner stays on other pages.
    await page.goto(`${BASE_URL}/#/user/userSettings/`);
    await expectActingAsBuyer();

    // The user menu offers the way back and no new impersonation.
    await openUserMenu();
    await SEL.stopItem(page).waitFor({ state: 'visible' });
    assert.equal(await SEL.impersonateItem(page).count(), 0);
    await page.keyboard.press('Escape');

    const stopped = postedTo(page, STOP);
    await SEL.returnButton(page).click();
    assert.equal((await stopped).status(), 200);
    await expectOwnAccountAtUserSearch();
    assert.doesNotMatch(await page.locator('header').innerText(), /Bea Buyer/);
  });
});

test('support impersonates the buyer from the user search and returns through the user menu', async () => {
  await scenario('users-list', async () => {
    await page.goto(`${BASE_URL}/#/users`);
    await SEL.rowAction(page, TARGET).click();
    await SEL.confirm(page).waitFor({ state: 'visible' });
    assert.match(await SEL.confirmMessage(page).innerText(), /You will act as Bea Buyer \(buyer\)/);
    const started = postedTo(page, IMPERSONATE, (b) => b.asp_users_id === targetId);
    await SEL.confirmOk(page).click();
    assert.equal((await started).status(), 200);
    await expectActingAsBuyer();

    await openUserMenu();
    const stopped = postedTo(page, STOP);
    await SEL.stopItem(page).click();
    assert.equal((await stopped).status(), 200);
    await expectOwnAccountAtUserSearch();
    await shot('back-at-user-search');
    assert.deepEqual(pageErrors, [], 'no page errors');
  });
});
