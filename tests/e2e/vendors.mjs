// Browser end-to-end test of the vendor console (issue 10; docs/vendors.md), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18102 node --test tests/e2e/vendors.mjs
// Needs a running `asp serve` with `asp seed --demo` data (api/src/seed/vendors.rs: vendor 41080 at ACME, 70001 of an
// ERP company no site uses, 41007 a vendor that is not a manufacturer) and Debian's chromium. The administrator
// holds UpdateVendor.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, apiSession, input, launch, signInUI, postedTo } from './harness.mjs';

const USERNAME = process.env.E2E_VENDOR_USER || 'admin';
const SITE = 'ACME-NORTH';

// Selectors (data-testids of admin-ui/src/vendors). Adjust them here, nowhere else.
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  searchPage: (page) => page.getByTestId('vendor-search-page'),
  searchText: (page) => page.getByTestId('vendor-search-text'),
  searchButton: (page) => page.getByTestId('vendor-search-button'),
  row: (page, code) => page.getByTestId(`vendor-row-${code}`),
  rows: (page) => page.locator('[data-testid^="vendor-row-"]'),
  hoverCard: (page) => page.getByTestId('vendor-hover-card'),
  detail: (page) => page.getByTestId('vendor-detail'),
  tab: (page, key) => page.getByTestId(`vendor-tab-${key}`),
  edit: (page, key) => page.getByTestId(`vendor-edit-${key}`),
  save: (page, key) => page.getByTestId(`vendor-save-${key}`),
  field: (page, name) => page.getByTestId(`vendor-input-${name}`),
  value: (page, block, name) => page.getByTestId(`vendor-${block}-${name}`),
  block: (page, key) => page.getByTestId(`vendor-block-${key}`),
  redirectDialog: (page) => page.getByTestId('vendor-redirect-dialog'),
  redirectMessage: (page) => page.getByTestId('vendor-redirect-message'),
  redirectOk: (page) => page.getByTestId('vendor-redirect-ok'),
};
const SEARCH = /\/api\/V1\/Vendor\/GetByQuickSearchCriteria$/;
const LOCATION_UPDATE = /\/api\/V1\/Vendor\/VendorLocation\/Update$/;
const MISC_UPDATE = /\/api\/V1\/Vendor\/VendorMiscellaneous\/Update$/;

let page;
let scenario;
let close;

before(async () => {
  // The console opens at the user's current site, kept on the server.
  await apiSession(USERNAME, SITE);
  ({ page, scenario, close } = await launch('vendors'));
});

after(async () => {
  await close?.();
});

test('(a) the Procurement menu lists Vendors and Manufacturers', { timeout: 120_000 }, () =>
  scenario('menu', async () => {
    await signInUI(page, USERNAME);
    await SEL.menuGroup(page, 'Procurement').click();
    await SEL.menuItem(page, 'vendors').waitFor();
    await SEL.menuItem(page, 'manufacturers').waitFor();
    await SEL.menuItem(page, 'vendors').click();
    await SEL.searchPage(page).waitFor();
  }));

test('(b) the vendor search finds by text, and a code shows its hover card', { timeout: 120_000 }, () =>
  scenario('search', async () => {
    await SEL.row(page, '10452').waitFor();
    const searched = postedTo(page, SEARCH, (b) => b.criteria === 'midwest');
    await input(SEL.searchText(page)).fill('midwest');
    await SEL.searchButton(page).click();
    assert.equal((await searched).status(), 200);
    await SEL.row(page, '41080').waitFor();
    assert.equal(await SEL.rows(page).count(), 1, 'one vendor matches "midwest"');
    await SEL.row(page, '41080').locator('[data-testid^="vendor-hover-"]').hover();
    await SEL.hoverCard(page).getByText('Midwest Hose', { exact: false }).waitFor();
    await page.mouse.move(0, 0);
  }));

test('(c) open a vendor and edit its location block', { timeout: 120_000 }, () =>
  scenario('edit', async () => {
    await SEL.row(page, '41080').click();
    await SEL.detail(page).waitFor();
    assert.match(page.url(), /vend_code=41080/);
    await SEL.tab(page, 'location').click();
    await SEL.edit(page, 'location').click();
    const dock = `Dock ${Date.now() % 1000}`;
    await SEL.field(page, 'address2').fill(dock);
    const saved = page.waitForResponse((r) => LOCATION_UPDATE.test(r.url()));
    await SEL.save(page, 'location').click();
    assert.equal((await saved).status(), 200);
    await SEL.value(page, 'location', 'address2').filter({ hasText: dock }).waitFor();
  }));

test('(c2) list fields are pickers fed by the Type lists: the state follows the country, terms are saved by code', { timeout: 120_000 }, () =>
  scenario('pickers', async () => {
    // Location: the vendor is in Minnesota; choosing Canada drops the state and offers the Canadian provinces only.
    await SEL.edit(page, 'location').click();
    assert.equal(await SEL.field(page, 'state_type_id').inputValue(), 'MN - Minnesota');
    assert.equal(await SEL.field(page, 'type_country_code_id').inputValue(), 'US - United States');
    await SEL.field(page, 'type_country_code_id').fill('canada');
    await page.getByTestId('vendor-input-type_country_code_id-option-124').click();
    assert.equal(await SEL.field(page, 'state_type_id').inputValue(), '');
    await SEL.field(page, 'state_type_id').click();
    await page.getByRole('option', { name: 'ON - Ontario' }).waitFor();
    assert.equal(await page.getByRole('option', { name: 'MN - Minnesota' }).count(), 0);
    await page.keyboard.press('Escape');
    await SEL.block(page, 'location').getByRole('button', { name: 'Cancel' }).click();
    await SEL.value(page, 'location', 'state_type_id').getByText('MN - Minnesota').waitFor();

    // Billing: terms picked by name are sent as their code and read back by code and name (then the demo's put back).
    await SEL.tab(page, 'billing').click();
    for (const [typed, code, shown] of [['45 days', 'NET45', 'NET45 - Net 45 days'], ['net 30', 'NET30', 'NET30 - Net 30 days']]) {
      await SEL.edit(page, 'billing').click();
      await SEL.field(page, 'terms_code').fill(typed);
      await page.getByTestId(`vendor-input-terms_code-option-${code}`).click();
      const saved = postedTo(page, /\/api\/V1\/Vendor\/VendorBilling\/Update$/, (b) => b.terms_code === code);
      await SEL.save(page, 'billing').click();
      assert.equal((await saved).status(), 200);
      await SEL.value(page, 'billing', 'terms_code').getByText(shown).waitFor();
    }
  }));

test("(d) a diverse supplier without a diversity type is refused with 'You must select a Diversity Type.'", { timeout: 120_000 }, () =>
  scenario('validation', async () => {
    await SEL.tab(page, 'miscellaneous').click();
    await SEL.edit(page, 'miscellaneous').click();
    await SEL.field(page, 'diverse_supplier').check();
    // Clearing the diversity type picker leaves the vendor without one.
    await SEL.field(page, 'diversity_type').fill('');
    const refused = page.waitForResponse((r) => MISC_UPDATE.test(r.url()));
    await SEL.save(page, 'miscellaneous').click();
    assert.equal((await refused).status(), 400);
    await SEL.block(page, 'miscellaneous').getByText('You must select a Diversity Type.').waitFor();
  }));

test('(e) a vendor of another ERP company gets the redirect dialog, then the search', { timeout: 120_000 }, () =>
  scenario('redirect', async () => {
    await page.goto(`${BASE_URL}/#/vendors/vendorSearch?vend_code=70001`);
    await SEL.redirectDialog(page).waitFor();
    assert.equal(await SEL.redirectMessage(page).innerText(), 'The vendor requested does not exist in this site. You are being redirected.');
    assert.equal(await SEL.redirectDialog(page).getByRole('button').count(), 1, 'no cancel button');
    await SEL.redirectOk(page).click();
    await SEL.searchPage(page).waitFor();
    assert.doesNotMatch(page.url(), /vend_code/);
    // The manufacturer route also needs a manufacturer.
    await page.goto(`${BASE_URL}/#/manufacturers/manufacturerSearch?vend_code=41007`);
    await SEL.redirectDialog(page).waitFor();
    assert.equal(await SEL.redirectMessage(page).innerText(), 'The manufacturer requested does not exist in this site. You are being redirected.');
    await SEL.redirectOk(page).click();
    await page.getByTestId('manufacturer-search-page').waitFor();
    await page.goto(`${BASE_URL}/#/manufacturers/manufacturerSearch?vend_code=TIMKEN`);
    await SEL.detail(page).waitFor();
  }));

test('(f) names, not codes: the remit-to vendor of 10452 reads by its name with its code, and the title too', { timeout: 120_000 }, () =>
  scenario('names', async () => {
    await page.goto(`${BASE_URL}/#/vendors/vendorSearch?vend_code=10452`);
    await SEL.detail(page).waitFor();
    await SEL.tab(page, 'header').click();
    // The demo seed makes 49001 the remit-to vendor of 10452 (api/src/seed/vendors.rs).
    const remit = page.getByTestId('vendor-header-remit_to_vend_code');
    await remit.filter({ hasText: /^\S.* \(49001\)$/ }).waitFor();
    assert.match((await page.getByTestId('page-title').innerText()).trim(), /^.+ \(10452\)$/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-vendor-names.png'), fullPage: true });
  }));
