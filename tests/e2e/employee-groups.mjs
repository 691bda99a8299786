// Browser end-to-end test of the Employee Groups screens (issue 9), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18120 node --test tests/e2e/employee-groups.mjs
// Needs a running `asp serve` with `asp seed --demo` data: the `warehouse` user holds EmployeeGroupView and
// EmployeeGroupEdit at the ACME sites, whose demo groups are MAINT, PROD, QA and SUPERVISORS
// (api/src/seed/employee_groups.rs), and whose employees include E1001-E1003. Drives Debian's /usr/bin/chromium
// through playwright-core. Screenshots go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, apiSession, input, launch, signInUI } from './harness.mjs';

const USERNAME = process.env.E2E_GROUP_USER || 'warehouse';

// Selectors (admin-ui/src/people/README.md lists the data-testids).
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  searchButton: (page) => page.getByTestId('group-search-button'),
  groupLink: (page, name) => page.getByTestId(`group-link-${name}`),
  detail: (page) => page.getByTestId('group-detail'),
  edit: (page) => page.getByTestId('group-edit'),
  weekly: (page) => page.getByTestId('group-limitWeekly'),
  save: (page) => page.getByTestId('group-save'),
  weeklyShown: (page) => page.getByTestId('group-limit-weekly'),
  tab: (page, key) => page.getByTestId(`group-tab-${key}`),
  assignNumber: (page) => page.getByTestId('group-assign-number'),
  assign: (page) => page.getByTestId('group-assign'),
  assignedRow: (page, number) => page.locator(`[data-testid="group-assigned-row"][data-employee-number="${number}"]`),
  unassign: (page, number) => page.getByTestId(`group-unassign-${number}`),
  historyRows: (page) => page.getByTestId('group-history-row'),
};

let page;
let scenario;
let pageErrors;
let close;

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('groups'));
});

after(async () => {
  await close?.();
});

test('open a group from the People menu, change its weekly limit, assign an employee', { timeout: 180_000 }, () =>
  scenario('group', async () => {
    await signInUI(page, USERNAME);

    // The menu entry opens the search; a search lists the demo groups.
    await SEL.menuGroup(page, 'People').click();
    await SEL.menuItem(page, 'employeeGroups').click();
    await page.waitForURL((u) => u.hash.startsWith('#/employee/employeegroups'));
    const searched = page.waitForResponse((r) => /\/api\/V1\/Employee\/Group\/Search$/.test(r.url()));
    await SEL.searchButton(page).click();
    assert.equal((await searched).status(), 200);
    await SEL.groupLink(page, 'QA').click();
    await page.waitForURL((u) => /#\/employee\/employeegroups\?id=\d+$/.test(u.hash));
    await SEL.detail(page).waitFor();
    const id = Number(await SEL.detail(page).getAttribute('data-group-id'));
    assert.ok(id > 0);

    // Change the weekly limit: the PUT answers it and the Limits tab shows it.
    const weekly = String(100 + (Date.now() % 100));
    await SEL.edit(page).click();
    await SEL.weekly(page).fill(weekly);
    const put = page.waitForResponse((r) => /\/api\/V1\/Employee\/Group$/.test(r.url()) && r.request().method() === 'PUT');
    await SEL.save(page).click();
    const answer = await put;
    assert.equal(answer.status(), 200, await answer.text());
    assert.equal((await answer.json()).limitWeekly, Number(weekly));
    await page.waitForFunction(
      ([sel, value]) => document.querySelector(sel)?.textContent?.includes(value),
      [`[data-testid="group-limit-weekly"]`, `${weekly}.00`],
    );

    // Assign an employee (E1001 is in SUPERVISORS and MAINT, not QA); remove first if an earlier run left them in.
    await SEL.tab(page, 'assigned').click();
    await page.getByTestId('group-panel-assigned').waitFor();
    await page.waitForLoadState('networkidle');
    if (await SEL.assignedRow(page, 'E1001').count()) {
      const removed = page.waitForResponse((r) => /\/Assigned\/Delete\//.test(r.url()));
      await SEL.unassign(page, 'E1001').click();
      assert.equal((await removed).status(), 200);
      await SEL.assignedRow(page, 'E1001').waitFor({ state: 'detached' });
    }
    await SEL.assignNumber(page).fill('E1001');
    const inserted = page.waitForResponse((r) => /\/api\/V1\/Employee\/Group\/Assigned\/Insert$/.test(r.url()));
    await SEL.assign(page).click();
    const assigned = await inserted;
    assert.equal(assigned.status(), 200, await assigned.text());
    assert.deepEqual((await assigned.json()).added, ['E1001']);
    await SEL.assignedRow(page, 'E1001').waitFor();

    // Both changes are in the history.
    await SEL.tab(page, 'history').click();
    await SEL.historyRows(page).first().waitFor();
    const text = await page.getByTestId('group-panel-history').textContent();
    assert.match(text, /Updated the employee group/);
    assert.match(text, /Added employees/);
    assert.match(text, /Added: E1001/);
    await SEL.tab(page, 'assigned').click();
    await SEL.assignedRow(page, 'E1001').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-employee-groups.png'), fullPage: true });
    assert.deepEqual(pageErrors, []);
  }));

// The history reads as words (issue 22): a changed field as 'Label: old -> new' with the action in words and the user,
// and saving the group again unchanged adds no row.
test('the history shows a change as Label: old -> new and a save that changes nothing records nothing', { timeout: 180_000 }, () =>
  scenario('group-history', async () => {
    await signInUI(page, USERNAME);
    await SEL.menuGroup(page, 'People').click();
    await SEL.menuItem(page, 'employeeGroups').click();
    await page.waitForURL((u) => u.hash.startsWith('#/employee/employeegroups'));
    const searched = page.waitForResponse((r) => /\/api\/V1\/Employee\/Group\/Search$/.test(r.url()));
    await SEL.searchButton(page).click();
    assert.equal((await searched).status(), 200);
    await SEL.groupLink(page, 'PROD').click();
    await SEL.detail(page).waitFor();
    const id = Number(await SEL.detail(page).getAttribute('data-group-id'));

    const money = (v) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const save = async () => {
      const put = page.waitForResponse((r) => /\/api\/V1\/Employee\/Group$/.test(r.url()) && r.request().method() === 'PUT');
      await SEL.save(page).click();
      const answer = await put;
      assert.equal(answer.status(), 200, await answer.text());
      await page.getByTestId('group-dialog').waitFor({ state: 'hidden' });
    };
    // The group's own trail as the history tab loads it (its length counts the rows, past the panel's page).
    const openHistory = async () => {
      const trail = page.waitForResponse((r) => new RegExp(`/api/V1/Employee/Group/Audit/Detail/${id}$`).test(r.url()));
      await SEL.tab(page, 'history').click();
      const rows = await (await trail).json();
      await page.getByTestId('group-history-row').first().waitFor();
      return rows;
    };

    await SEL.edit(page).click();
    const old = await SEL.weekly(page).inputValue();
    const weekly = String((Number(old) || 0) + 7);
    await SEL.weekly(page).fill(weekly);
    await save();
    const first = await openHistory();
    const row = page.getByTestId('group-history-row').first();
    assert.equal((await row.getByTestId('group-history-action').innerText()).trim(), 'Updated the employee group');
    assert.equal((await row.getByTestId('group-history-changes').innerText()).trim(), `Weekly limit: ${old === '' ? '(empty)' : money(old)} -> ${money(weekly)}`);
    assert.match(await row.getByTestId('group-history-who').innerText(), new RegExp(USERNAME));
    assert.doesNotMatch(await page.getByTestId('group-panel-history').innerText(), /employee_group\.|\{"/, 'no action keys or JSON');
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-employee-group-history.png'), fullPage: true });

    // Saved again as it is: the PUT succeeds and the history has no new row.
    await SEL.tab(page, 'limits').click();
    await SEL.edit(page).click();
    await save();
    const second = await openHistory();
    assert.equal(second.length, first.length, 'an unchanged save records nothing');
    assert.equal(second[0].audit_event_id, first[0].audit_event_id);
    assert.deepEqual(pageErrors, []);
  }));

// Deleting a group is asked first and says what goes (issue 22: costly actions confirm); a group that still has
// employees offers no Delete the server would refuse.
test('deleting a group asks first, says what goes, and a group with employees cannot be deleted', { timeout: 180_000 }, () =>
  scenario('group-delete', async () => {
    await signInUI(page, USERNAME);
    const api = await apiSession(USERNAME);
    const description = `E2E delete ${Date.now() % 1_000_000}`;
    const created = await api('POST', '/V1/Employee/Group', { employee_group_id: null, description, group_type: 1, enforced_level: 0, vmi: false, defaultGroup: false, bypass_SR_approval: false });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.employeeGroupID;

    await page.goto(`${BASE_URL}/#/employee/employeegroups?id=${id}`);
    await SEL.detail(page).waitFor();
    await page.getByTestId('group-delete').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    assert.match(await page.getByTestId('confirm-message').innerText(), new RegExp(`${description} is removed with its limits`));
    // Cancel changes nothing.
    await page.getByTestId('confirm-cancel').click();
    // Gone from the page, not only fading: the next click must reach the new dialog, not the closing one.
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await api('GET', `/V1/Employee/Group/${id}`)).status, 200);

    // The button ignores clicks for a second after one (double-click protection, spec 2 section 5).
    await page.locator('[data-testid="group-delete"]:not([data-click-guard])').waitFor();
    await page.getByTestId('group-delete').click();
    await dialog.waitFor();
    const deleted = page.waitForResponse((r) => /\/api\/V1\/Employee\/Group\/Delete\//.test(r.url()));
    await page.getByTestId('confirm-ok').click();
    assert.equal((await deleted).status(), 200);
    await page.waitForURL((u) => u.hash.startsWith('#/employee/employeegroups') && !u.hash.includes('id='));
    assert.equal((await api('GET', `/V1/Employee/Group/${id}`)).status, 404);

    // SUPERVISORS has employees: its Delete is disabled and says why.
    const searched = page.waitForResponse((r) => /\/api\/V1\/Employee\/Group\/Search$/.test(r.url()));
    await SEL.searchButton(page).click();
    assert.equal((await searched).status(), 200);
    await SEL.groupLink(page, 'SUPERVISORS').click();
    await SEL.detail(page).waitFor();
    const button = page.getByTestId('group-delete');
    assert.equal(await button.isDisabled(), true);
    assert.match((await button.getAttribute('title')) ?? '', /still assigned: remove them from the group first/);
    assert.deepEqual(pageErrors, []);
  }));
