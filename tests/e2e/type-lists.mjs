// Browser end-to-end test of the Type Lists screen (docs/type-lists.md), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18080 node --test tests/e2e/type-lists.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the `admin` user holds TypeListAdmin through the
// Administrator role) and Debian's chromium. Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, apiSession, input, launch, postedTo, signInUI } from './harness.mjs';

const SITE = 'ACME-NORTH';
const LIST = 'FreightTerms';

// Selectors (data-testids of admin-ui/src/typeLists/). Adjust them here, nowhere else.
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  screen: (page) => page.getByTestId('type-lists'),
  listSelect: (page) => page.getByTestId('type-list-select').locator('[role="combobox"]'),
  listOption: (page, code) => page.getByTestId(`type-list-option-${code}`),
  filter: (page) => input(page.getByTestId('type-value-filter')),
  add: (page) => page.getByTestId('type-value-add'),
  field: (page, key) => input(page.getByTestId(`type-value-${key}`)),
  save: (page) => page.getByTestId('type-value-save'),
  row: (page, code) => page.getByTestId(`type-value-row-${code}`),
};
const INSERT = new RegExp(`/api/V1/Type/Lists/${LIST}/Values/Insert$`);
const UPDATE = new RegExp(`/api/V1/Type/Lists/${LIST}/Values/Update$`);

let page;
let scenario;
let pageErrors;
let close;
const code = `E2E${Date.now().toString(36).toUpperCase()}`;
const description = `Freight by e2e courier ${code}`;

before(async () => {
  await apiSession('admin', SITE);
  ({ page, scenario, pageErrors, close } = await launch('type-lists'));
});

after(async () => {
  await close?.();
});

test('an administrator opens Type Lists from the Controls menu and picks a list', { timeout: 120_000 }, () =>
  scenario('open', async () => {
    await signInUI(page, 'admin');
    await SEL.menuGroup(page, 'Controls').click();
    await SEL.menuItem(page, 'typeLists').click();
    await SEL.screen(page).waitFor();
    await SEL.listSelect(page).click();
    await SEL.listOption(page, LIST).click();
    await SEL.row(page, 'PPA').waitFor();
  }));

test('a value added on the screen is answered by the lookup, and deactivating it takes it out', { timeout: 120_000 }, () =>
  scenario('add-deactivate', async () => {
    await SEL.add(page).click();
    await SEL.field(page, 'code').fill(code);
    await SEL.field(page, 'description').fill(description);
    const inserted = postedTo(page, INSERT);
    await SEL.save(page).click();
    const answer = await inserted;
    assert.equal(answer.status(), 200, await answer.text());
    const saved = await answer.json();
    assert.equal(saved.description, description);

    const buyer = await apiSession('buyer', SITE);
    const lookup = await buyer('GET', `/V1/Type/${LIST}`);
    assert.equal(lookup.status, 200);
    const found = lookup.body.find((v) => v.code === code);
    assert.ok(found, `the lookup answers the new value: ${JSON.stringify(lookup.body)}`);
    assert.equal(found.valueID, saved.valueID);

    await SEL.filter(page).fill(code);
    const row = SEL.row(page, code);
    await row.waitFor();
    assert.equal(await row.getByTestId('type-value-status').innerText(), 'Active');
    const updated = postedTo(page, UPDATE, (body) => body.typeValueId === saved.typeValueId && body.isActive === false);
    await row.getByTestId('type-value-deactivate').click();
    assert.equal((await updated).status(), 200);
    await page.waitForFunction(
      (c) => document.querySelector(`[data-testid="type-value-row-${c}"] [data-testid="type-value-status"]`)?.textContent === 'Inactive',
      code,
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-type-lists.png'), fullPage: true });

    const after = await buyer('GET', `/V1/Type/${LIST}`);
    assert.ok(!after.body.some((v) => v.code === code), 'a deactivated value is no longer offered');
    assert.deepEqual(pageErrors, []);
  }));
