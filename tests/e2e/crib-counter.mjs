// Browser end-to-end test of the crib counter (issue 9), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18150 node --test tests/e2e/crib-counter.mjs
// Needs a running `asp serve` with `asp seed --demo` data and Debian's chromium (playwright-core drives
// /usr/bin/chromium; CHROMIUM_PATH overrides). The crib attendant `warehouse` issues at ACME-NORTH; `admin` sets up
// the limit through the API first (an employee group of its own with a daily limit just above one more issue), so
// the test does not depend on what the demo seed drew today. Screenshots go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, apiSession, input, launch, signInUI } from './harness.mjs';

const SITE = 'ACME-NORTH';
const EMPLOYEE = process.env.E2E_EMPLOYEE || 'E1002';

const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  counter: (page) => page.getByTestId('crib-counter'),
  badge: (page) => page.getByTestId('counter-badge'),
  employee: (page) => page.getByTestId('counter-employee'),
  scan: (page) => page.getByTestId('counter-scan'),
  line: (page, i) => page.getByTestId(`counter-line-${i}`),
  qty: (page, i) => page.getByTestId(`counter-qty-${i}`),
  onHand: (page, i) => page.getByTestId(`counter-onhand-${i}`),
  result: (page, i) => page.getByTestId(`counter-result-${i}`),
};

let page;
let scenario;
let pageErrors;
let close;

/** A signed-in API session at SITE. */
const session = (username) => apiSession(username, SITE);

const money = (text, label) => {
  const m = new RegExp(`${label}`).exec(text);
  return m ? Number(m[1]) : NaN;
};

// What the test sets up: the item, and the limit that lets exactly one more issue of it through today.
let item;
let groupName;

before(async () => {
  const admin = await session('admin');
  // A stocked item with a cost (a limit counts extended cost).
  const search = await admin('POST', '/V1/Item/CIP/Search', { pageSize: 50, sortField: 'cip_no', sortDirection: 'asc' });
  assert.equal(search.status, 200, JSON.stringify(search.body));
  const rows = search.body.resultList ?? search.body.itemList ?? [];
  const candidates = rows.filter((r) => Number(r.qty_on_hand) >= 5 && Number(r.cust_avg_cost) > 0);
  assert.ok(candidates.length, 'a stocked CIP with a cost at ACME-NORTH');
  item = candidates[0];

  // A group of our own with a daily limit of 0.01 refuses any issue and says what the employee used today.
  groupName = `E2E CRIB ${Date.now()}`;
  const created = await admin('POST', '/V1/Employee/Group', { description: groupName, group_type: 1, limitDaily: 0.01, limitWeekly: 1e9, limitMonthly: 1e9, limitYearly: 1e9 });
  assert.equal(created.status, 200, `the employee group API answers (grp branch): ${JSON.stringify(created.body)}`);
  const groupId = created.body.employee_group_id ?? created.body.employeeGroupID;
  const assigned = await admin('POST', '/V1/Employee/Group/Assigned/Insert', { employee_group_id: groupId, employeeNumbers: [EMPLOYEE] });
  assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
  const probe = await admin('POST', '/V1/Transaction/Issue', { cip_no: item.cip_no, qty: 1, employee: EMPLOYEE });
  assert.equal(probe.status, 409, `the 0.01 limit refuses: ${JSON.stringify(probe.body)}`);
  const message = String(probe.body.message);
  assert.match(message, new RegExp(`daily limit of employee group ${groupName}`));
  const used = money(message, '([0-9.]+) used');
  const requested = money(message, '([0-9.]+) requested');
  assert.ok(Number.isFinite(used) && requested > 0, message);
  // One issue of 1 fits (used + requested), a second one does not (used + 2 x requested).
  const limit = Math.round((used + requested * 1.5) * 100) / 100;
  const updated = await admin('PUT', '/V1/Employee/Group', { ...created.body, employee_group_id: groupId, description: groupName, limitDaily: limit });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));

  ({ page, scenario, pageErrors, close } = await launch('crib-counter'));
});

after(async () => {
  await close?.();
});

const ISSUE = /\/api\/V1\/Transaction\/Issue$/;

test('the crib attendant opens the crib counter from the menu', { timeout: 120_000 }, () =>
  scenario('open', async () => {
    await signInUI(page, 'warehouse');
    await SEL.menuGroup(page, 'Logistics').click();
    await SEL.menuItem(page, 'cribCounter').click();
    await SEL.counter(page).waitFor();
  }));

test('an issue within the limit posts: on hand goes down and the transaction shows', { timeout: 120_000 }, () =>
  scenario('within', async () => {
    const badge = input(SEL.badge(page));
    await badge.fill(EMPLOYEE);
    await badge.press('Enter');
    await SEL.employee(page).waitFor();
    const scan = input(SEL.scan(page));
    await scan.fill(item.cip_code);
    await scan.press('Enter');
    await SEL.line(page, 0).waitFor();
    const before = Number(await SEL.onHand(page, 0).innerText());
    const answered = page.waitForResponse((r) => ISSUE.test(r.url()));
    await page.keyboard.press('Control+Enter');
    const answer = await answered;
    assert.equal(answer.status(), 200, await answer.text());
    const tran = (await answer.json()).transactions[0];
    await page.waitForFunction(() => document.querySelector('[data-testid="counter-line-0"]')?.getAttribute('data-state') === 'posted');
    const after = Number(await SEL.onHand(page, 0).innerText());
    assert.equal(after, before - 1, 'on hand went down by one');
    assert.match(await SEL.result(page, 0).innerText(), /Posted/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-crib-counter-issued.png'), fullPage: true });

    // The transaction is in the transaction search (the ledger's console screen and its API).
    const warehouse = await session('warehouse');
    const found = await warehouse('GET', `/V1/Transaction/${tran.tran_id}`);
    assert.equal(found.status, 200);
    assert.equal(found.body.employeeNumber, EMPLOYEE);
    await page.goto(`${BASE_URL}/#/transaction?id=${tran.tran_id}`);
    // The page's own title (the app bar keeps a hidden copy of it, and the side bar lists it under Recent).
    await page.getByTestId('page-title').filter({ hasText: String(tran.tran_id) }).waitFor();
    await page.goto(`${BASE_URL}/#/transaction/cribCounter`);
    await SEL.counter(page).waitFor();
  }));

test('an issue passing the limit is refused with the message naming the limit', { timeout: 120_000 }, () =>
  scenario('over', async () => {
    const badge = input(SEL.badge(page));
    await badge.fill(EMPLOYEE);
    await badge.press('Enter');
    await SEL.employee(page).waitFor();
    const scan = input(SEL.scan(page));
    await scan.fill(item.cip_code);
    await scan.press('Enter');
    await SEL.line(page, 0).waitFor();
    const before = await SEL.onHand(page, 0).innerText();
    const answered = page.waitForResponse((r) => ISSUE.test(r.url()));
    await page.keyboard.press('Control+Enter');
    assert.equal((await answered).status(), 409);
    await page.waitForFunction(() => document.querySelector('[data-testid="counter-line-0"]')?.getAttribute('data-state') === 'refused');
    const text = await SEL.result(page, 0).innerText();
    assert.match(text, new RegExp(`This issue would pass the daily limit of employee group ${groupName}`));
    assert.equal(await SEL.onHand(page, 0).innerText(), before, 'nothing moved');
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-crib-counter.png'), fullPage: true });
    assert.deepEqual(pageErrors, []);
  }));
