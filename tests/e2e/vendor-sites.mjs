// Browser end-to-end test of vendor sites and approved vendors (docs/vendor-sites.md), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18103 node --test tests/e2e/vendor-sites.mjs
// Needs a running `asp serve` with `asp seed --demo` data and Debian's chromium. The buyer opens Approved Vendors
// from the menu, approves a vendor for a manufacturer at ACME-NORTH, copies that manufacturer's list to ACME-SOUTH
// and sees it there; then edits a vendor site's contact on the vendor sites page and applies a PO comment to all
// sites (only the changed field: each site keeps its own contact). The manufacturer's links are removed through the API first, so the test can run again on the same data.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, apiSession, input, launch, postedTo, signInUI } from './harness.mjs';

const MFG = 'KLEIN';
const VENDOR = '10452';

const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  pageRoot: (page) => page.getByTestId('approved-vendors-page'),
  row: (page, mfg, vend) => page.getByTestId(`approved-row-${mfg}-${vend}`),
};

let page;
let scenario;
let close;

before(async () => {
  const buyer = await apiSession('buyer', 'ACME-NORTH');
  const found = await buyer('POST', '/V1/Vendor/ApprovedVendors/Search', { mfg_code: MFG, pageSize: 500 });
  assert.equal(found.status, 200, JSON.stringify(found.body));
  const ids = found.body.resultList.map((r) => r.manufacturer_vendor_id);
  if (ids.length) {
    const removed = await buyer('POST', '/V1/Vendor/RemoveApprovedVendors', { manufacturer_vendor_ids: ids });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
  }
  ({ page, scenario, close } = await launch('vendor-sites'));
});

after(async () => {
  await close?.();
});

test('the buyer opens Approved Vendors from the menu and approves a vendor for a manufacturer', { timeout: 120_000 }, () =>
  scenario('add', async () => {
    await signInUI(page, 'buyer');
    await SEL.menuGroup(page, 'Procurement').click();
    await SEL.menuItem(page, 'approvedVendors').click();
    await SEL.pageRoot(page).waitFor();
    await input(page.getByTestId('approved-filter-mfg')).fill(MFG);
    await page.getByTestId('approved-search').click();
    await page.getByText('No approved vendors found.').waitFor();
    await input(page.getByTestId('approved-new-mfg')).fill(MFG.toLowerCase());
    await input(page.getByTestId('approved-new-vendor')).fill(VENDOR);
    const saved = postedTo(page, /\/api\/V1\/Vendor\/InsertApprovedVendor$/);
    await page.getByTestId('approved-add').click();
    assert.equal((await saved).status(), 200);
    await SEL.row(page, MFG, VENDOR).waitFor();
  }));

test('a vendor that the vendor rule does not show at the site is refused with the reason on the field', { timeout: 60_000 }, () =>
  scenario('refused', async () => {
    await input(page.getByTestId('approved-new-vendor')).fill('NO-SUCH-VENDOR');
    const refused = postedTo(page, /\/api\/V1\/Vendor\/InsertApprovedVendor$/);
    await page.getByTestId('approved-add').click();
    assert.equal((await refused).status(), 400);
    await page.getByText('Vendor NO-SUCH-VENDOR does not exist at this site.').waitFor();
  }));

test('the manufacturer list is copied to ACME-SOUTH and shows there', { timeout: 120_000 }, () =>
  scenario('copy', async () => {
    await page.getByTestId('approved-copy').click();
    await page.getByTestId('approved-copy-to-ACME-SOUTH').check();
    const copied = postedTo(page, /\/api\/V1\/Vendor\/CopyApproved$/);
    await page.getByTestId('approved-copy-confirm').click();
    const answer = await copied;
    assert.equal(answer.status(), 200, await answer.text());
    assert.equal((await answer.json()).copied, 1);
    await page.getByTestId('approved-copy-result').getByText('ACME-SOUTH: 1 copied').waitFor();

    await page.getByTestId('approved-site').click();
    await page.getByTestId('approved-site-ACME-SOUTH').click();
    await SEL.row(page, MFG, VENDOR).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-vendor-sites-copied.png'), fullPage: true });
    const buyer = await apiSession('buyer');
    const south = await buyer('GET', `/V1/Vendor/ApprovedVendors/MFG/${MFG}/SITE/ACME-SOUTH`);
    assert.deepEqual(south.body.map((r) => r.vend_code), [VENDOR]);
  }));

test("a vendor site's contact is edited, and a PO comment applied to all of the buyer's sites", { timeout: 120_000 }, () =>
  scenario('vendor-site', async () => {
    await page.goto(`${BASE_URL}/#/vendors/vendorSites?vend_code=${VENDOR}`);
    await page.getByTestId('vendor-site-ACME-NORTH').waitFor();
    await page.getByTestId('vendor-site-edit-ACME-NORTH').click();
    const contact = `Pat Counter ${Date.now() % 100000}`;
    await input(page.getByTestId('vendor-site-field-contact_name')).fill(contact);
    const saved = postedTo(page, /\/api\/V1\/Vendor\/VendorSite\/Update$/);
    await page.getByTestId('vendor-site-save').click();
    assert.equal((await saved).status(), 200);
    await page.getByTestId('vendor-site-contact-ACME-NORTH').getByText(contact).waitFor();

    await page.getByTestId('vendor-site-edit-ACME-SOUTH').click();
    const comment = `Deliver to dock ${Date.now() % 100}`;
    await page.getByTestId('vendor-site-field-po_comments').fill(comment);
    const all = postedTo(page, /\/api\/V1\/Vendor\/VendorSite\/UpdateAllSites$/);
    await page.getByTestId('vendor-site-save-all').click();
    const answer = await all;
    assert.equal(answer.status(), 200);
    assert.deepEqual((await answer.json()).changedSites.map((s) => s.siteCode).sort(), ['ACME-NORTH', 'ACME-SOUTH']);
    await page.getByTestId('vendor-site-ACME-NORTH').getByText(comment).waitFor();
    await page.getByTestId('vendor-site-ACME-SOUTH').getByText(comment).waitFor();
    // Only the changed field went to every site: NORTH keeps its own contact.
    await page.getByTestId('vendor-site-contact-ACME-NORTH').getByText(contact).waitFor();
    await page.getByTestId('vendor-buyer-buyer').waitFor();
  }));
