// Browser end-to-end test of the employee screens (issue 9), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18110 node --test tests/e2e/employees.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the `warehouse` user holds EmpView, EmpEdit and
// EmpPinUpdate at the ACME sites; every demo site has employees E1001 Maria Lopez, a supervisor, and E1002 David
// Chen) and Debian's chromium. Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, input, launch, requestBody, signInUI } from './harness.mjs';

const USERNAME = process.env.E2E_USER || 'warehouse';

const SEL = {
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

let page;
let scenario;
let pageErrors;
let close;

const answered = (method, pattern) => page.waitForResponse((r) => pattern.test(r.url()) && r.request().method() === method);

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('employees'));
});

after(async () => {
  await close?.();
});

test('(a) sign in; Logistics > Employees; search an employee and open it', { timeout: 120_000 }, () =>
  scenario('search', async () => {
    await signInUI(page, USERNAME);
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

test('(b2) a default tracking code is picked by name and saved (the id field sent "3" and was refused)', { timeout: 120_000 }, () =>
  scenario('tracking-default', async () => {
    await SEL.edit(page).click();
    // No field asks for an internal id any more: the level's name labels a searchable picker.
    assert.equal(await page.getByLabel(/\(id\)/).count(), 0, 'no "(id)" field in the employee form');
    const picker = SEL.field(page, 'track1');
    await picker.click();
    await picker.fill('Quality');
    await page.locator('[data-testid^="employee-track1-option-"]', { hasText: 'Quality lab (CC-4400)' }).click();
    assert.equal(await picker.inputValue(), 'Quality lab (CC-4400)');
    const saved = answered('PUT', /\/api\/V1\/Employee$/);
    await SEL.save(page).click();
    const answer = await saved;
    assert.equal(answer.status(), 200, await answer.text());
    const body = requestBody(answer.request());
    assert.equal(typeof body.track1, 'number', `track1 is sent as a number: ${JSON.stringify(body.track1)}`);
    await SEL.fieldWith(page, 'default-track1', 'Quality lab (CC-4400)').waitFor();

    // Spot check: no value on the page is an internal id (the employee's, the code's, the site's) where a name exists.
    const employee = (await answer.json()).employee;
    const text = await SEL.employeePage(page).innerText();
    const cells = text.split(/[\n\t]/).map((c) => c.trim());
    for (const id of [employee.employeeID, body.track1, employee.site_id]) {
      assert.ok(!cells.includes(String(id)), `internal id ${id} is not shown on its own`);
    }
    assert.match(text, /Cost Centre/);
    // The history names the level and the code too, not 'Track 1' and the code's id.
    await page.getByTestId('employee-history-list-changes').filter({ hasText: '-> Quality lab (CC-4400)' }).first().waitFor();
    const history = await page.getByTestId('employee-history-list').innerText();
    assert.match(history, /Default Cost Centre: [^\n]* -> Quality lab \(CC-4400\)/);
    assert.doesNotMatch(history, /Track ?1\b/i, 'no track1 key in the history');
    assert.doesNotMatch(history, new RegExp(`-> ${body.track1}\\b`), 'no tracking code id in the history');
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-employees-tracking.png'), fullPage: true });
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
