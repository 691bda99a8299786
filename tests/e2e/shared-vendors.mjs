// Browser end-to-end test of the Shared Vendors screens (issue 10), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18104 node --test tests/e2e/shared-vendors.mjs
// Needs a running `asp serve` with `asp seed --demo` data: the `admin` user holds ViewVendors and SharedVendorEdit at
// every demo site, and SKF is one of the demo shared vendors (api/src/seed/shared_vendors.rs). Drives Debian's
// /usr/bin/chromium through playwright-core. Screenshots go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, apiSession, input, launch, signInUI } from './harness.mjs';

const USERNAME = process.env.E2E_SHARED_VENDOR_USER || 'admin';

// Selectors (admin-ui/src/sharedVendors/ sets the data-testids). Adjust them here, nowhere else.
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  searchText: (page) => input(page.getByTestId('sv-search-text')),
  search: (page) => page.getByTestId('sv-search'),
  row: (page, name) => page.getByTestId('sv-row').filter({ hasText: name }),
  header: (page) => page.getByTestId('sv-header'),
  tab: (page, key) => page.getByTestId(`sv-tab-${key}`),
  edit: (page, block) => page.getByTestId(`sv-edit-${block}`),
  field: (page, prefix, field) => page.getByTestId(`${prefix}-${field}`),
  save: (page, block) => page.getByTestId(`sv-save-${block}`),
  value: (page, block, field) => page.getByTestId(`sv-${block}-${field}-value`),
  contactAdd: (page) => page.getByTestId('sv-contacts-add'),
  contactSave: (page) => page.getByTestId('sv-contacts-save'),
  contactRow: (page, name) => page.getByTestId('sv-contacts-row').filter({ hasText: name }),
  brandRow: (page, name) => page.getByTestId('sv-brands-row').filter({ hasText: name }),
};

/** Picks `option` in the MUI select whose hidden input has the test id. */
async function choose(page, testId, option) {
  await page.getByTestId(testId).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

let page;
let scenario;
let pageErrors;
let close;

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('shared-vendors'));
});

after(async () => {
  await close?.();
});

test('find a shared vendor, edit its VIP block, add and delete a contact', { timeout: 180_000 }, () =>
  scenario('shared-vendor', async () => {
    await signInUI(page, USERNAME);
    await SEL.menuGroup(page, 'Procurement').click();
    await SEL.menuItem(page, 'sharedVendors').click();
    await page.waitForURL((u) => u.hash.startsWith('#/vendors/sharedVendors'));
    // The title is below the top bar, not under it (issue 22).
    const bar = await page.locator('header').first().boundingBox();
    const title = await page.getByTestId('page-title').boundingBox();
    assert.ok(title.y >= bar.y + bar.height - 1, `the title (top ${title.y}) starts below the top bar (bottom ${bar.y + bar.height})`);

    // Find SKF by name.
    await SEL.searchText(page).fill('SKF');
    const searched = page.waitForResponse((r) => /\/api\/V1\/SharedVendor\/SummarySearch$/.test(r.url()) && r.request().postData()?.includes('SKF'));
    await SEL.search(page).click();
    const summary = await (await searched).json();
    // The list counts each shared vendor's current catalogue costs beside its other counts.
    const skf = summary.itemList.find((r) => r.shared_vendor_name === 'SKF');
    assert.ok(skf.current_cost_count > 0, 'the demo catalogue of SKF has current costs');
    assert.equal((await SEL.row(page, 'SKF').getByTestId('sv-row-costs').innerText()).trim(), String(skf.current_cost_count));
    await SEL.row(page, 'SKF').click();
    await page.waitForURL((u) => /#\/vendors\/sharedVendors\?id=\d+$/.test(u.hash));
    await SEL.header(page).waitFor();

    // Edit the VIP Management block: the answer carries the new strategy and the tab shows it.
    const strategy = `Reliability partnership ${Date.now() % 10000}`;
    await SEL.tab(page, 'vip').click();
    await SEL.edit(page, 'vip').click();
    // A multiline field is a textarea, not an input.
    await SEL.field(page, 'sv-vip', 'strategy').fill(strategy);
    const saved = page.waitForResponse((r) => /\/api\/V1\/SharedVendor\/Update\/Detail\/VIPManagement$/.test(r.url()));
    await SEL.save(page, 'vip').click();
    const answer = await saved;
    assert.equal(answer.status(), 200, await answer.text());
    assert.equal((await answer.json()).strategy, strategy);
    await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent === text, ['[data-testid="sv-vip-strategy-value"]', strategy]);

    // Add a contact, then delete it.
    const name = `Eva Lund ${Date.now() % 10000}`;
    await SEL.tab(page, 'contacts').click();
    await SEL.contactAdd(page).click();
    await choose(page, 'sv-contacts-contact_type_id', 'Customer service');
    await input(SEL.field(page, 'sv-contacts', 'contact_name')).fill(name);
    await input(SEL.field(page, 'sv-contacts', 'phone')).fill('(267) 436-6000');
    await input(SEL.field(page, 'sv-contacts', 'email')).fill('eva.lund@skf.example');
    const inserted = page.waitForResponse((r) => /\/api\/V1\/SharedVendor\/Contact\/Insert$/.test(r.url()));
    await SEL.contactSave(page).click();
    const added = await inserted;
    assert.equal(added.status(), 200, await added.text());
    await SEL.contactRow(page, name).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-shared-vendors.png'), fullPage: true });

    const deleted = page.waitForResponse((r) => /\/api\/V1\/SharedVendor\/Contact\/Delete\/\d+$/.test(r.url()));
    await SEL.contactRow(page, name).getByTestId('sv-contacts-delete').click();
    // Removing asks first, naming the contact and the shared vendor (issue 22: deletes confirm).
    await page.getByTestId('confirm-dialog').waitFor();
    assert.match(await page.getByTestId('confirm-message').innerText(), /is removed from contacts of SKF/);
    await page.getByTestId('confirm-ok').click();
    assert.equal((await deleted).status(), 200);
    await SEL.contactRow(page, name).waitFor({ state: 'detached' });
    assert.deepEqual(pageErrors, []);
  }));

test("a brand is added to SKF by picking it by name, then removed", { timeout: 120_000 }, () =>
  scenario('brand', async () => {
    // A brand SKF does not list yet, found through the same operation the picker uses.
    const api = await apiSession(USERNAME, 'ACME-NORTH');
    const id = Number(new URL(page.url()).hash.split('id=')[1]);
    const listed = await api('POST', '/V1/SharedVendor/Brand/Search', { shared_vendor_id: id, pageSize: 500 });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const brands = await api('GET', '/V1/ItemMaster/Brands');
    const brand = brands.body.find((b) => !listed.body.itemList.some((x) => x.brand_id === b.brand_id));
    assert.ok(brand, 'an active brand SKF does not list');

    await SEL.tab(page, 'brands').click();
    await page.getByTestId('sv-brands-add').click();
    await input(SEL.field(page, 'sv-brands', 'brand_id')).fill(brand.brand_name.slice(0, 5));
    await page.getByTestId(`sv-brands-brand_id-option-${brand.brand_id}`).click();
    const inserted = page.waitForResponse((r) => /\/api\/V1\/SharedVendor\/Brand\/Insert$/.test(r.url()));
    await page.getByTestId('sv-brands-save').click();
    const added = await inserted;
    assert.equal(added.status(), 200, await added.text());
    assert.equal((await added.json()).brand_id, brand.brand_id);
    await SEL.brandRow(page, brand.brand_name).waitFor();

    const deleted = page.waitForResponse((r) => /\/api\/V1\/SharedVendor\/Brand\/Delete\/\d+$/.test(r.url()));
    await SEL.brandRow(page, brand.brand_name).getByTestId('sv-brands-delete').click();
    assert.match(await page.getByTestId('confirm-message').innerText(), new RegExp(`${brand.brand_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is removed from brands of SKF`));
    await page.getByTestId('confirm-ok').click();
    assert.equal((await deleted).status(), 200);
    await SEL.brandRow(page, brand.brand_name).waitFor({ state: 'detached' });
    assert.deepEqual(pageErrors, []);
  }));
