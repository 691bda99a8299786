// Browser end-to-end test of the cost catalogue (docs/costs.md), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18080 node --test tests/e2e/cost-catalogue.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the demo shared vendor SKF has a catalogue; `admin` holds
// SharedVendorCostEdit) and Debian's chromium. Imports a small .xlsx catalogue written by the test itself, finds the
// cost for a quantity between two breaks, expires the cost.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { ARTIFACTS, apiSession, launch, signInUI } from './harness.mjs';

const USERNAME = process.env.E2E_USER || 'admin';
const SITE = 'ACME-NORTH';

// Selectors (admin-ui/src/costs). Adjust them here, nowhere else.
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  sharedVendor: (page) => page.getByTestId('cost-shared-vendor'),
  catalogue: (page) => page.getByTestId('cost-catalogue'),
  importFile: (page) => page.getByTestId('cost-import-file'),
  importSubmit: (page) => page.getByTestId('cost-import-submit'),
  importDone: (page) => page.getByTestId('cost-import-done'),
  searchPart: (page) => page.getByTestId('cost-search-part'),
  quantity: (page) => page.getByTestId('cost-quantity'),
  row: (page, part) => page.locator(`[data-testid="cost-row"][data-part="${part}"]`),
  confirm: (page) => page.getByTestId('confirm-dialog'),
  confirmMessage: (page) => page.getByTestId('confirm-message'),
  confirmOk: (page) => page.getByTestId('confirm-ok'),
  title: (page) => page.getByTestId('page-title'),
};

/** The page title is below the top bar, not under it (issue 22: Cost Catalogue, Vendor Cost Review). */
async function assertTitleVisible(page, title) {
  // The address changes a moment before the new page replaces the old one's title: wait for this page's.
  await SEL.title(page).filter({ hasText: title }).waitFor({ timeout: 15_000 });
  assert.equal((await SEL.title(page).innerText()).trim(), title);
  const bar = await page.locator('header').first().boundingBox();
  const box = await SEL.title(page).boundingBox();
  assert.ok(bar && box, 'the top bar and the title are laid out');
  assert.ok(box.y >= bar.y + bar.height - 1, `the title (top ${box.y}) starts below the top bar (bottom ${bar.y + bar.height})`);
}

/** A one-sheet .xlsx (stored zip, inline strings): enough for the import, no library needed. */
function xlsx(rows) {
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const col = (i) => String.fromCharCode(65 + i); // at most 26 columns
  const cells = rows
    .map((row, r) => {
      const cs = row.map((v, c) => {
        const ref = `${col(c)}${r + 1}`;
        return typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`;
      });
      return `<row r="${r + 1}">${cs.join('')}</row>`;
    })
    .join('');
  const files = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData></worksheet>`,
  };
  const locals = [];
  const central = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(dir, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let page;
let scenario;
let close;
let api;
let workDir;
let file;
let sharedVendorId;
const stamp = Date.now().toString(36).toUpperCase();
const parts = [1, 2, 3].map((n) => `E2E-${stamp}-${n}`);

before(async () => {
  api = await apiSession(USERNAME, SITE);
  // The demo shared vendor SKF (its catalogue holds SKF parts).
  const found = await api('POST', '/V1/SharedVendor/Cost/Search', { mfg_code: 'SKF', pageSize: 100 });
  assert.equal(found.status, 200, JSON.stringify(found.body));
  sharedVendorId = found.body.itemList.find((c) => c.shared_vendor_name === 'SKF')?.shared_vendor_id;
  assert.ok(sharedVendorId, 'the demo shared vendor SKF has a catalogue');

  workDir = mkdtempSync(path.join(os.tmpdir(), 'asp-e2e-cost-catalogue-'));
  file = path.join(workDir, 'catalogue.xlsx');
  const header = ['mfg_code', 'mfg_part_no', 'description', 'start_date', 'end_date', 'type_pack_id', 'qty_break_1', 'cost_1', 'qty_break_2', 'cost_2', 'qty_break_3', 'cost_3'];
  writeFileSync(file, xlsx([header, ...parts.map((p, i) => ['SKF', p, `E2E bearing ${i + 1}`, day(-1), day(30), 'BX', 1, 10 + i, 10, 9 + i, 50, 8 + i])]));
  ({ page, scenario, close } = await launch('cost-catalogue'));
});

after(async () => {
  await close?.();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test(`(a) sign in as ${USERNAME}; Procurement > Cost Catalogue: SKF is found by name and its catalogue shown`, { timeout: 120_000 }, () =>
  scenario('open', async () => {
    await signInUI(page, USERNAME);
    await SEL.menuGroup(page, 'Procurement').click();
    await SEL.menuItem(page, 'costCatalogue').click();
    await page.waitForURL((u) => u.hash.startsWith('#/vendors/costCatalogue'));
    await assertTitleVisible(page, 'Cost Catalogue');
    // The shared vendor is found by name in the picker.
    await SEL.sharedVendor(page).fill('sk');
    await page.getByTestId(`cost-shared-vendor-option-${sharedVendorId}`).click();
    await SEL.catalogue(page).waitFor();
    assert.match(page.url(), new RegExp(`shared_vendor_id=${sharedVendorId}$`));
    assert.equal(await SEL.catalogue(page).getAttribute('data-shared-vendor-id'), String(sharedVendorId));
  }));

test('(b) import a catalogue .xlsx of three parts: the progress ends in "3 costs imported"', { timeout: 120_000 }, () =>
  scenario('import', async () => {
    await SEL.importFile(page).setInputFiles(file);
    await SEL.importSubmit(page).click();
    await SEL.importDone(page).waitFor({ timeout: 60_000 });
    assert.match(await SEL.importDone(page).innerText(), /^3 costs imported from catalogue\.xlsx/);
  }));

test('(c) the cost for 12 (between the breaks at 10 and 50) is the second break', { timeout: 120_000 }, () =>
  scenario('quantity', async () => {
    await SEL.searchPart(page).fill(parts[1]);
    await SEL.row(page, parts[1]).waitFor();
    await SEL.quantity(page).fill('12');
    const cell = SEL.row(page, parts[1]).getByTestId('cost-for-quantity');
    await page.waitForFunction((p) => document.querySelector(`[data-testid="cost-row"][data-part="${p}"] [data-testid="cost-for-quantity"]`)?.textContent?.trim() === '10.00', parts[1]);
    assert.equal((await cell.innerText()).trim(), '10.00', 'break 2 of the second part costs 9 + 1');
    assert.equal(await SEL.row(page, parts[1]).getByTestId('cost-break-hit').count(), 1);
  }));

test('(d) expire it: it leaves the current costs and ends yesterday', { timeout: 120_000 }, () =>
  scenario('expire', async () => {
    await SEL.row(page, parts[1]).getByTestId('cost-expire').click();
    // Asked first, naming the part and what expiring does.
    await SEL.confirm(page).waitFor();
    assert.match(await SEL.confirmMessage(page).innerText(), new RegExp(`SKF ${parts[1]}: a cost in force ends yesterday`));
    await SEL.confirmOk(page).click();
    await SEL.row(page, parts[1]).waitFor({ state: 'detached' });
    const r = await api('POST', '/V1/SharedVendor/Cost/Search', { shared_vendor_id: sharedVendorId, part: parts[1] });
    assert.equal(r.body.itemList[0].status, 'expired');
    assert.equal(r.body.itemList[0].end_date, day(-1));
  }));

test('(e) Procurement > Vendor Cost Review lists what differs at the site, with the chart', { timeout: 120_000 }, () =>
  scenario('review', async () => {
    const expected = await api('POST', '/V1/SharedVendor/ReviewCost', { pageSize: 10 });
    assert.equal(expected.status, 200, JSON.stringify(expected.body));
    assert.ok(expected.body.totalCount > 0, 'the demo catalogue differs from some of what the site pays');
    await SEL.menuGroup(page, 'Procurement').click();
    await SEL.menuItem(page, 'reviewCost').click();
    await page.waitForURL((u) => u.hash === '#/vendors/ReviewCost');
    await assertTitleVisible(page, 'Vendor Cost Review');
    await page.getByTestId('cost-review-row').first().waitFor();
    assert.equal(await page.getByTestId('cost-review-row').count(), Math.min(20, expected.body.totalCount));
    await page.getByTestId('cost-review-chart').waitFor();
  }));

test('(f) a buyer (SharedVendorCostView without SharedVendorCostEdit) is offered no import, add, edit or expire', { timeout: 120_000 }, async () => {
  const buyer = await launch('cost-catalogue-buyer');
  try {
    await buyer.scenario('buyer', async () => {
      const p = buyer.page;
      await signInUI(p, 'buyer');
      await p.goto(`${p.url().split('#')[0]}#/vendors/costCatalogue?shared_vendor_id=${sharedVendorId}`);
      await SEL.catalogue(p).waitFor();
      await p.getByTestId('cost-row').first().waitFor();
      for (const id of ['cost-add', 'cost-edit', 'cost-expire', 'cost-expire-selected', 'cost-import-section', 'cost-import-file']) {
        assert.equal(await p.getByTestId(id).count(), 0, `${id} is not offered to the buyer`);
      }
      await p.getByRole('button', { name: 'Export' }).waitFor();
      await p.screenshot({ path: path.join(ARTIFACTS, 'e2e-cost-catalogue-buyer.png') });
    });
  } finally {
    await buyer.close();
  }
});
