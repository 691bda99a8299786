// Browser end-to-end test of the staff console's item side (issue 8), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18080 node --test tests/e2e/items.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the `buyer` user holds ItemEdit, FileManage, ItemImageView
// and CIPSummaryView at the ACME sites, and every demo site stocks CIP code BRG-6204-2RS) and Debian's chromium.
// playwright-core never downloads a browser: it drives /usr/bin/chromium (CHROMIUM_PATH overrides).
// Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { ARTIFACTS, BASE_URL, input, launch, signInUI, postedTo } from './harness.mjs';

const USERNAME = process.env.E2E_USER || 'buyer';
// A CIP code every demo site stocks (api/src/seed/items.rs).
const CIP_CODE = process.env.E2E_CIP_CODE || 'BRG-6204-2RS';

// ---------------------------------------------------------------------------------------------------------------
// Selectors (admin-ui/src/items/README.md lists the data-testids). Adjust them here, nowhere else.
// ---------------------------------------------------------------------------------------------------------------
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  // the global search box
  jumpbox: (page) => page.getByTestId('jumpbox'),
  jumpboxType: (page) => page.getByTestId('jumpbox-type'),
  jumpboxTypeOption: (page, key) => page.getByTestId(`jumpbox-type-option-${key}`),
  jumpboxInput: (page) => page.getByTestId('jumpbox-input'),
  jumpboxHits: (page) => page.getByTestId('jumpbox-hit'),
  // the item page
  itemPage: (page) => page.getByTestId('item-page'),
  itemTab: (page, key) => page.getByTestId(`item-tab-${key}`),
  itemCipCode: (page) => page.getByTestId('item-cip-code'),
  replEdit: (page) => page.getByTestId('item-repl-edit'),
  replInput: (page, field) => page.getByTestId(`item-repl-${field}`),
  replValue: (page, field) => page.getByTestId(`item-repl-value-${field}`),
  replSave: (page) => page.getByTestId('item-repl-save'),
  replForm: (page) => page.getByTestId('item-repl-form'),
  uploadInput: (page) => page.getByTestId('file-upload-input'),
  uploadDescription: (page) => page.getByTestId('file-upload-description'),
  uploadSubmit: (page) => page.getByTestId('file-upload-submit'),
  galleryThumb: (page, name) => page.locator(`[data-testid="item-images"] [data-testid="gallery-thumb"][data-file-name="${name}"]`),
  galleryImage: (page, name) => page.locator(`[data-testid="item-images"] [data-testid="gallery-image"][data-file-name="${name}"]`),
  imagesOpen: (page) => page.getByTestId('item-images-open'),
  imagesDialog: (page) => page.getByTestId('item-images-dialog'),
  imagesDialogClose: (page) => page.getByTestId('item-images-dialog-close'),
  summaryOpen: (page) => page.getByTestId('item-summary-open'),
  summaryDialog: (page) => page.getByTestId('cip-summary-dialog'),
  summaryAnnual: (page) => page.getByTestId('cip-summary-usage-annual'),
  summaryClose: (page) => page.getByTestId('cip-summary-dialog-close'),
};
const QUICK_SEARCH = /\/api\/V1\/Item\/CIP\/QuickSearch\/CIPCode\//;
const FREE_TEXT = /\/api\/V1\/ItemSearch\/FreeText\?/;
const REPLENISHMENT = /\/api\/V1\/Item\/CIP\/Replenishment\/Update$/;
const INSERT = /\/api\/V1\/File\/Insert$/;
const SETTING = /\/api\/V1\/Presentation\/UpdateUserSetting$/;

// ---------------------------------------------------------------------------------------------------------------
let page;
let itemPath;
let scenario;
let pageErrors;
let close;

const posted = (url, accept) => postedTo(page, url, accept);

/** A small PNG picture (a coloured rectangle), written to a temporary file. */
function pngFile(dir, name, [r, g, b], width = 96, height = 64) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]));
  return file;
}

const number = (text) => Number(String(text).replace(/,/g, '').trim());

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('items'));
});

after(async () => {
  await close?.();
});

test('(a) sign in as buyer; the Items menu lists the item screens', { timeout: 120_000 }, () =>
  scenario('signin', async () => {
    await signInUI(page, USERNAME);
    await SEL.jumpbox(page).waitFor();
    await SEL.menuGroup(page, 'Items').click();
    for (const entry of ['itemMaster', 'cipSearch', 'customFields', 'cribStations', 'kits']) {
      await SEL.menuItem(page, entry).waitFor();
    }
    await page.keyboard.press('Escape');
  }));

test('(b) the global search box: free text lists hits as one types; a CIP Number opens the item', { timeout: 120_000 }, () =>
  scenario('search', async () => {
    // Free text: hits appear while typing. Every change of type is saved as the user's setting (an earlier run
    // may have left Free Text chosen: choosing it again is no change).
    const before = await SEL.jumpbox(page).getAttribute('data-search-type');
    let saved = before === 'freeText' ? null : posted(SETTING, (b) => b.setting_key === 'navigation.jumpbox.searchType' && b.setting_value === 'Free Text');
    await SEL.jumpboxType(page).click();
    await SEL.jumpboxTypeOption(page, 'freeText').click();
    if (saved) assert.equal((await saved).status(), 200, 'the search type is saved');
    const typed = page.waitForResponse((r) => FREE_TEXT.test(r.url()) && new URL(r.url()).searchParams.get('text') === 'bearing');
    await SEL.jumpboxInput(page).fill('bearing');
    assert.equal((await typed).status(), 200);
    await SEL.jumpboxHits(page).first().waitFor();
    assert.ok((await SEL.jumpboxHits(page).count()) > 0, 'the free-text search finds bearings');
    await page.keyboard.press('Escape');

    // CIP Number: the exact code goes straight to the item page.
    saved = posted(SETTING, (b) => b.setting_key === 'navigation.jumpbox.searchType' && b.setting_value === 'CIP Number');
    await SEL.jumpboxType(page).click();
    await SEL.jumpboxTypeOption(page, 'cipNumber').click();
    assert.equal((await saved).status(), 200, 'the search type is saved');
    const looked = page.waitForResponse((r) => QUICK_SEARCH.test(r.url()));
    await SEL.jumpboxInput(page).fill(CIP_CODE);
    await SEL.jumpboxInput(page).press('Enter');
    const answer = await looked;
    assert.equal(answer.status(), 200);
    const [found] = await answer.json();
    assert.ok(found, `${CIP_CODE} is found at the current site`);
    await page.waitForURL((u) => u.hash === `#/item/${found.cid_no}/${found.cip_no}`, { timeout: 15_000 });
    itemPath = `/item/${found.cid_no}/${found.cip_no}`;
    await SEL.itemPage(page).waitFor();
    await page.waitForFunction((code) => document.querySelector('[data-testid="item-cip-code"]')?.textContent?.trim() === code, CIP_CODE);
  }));

test('(b2) issue 22: with the hits of an older text on screen, Enter searches the current text', { timeout: 120_000 }, () =>
  scenario('search-stale', async () => {
    await page.goto(`${BASE_URL}/#/homeMain`);
    await SEL.jumpbox(page).waitFor();
    await SEL.jumpboxType(page).click();
    await SEL.jumpboxTypeOption(page, 'freeText').click();
    // Hits of 'C10' (customer parts CP-10021, CP-10388, ...), one of them under the mouse.
    await SEL.jumpboxInput(page).fill('C10');
    await SEL.jumpboxHits(page).first().waitFor();
    const stale = await SEL.jumpboxHits(page).first().getAttribute('data-cip-no');
    await SEL.jumpboxHits(page).first().hover();
    // Replace the text and press Enter at once: the list on screen is still the one of 'C10'.
    const searched = page.waitForResponse((r) => FREE_TEXT.test(r.url()) && new URL(r.url()).searchParams.get('text') === 'nitrile');
    await SEL.jumpboxInput(page).fill('nitrile');
    await SEL.jumpboxInput(page).press('Enter');
    const found = (await (await searched).json()).items;
    assert.ok(found.length > 0, 'the demo stocks nitrile gloves');
    assert.ok(found.every((hit) => /nitrile/i.test(JSON.stringify(hit))), 'the answer is of nitrile');
    if (found.length === 1) {
      await page.waitForURL((u) => u.hash === `#/item/${found[0].cid_no}/${found[0].cip_no}`, { timeout: 15_000 });
    } else {
      const dialog = page.getByTestId('select-item-dialog');
      await dialog.waitFor();
      const rows = await dialog.getByTestId('select-item-row').allTextContents();
      assert.ok(rows.length > 0 && rows.every((row) => /nitrile/i.test(row)), `Select Item lists nitrile items only: ${rows.join(' | ')}`);
      await page.keyboard.press('Escape');
    }
    assert.ok(!page.url().endsWith(`/${stale}`), `the hovered hit of 'C10' (CIP ${stale}) was not opened`);
  }));

test('(b3) issue 22: a partial customer part offers the parts that start with it', { timeout: 120_000 }, () =>
  scenario('search-partial-part', async () => {
    await page.goto(`${BASE_URL}/#/homeMain`);
    await SEL.jumpboxType(page).click();
    await SEL.jumpboxTypeOption(page, 'customerPart').click();
    const looked = page.waitForResponse((r) => /\/api\/V1\/Item\/CIP\/QuickSearch\/CustItemCode$/.test(r.url()));
    await SEL.jumpboxInput(page).fill('cp-10');
    await SEL.jumpboxInput(page).press('Enter');
    const answer = await looked;
    assert.equal(answer.status(), 200);
    const found = await answer.json();
    assert.ok(found.length > 1, `several customer parts start with CP-10 (got ${found.length})`);
    assert.ok(found.every((r) => r.cust_item_code.toUpperCase().startsWith('CP-10')), 'every match starts with the text');
    const dialog = page.getByTestId('select-item-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByTestId('select-item-row').count(), found.length);
    await dialog.getByTestId('select-item-row').first().click();
    await page.waitForURL((u) => u.hash === `#/item/${found[0].cid_no}/${found[0].cip_no}`, { timeout: 15_000 });
    await SEL.itemPage(page).waitFor();
  }));

test('(b4) issue 22: the item page names the vendor and the UOM and shows no internal id', { timeout: 120_000 }, () =>
  scenario('item-names', async () => {
    await page.goto(`${BASE_URL}/#${itemPath}?tab=general`);
    await SEL.itemPage(page).waitFor();
    const vendor = page.getByTestId('item-cip-vendor');
    await page.waitForFunction(() => /\S+ \(\S+\)$/.test(document.querySelector('[data-testid="item-cip-vendor"]')?.textContent ?? ''), null, { timeout: 15_000 });
    const vendorText = (await vendor.textContent()).trim();
    assert.match(vendorText, /^[^()]*[A-Za-z][^()]* \([^()]+\)$/, `the vendor reads 'Name (CODE)': ${vendorText}`);
    await page.waitForFunction(() => /\(\S+\)$/.test(document.querySelector('[data-testid="item-uom"]')?.textContent ?? ''), null, { timeout: 15_000 });
    const part = (await page.getByTestId('item-master-link').textContent()).trim();
    assert.ok(!/^\d+$/.test(part), `the item-master part is named, not its id: ${part}`);
    const common = await (await page.request.get(`${BASE_URL}/api/V1/Item/CIP/Common/${itemPath.split('/').pop()}`, { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('asp.token'))}` } })).json();
    // The part is named by its manufacturer part, as on the item master search, not by the item id.
    assert.equal(part, `${common.item.mfg_code} ${common.item.mfg_part_no}`.trim());
    assert.ok(vendorText.endsWith(`(${common.cip.vend_code})`), `the vendor's code is in brackets: ${vendorText}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-items-general.png'), fullPage: true });
  }));

test('(c) edit min and max: a refused pair shows the API message on the field; the saved values survive a reload', { timeout: 120_000 }, () =>
  scenario('replenishment', async () => {
    await SEL.itemTab(page, 'replenishment').click();
    await SEL.replValue(page, 'min_qty').waitFor();
    const oldMin = number(await SEL.replValue(page, 'min_qty').innerText()) || 0;
    const newMin = oldMin + 1;
    const newMax = newMin + 12;

    // Min above max: the API refuses with 400 by field, the form shows it and stays open.
    await SEL.replEdit(page).click();
    await SEL.replInput(page, 'min_qty').fill(String(newMax + 5));
    await SEL.replInput(page, 'max_qty').fill(String(newMax));
    let saved = posted(REPLENISHMENT);
    await SEL.replSave(page).click();
    const refused = await saved;
    assert.equal(refused.status(), 400, 'min above max is refused');
    const problems = (await refused.json()).errors ?? [];
    assert.ok(problems.length > 0, 'the refusal names a field');
    const message = problems[0].error;
    await SEL.replForm(page).getByText(message).first().waitFor();

    // A valid pair is saved (once the Save button's double-click guard has passed).
    await page.waitForFunction(() => !document.querySelector('[data-testid="item-repl-save"][data-click-guard="on"]'));
    await SEL.replInput(page, 'min_qty').fill(String(newMin));
    await SEL.replInput(page, 'max_qty').fill(String(newMax));
    saved = posted(REPLENISHMENT, (b) => b.min_qty === newMin && b.max_qty === newMax);
    await SEL.replSave(page).click();
    assert.equal((await saved).status(), 200);
    await SEL.replEdit(page).waitFor();

    // After a reload the page shows the stored values.
    await page.reload();
    await SEL.itemPage(page).waitFor();
    await SEL.itemTab(page, 'replenishment').click();
    await page.waitForFunction(
      ([min, max]) =>
        document.querySelector('[data-testid="item-repl-value-min_qty"]')?.textContent?.trim() === min &&
        document.querySelector('[data-testid="item-repl-value-max_qty"]')?.textContent?.trim() === max,
      [String(newMin), String(newMax)],
    );
  }));

test("(d) upload an image; it is in the item's gallery and in the 'Item Images' pop-up", { timeout: 120_000 }, () =>
  scenario('upload', async () => {
    const name = `e2e-${Date.now()}.png`;
    const file = pngFile(mkdtempSync(path.join(os.tmpdir(), 'asp-e2e-items-upload-')), name, [30, 140, 80]);
    await SEL.itemTab(page, 'files').click();
    await SEL.uploadInput(page).setInputFiles(file);
    await SEL.uploadDescription(page).fill('Picture from the browser test');
    const uploaded = posted(INSERT);
    await SEL.uploadSubmit(page).click();
    const answer = await uploaded;
    assert.equal(answer.status(), 200, 'File/Insert accepts the picture');
    const record = await answer.json();
    assert.equal(record.is_image, true, 'the content is recognised as an image');

    await SEL.galleryThumb(page, name).waitFor();
    await SEL.galleryThumb(page, name).click();
    await SEL.galleryImage(page, name).waitFor();
    // The picture is shown (loaded and not broken).
    await page.waitForFunction(
      (n) => {
        const img = document.querySelector(`[data-testid="item-images"] [data-testid="gallery-image"][data-file-name="${n}"]`);
        return img && img.complete && img.naturalWidth === 96;
      },
      name,
    );

    await SEL.imagesOpen(page).click();
    await SEL.imagesDialog(page).waitFor();
    await SEL.imagesDialog(page).locator(`[data-testid="gallery-thumb"][data-file-name="${name}"]`).waitFor();
    await SEL.imagesDialogClose(page).click();
    await SEL.imagesDialog(page).waitFor({ state: 'hidden' });
  }));

test('(e) the CIP summary pop-up shows usage 1-13 with the annual total', { timeout: 60_000 }, () =>
  scenario('summary', async () => {
    await SEL.summaryOpen(page).click();
    await SEL.summaryDialog(page).waitFor();
    await SEL.summaryAnnual(page).waitFor();
    const periods = [];
    for (let n = 1; n <= 13; n++) periods.push(number(await page.getByTestId(`cip-summary-usage-usage${n}`).innerText()));
    const total = number(await SEL.summaryAnnual(page).innerText());
    assert.equal(total, Math.round(periods.reduce((a, b) => a + b, 0) * 1000) / 1000, 'the annual usage is usage1 + ... + usage13');
    await SEL.summaryClose(page).click();
    await SEL.summaryDialog(page).waitFor({ state: 'hidden' });
  }));

test('(f) screenshot of the item page', { timeout: 60_000 }, () =>
  scenario('screenshot', async () => {
    await page.goto(`${BASE_URL}/#${itemPath}?tab=files`);
    await SEL.itemPage(page).waitFor();
    await page.locator('[data-testid="item-images"] [data-testid="gallery-image"]').waitFor();
    const file = path.join(ARTIFACTS, 'e2e-items.png');
    await page.screenshot({ path: file, fullPage: true });
    console.log(`# screenshot: ${file}`);
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
  }));

test('(g) issue 22: a wide grid keeps its first column in view when it scrolls sideways', { timeout: 60_000 }, () =>
  scenario('sticky-column', async () => {
    await page.setViewportSize({ width: 1100, height: 800 });
    try {
      await page.goto(`${BASE_URL}/#/item/search`);
      const searched = page.waitForResponse((r) => /\/api\/V1\/Item\/CIP\/Search$/.test(r.url()) && r.request().method() === 'POST');
      await page.getByRole('button', { name: /^search$/i }).first().click();
      assert.equal((await searched).status(), 200);
      await page.getByTestId('cips-row').first().waitFor();
      const container = page.locator('[data-testid="cips-grid"] .MuiTableContainer-root');
      const [scrollWidth, clientWidth] = await container.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      assert.ok(scrollWidth > clientWidth, `the CIP grid is wider than the window (${scrollWidth} > ${clientWidth})`);
      const first = page.getByTestId('cips-row').first().locator('td').first();
      const second = page.getByTestId('cips-row').first().locator('td').nth(1);
      const before = [(await first.boundingBox()).x, (await second.boundingBox()).x];
      await container.evaluate((el) => {
        el.scrollLeft = 400;
      });
      await page.waitForFunction(() => (document.querySelector('[data-testid="cips-grid"] .MuiTableContainer-root')?.scrollLeft ?? 0) > 0);
      const after = [(await first.boundingBox()).x, (await second.boundingBox()).x];
      assert.equal(after[0], before[0], 'the first column stays where it was');
      assert.ok(after[1] < before[1], 'the other columns scroll');
      await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-items-sticky-column.png') });
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  }));
