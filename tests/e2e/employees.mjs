// Browser end-to-end test of the employee screens (issue 9), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18110 node --test tests/e2e/employees.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the `warehouse` user holds EmpView, EmpEdit and
// EmpPinUpdate at the ACME sites; every demo site has employees E1001 Maria Lopez, a supervisor, and E1002 David
// Chen) and Debian's chromium. Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:18110').replace(/\/$/, '');
const USERNAME = process.env.E2E_USER || 'warehouse';
const PASSWORD = process.env.E2E_PASSWORD || 'Demo@pass1';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-artifacts');

const input = (locator) => locator.locator('xpath=descendant-or-self::input').first();
const SEL = {
  loginUsername: (page) => input(page.getByTestId('login-username')),
  loginPassword: (page) => input(page.getByTestId('login-password')),
  loginSubmit: (page) => page.getByTestId('login-submit'),
  homeTitle: (page) => page.getByTestId('home-title'),
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  searchNumber: (page) => input(page.getByTestId('employee-search-number')),
  searchButton: (page) => page.getByTestId('employee-search-button'),
  employeeLink: (page, number) => page.getByTestId(`employee-link-${number}`),
  employeePage: (page) => page.getByTestId('employee-page'),
  number: (page) => page.getByTestId('employee-number'),
  edit: (page) => page.getByTestId('employee-edit'),
  field: (page, name) => page.getByTestId(`employee-${name}`),
  fieldWith: (page, name, text) => page.locator(`[data-testid="employee-${name}"]`, { hasText: text }),
  save: (page) => page.getByTestId('employee-save'),
  pin: (page) => page.getByTestId('employee-pin'),
  pinNew: (page) => page.getByTestId('pin-new'),
  pinConfirm: (page) => page.getByTestId('pin-confirm'),
  pinSave: (page) => page.getByTestId('pin-save'),
  supervisor: (page) => page.getByTestId('employee-supervisor'),
  supervisorDialog: (page) => page.getByTestId('supervisor-dialog'),
  supervisorOption: (page, number) => page.getByTestId(`supervisor-option-${number}`),
  supervisorSave: (page) => page.getByTestId('supervisor-save'),
  popupLink: (page, number) => page.getByTestId(`employee-number-${number}`),
  popup: (page) => page.getByTestId('employee-popup'),
};

let browser;
let context;
let page;
let userDataDir;
const pageErrors = [];

async function scenario(name, fn) {
  try {
    await fn();
  } catch (err) {
    if (page) {
      const file = path.join(ARTIFACTS, `e2e-employees-fail-${name}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`# screenshot of the failure: ${file} (url ${page.url()})`);
    }
    if (pageErrors.length) console.error(`# page errors so far:\n#   ${pageErrors.join('\n#   ')}`);
    throw err;
  }
}

const answered = (method, pattern) => page.waitForResponse((r) => pattern.test(r.url()) && r.request().method() === method);

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  userDataDir = mkdtempSync(path.join(os.tmpdir(), 'asp-e2e-employees-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1440, height: 900 },
  });
  browser = context.browser();
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(String(err)));
});

after(async () => {
  await context?.close().catch(() => {});
  await browser?.close().catch(() => {});
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

test('(a) sign in; Logistics > Employees; search an employee and open it', { timeout: 120_000 }, () =>
  scenario('search', async () => {
    await page.goto(`${BASE_URL}/`);
    await SEL.loginUsername(page).fill(USERNAME);
    await SEL.loginPassword(page).fill(PASSWORD);
    await SEL.loginSubmit(page).click();
    await SEL.homeTitle(page).waitFor({ state: 'visible', timeout: 30_000 });
    await SEL.menuGroup(page, 'Logistics').click();
    await SEL.menuItem(page, 'employees').click();
    await page.waitForURL((u) => u.hash.startsWith('#/employee/search'));
    await SEL.searchNumber(page).fill('E1002');
    const searched = answered('POST', /\/api\/V1\/Employee\/EmployeeSearch$/);
    await SEL.searchButton(page).click();
    assert.equal((await searched).status(), 200);
    await SEL.employeeLink(page, 'E1002').click();
    await page.waitForURL((u) => /^#\/employee\?id=\d+$/.test(u.hash));
    await SEL.fieldWith(page, 'number', 'E1002').waitFor();
  }));

test('(b) edit the employee: the phone is saved and shown', { timeout: 120_000 }, () =>
  scenario('edit', async () => {
    await SEL.edit(page).click();
    const phone = `555-${String(Date.now()).slice(-4)}`;
    await SEL.field(page, 'phone').fill(phone);
    const saved = answered('PUT', /\/api\/V1\/Employee$/);
    await SEL.save(page).click();
    assert.equal((await saved).status(), 200);
    await SEL.fieldWith(page, 'phone', phone).waitFor();
  }));

test('(c) set a PIN: it is stored and the page says a PIN is set', { timeout: 120_000 }, () =>
  scenario('pin', async () => {
    await SEL.pin(page).click();
    await SEL.pinNew(page).fill('2468');
    await SEL.pinConfirm(page).fill('2468');
    const saved = answered('PUT', /\/api\/V1\/Employee\/Pin\/Update\/\d+\/2468$/);
    await SEL.pinSave(page).click();
    assert.equal((await saved).status(), 200);
    await SEL.fieldWith(page, 'has-pin', /^Set$/).waitFor();
  }));

test('(d) name a supervisor; the employee pop-up opens from the supervisor\'s list', { timeout: 120_000 }, () =>
  scenario('supervisor', async () => {
    await SEL.supervisor(page).click();
    await SEL.supervisorDialog(page).getByRole('combobox').click();
    await SEL.supervisorOption(page, 'E1001').click();
    const saved = answered('POST', /\/api\/V1\/Employee\/AddSupervisor$/);
    await SEL.supervisorSave(page).click();
    assert.equal((await saved).status(), 200);
    await SEL.fieldWith(page, 'supervisor-name', 'Lopez, Maria').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-employees.png'), fullPage: true });

    // Maria's page lists David among those she supervises; his number opens the pop-up.
    const search = answered('POST', /\/api\/V1\/Employee\/EmployeeSearch$/);
    await page.goto(`${BASE_URL}/#/employee/search`);
    await search;
    await SEL.searchNumber(page).fill('E1001');
    await SEL.searchButton(page).click();
    await SEL.employeeLink(page, 'E1001').click();
    await SEL.popupLink(page, 'E1002').click();
    await SEL.popup(page).getByText('Chen, David').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-employees-popup.png'), fullPage: true });
    assert.deepEqual(pageErrors, []);
  }));
