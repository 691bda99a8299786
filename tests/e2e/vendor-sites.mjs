// Browser end-to-end test of vendor sites and approved vendors (docs/vendor-sites.md), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18103 node --test tests/e2e/vendor-sites.mjs
// Needs a running `asp serve` with `asp seed --demo` data and Debian's chromium. The buyer opens Approved Vendors
// from the menu, approves a vendor for a manufacturer at ACME-NORTH, copies that manufacturer's list to ACME-SOUTH
// and sees it there; then, on the vendor detail's Sites tab, edits a vendor site's contact and applies a PO comment to
// all sites (only the changed field: each site keeps its own contact), and finds the approval and its buyers on the
// Approved Vendors and Buyer Settings tabs. Last the administrator switches an item's vendor on the item page: a
// vendor the item's manufacturer has not approved asks for confirmation first. The manufacturer's links are removed
// through the API first, and the item's vendor is put back at the end, so the test can run again on the same data.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, apiSession, input, launch, postedTo, signInUI } from './harness.mjs';

const MFG = 'KLEIN';
const VENDOR = '10452';
// A vendor of ACME-NORTH that is not an approved vendor of SKF there (the demo approves 10452 and 30871).
const UNAPPROVED = '41080';

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
    await page.goto(`${BASE_URL}/#/vendors/vendorSearch?vend_code=${VENDOR}`);
    await page.getByTestId('vendor-detail').waitFor();
    await page.getByTestId('vendor-tab-sites').click();
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
  }));

test('the vendor detail lists the approval made above and the vendor`s buyers on their tabs', { timeout: 60_000 }, () =>
  scenario('vendor-tabs', async () => {
    await page.getByTestId('vendor-tab-approved').click();
    await page.getByTestId(`vendor-approved-ACME-NORTH-${MFG}`).waitFor();
    await page.getByTestId(`vendor-approved-ACME-SOUTH-${MFG}`).waitFor();
    await page.getByTestId('vendor-tab-buyers').click();
    await page.getByTestId('vendor-buyer-buyer').waitFor();
    // The temporary one-page route of the three tabs is gone.
    await page.goto(`${BASE_URL}/#/vendors/vendorSites?vend_code=${VENDOR}`);
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('vendor-site-ACME-NORTH').count(), 0);
  }));

test("switching an item's vendor to one its manufacturer has not approved is confirmed first", { timeout: 180_000 }, () =>
  scenario('vendor-switch', async () => {
    // An active item at ACME-NORTH whose manufacturer has approved vendors there that 41080 (Midwest Hose) is not one of
    // (the demo approves 10452 and 30871 for SKF).
    const admin = await apiSession('admin', 'ACME-NORTH');
    const found = await admin('POST', '/V1/Item/CIP/Search', { status_id: 1, pageSize: 500 });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    let cip = null;
    let warning = null;
    let approved = null;
    const visible = {};
    for (const row of found.body.resultList) {
      // Its own vendor must be one the site sees, so that the test can put it back through the API.
      if (!row.vend_code) continue;
      visible[row.vend_code] ??= (await admin('GET', `/V1/Vendor/VendorCode/${row.vend_code}`)).status === 200;
      if (!visible[row.vend_code]) continue;
      const w = await admin('GET', `/V1/Vendor/CheckIfWarnAVOnVendorSwitch/ACME-NORTH/${row.cip_no}/${UNAPPROVED}`);
      assert.equal(w.status, 200, JSON.stringify(w.body));
      if (!w.body.warn) continue;
      // And an approved vendor other than its own that the site sees too, to switch to without a question.
      let other = null;
      for (const code of w.body.approvedVendorCodes.filter((c) => c !== row.vend_code)) {
        visible[code] ??= (await admin('GET', `/V1/Vendor/VendorCode/${code}`)).status === 200;
        if (visible[code]) {
          other = code;
          break;
        }
      }
      if (!other) continue;
      ({ body: cip } = await admin('GET', `/V1/Item/CIP/${row.cip_no}`));
      warning = w.body;
      approved = other;
      break;
    }
    assert.ok(cip, 'an item at ACME-NORTH whose manufacturer has approved vendors the site sees, bought from a vendor the site sees');
    const restore = () =>
      admin('POST', '/V1/Item/CIP/Other/Update', {
        cip_no: cip.cip_no, consigned: cip.consigned, vend_code: cip.vend_code, buddy_cip_no: cip.buddy_cip_no,
        custom_1: cip.custom_1, custom_2: cip.custom_2, custom_3: cip.custom_3, custom_4: cip.custom_4,
      });
    const pickVendor = async (code) => {
      await input(page.getByTestId('item-other-vend_code')).fill(code);
      await page.getByTestId(`item-other-vend_code-option-${code}`).click();
    };
    try {
      await signInUI(page, 'admin');
      await page.goto(`${BASE_URL}/#/item/${cip.cid_no}/${cip.cip_no}`);
      await page.getByTestId('item-other-edit').click();
      await pickVendor(UNAPPROVED);
      await page.getByTestId('item-other-vendor-warning').getByText(warning.message).waitFor();

      let updates = 0;
      const count = (r) => /\/api\/V1\/Item\/CIP\/Other\/Update$/.test(r.url()) && (updates += 1);
      page.on('request', count);
      await page.getByTestId('item-other-save').click();
      assert.equal(await page.getByTestId('item-vendor-switch-message').innerText(), warning.message);
      await page.getByTestId('item-vendor-switch-cancel').click();
      await page.getByTestId('item-vendor-switch-confirm').waitFor({ state: 'detached' });
      assert.equal(updates, 0, 'nothing is saved when the switch is not confirmed');

      await page.getByTestId('item-other-save').click();
      const confirmed = postedTo(page, /\/api\/V1\/Item\/CIP\/Other\/Update$/, (b) => b.vend_code === UNAPPROVED);
      await page.getByTestId('item-vendor-switch-ok').click();
      assert.equal((await confirmed).status(), 200);
      await page.getByTestId('item-cip-vendor').getByText(UNAPPROVED).waitFor();
      page.off('request', count);

      // An approved vendor is saved without asking.
      await page.getByTestId('item-other-edit').click();
      await pickVendor(approved);
      const saved = postedTo(page, /\/api\/V1\/Item\/CIP\/Other\/Update$/, (b) => b.vend_code === approved);
      await page.getByTestId('item-other-save').click();
      assert.equal((await saved).status(), 200);
      assert.equal(await page.getByTestId('item-vendor-switch-confirm').count(), 0);
      await page.getByTestId('item-cip-vendor').getByText(approved).waitFor();
      await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-vendor-switch.png'), fullPage: true });
    } finally {
      const restored = await restore();
      if (restored.status !== 200) console.error('the item vendor could not be put back', JSON.stringify(restored.body));
    }
    assert.equal((await restore()).status, 200, 'the item keeps its own vendor for the next run');
  }));
