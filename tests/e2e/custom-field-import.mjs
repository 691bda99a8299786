// Browser end-to-end test of the console's 'Import values' tab of Custom Fields (itemCidPostCustomUpdateImport), run
// with node's test runner:
//   BASE_URL=http://127.0.0.1:18080 node tests/e2e/custom-field-import.mjs
// Needs a running `asp serve` with `asp seed --demo` data (every demo site defines CIP custom fields, among them a
// number field, api/src/seed/custom_fields.rs) and Debian's chromium. playwright-core never downloads a browser: it
// drives /usr/bin/chromium (CHROMIUM_PATH overrides). `admin` (ItemEdit everywhere) imports at ACME-NORTH: the setup
// makes that its current site and looks the CIPs and the field up through the API. Artifacts (screenshots) go to
// <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS, apiSession, launch, signInUI } from './harness.mjs';

const USERNAME = process.env.E2E_USER || 'admin';
const SITE = 'ACME-NORTH';

// ---------------------------------------------------------------------------------------------------------------
// Selectors (admin-ui/src/items/README.md lists the data-testids). Adjust them here, nowhere else.
// ---------------------------------------------------------------------------------------------------------------
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  customFieldsPage: (page) => page.getByTestId('custom-fields-page'),
  importTab: (page) => page.getByTestId('custom-fields-tab-import'),
  importPanel: (page) => page.getByTestId('custom-import-panel'),
  importEntity: (page, entity) => page.getByTestId(`custom-import-entity-${entity}`),
  importColumns: (page) => page.getByTestId('custom-import-columns'),
  importFile: (page) => page.getByTestId('custom-import-file'),
  importFileName: (page) => page.getByTestId('custom-import-file-name'),
  importSubmit: (page) => page.getByTestId('custom-import-submit'),
  importResult: (page) => page.getByTestId('custom-import-result'),
  importSummary: (page) => page.getByTestId('custom-import-summary'),
  refusals: (page) => page.getByTestId('custom-import-refusal'),
};
const IMPORT = /\/api\/V1\/Item\/CID\/Custom\/Update\/Import\?entity_type=CIP$/;

// ---------------------------------------------------------------------------------------------------------------
let page;
let scenario;
let pageErrors;
let close;
let api;
let workDir;

/** The value a CIP holds in a custom field slot (null when blank). */
async function cipValue(cipNo, fieldNo) {
  const r = await api('GET', `/V1/Item/CIP/Custom/Values/${cipNo}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.fields.find((f) => f.field_no === fieldNo)?.value ?? null;
}

// What the setup finds: a number field of the site's CIPs, two CIPs, the values of the file and the reason the API
// gives for the bad one.
let field;
let good;
let bad;
let goodValue;
let badBefore;
let badReason;
let csvFile;

before(async () => {
  // The stored current site, which the console starts at too.
  api = await apiSession(USERNAME, SITE);

  const defs = await api('GET', '/V1/Item/CIP/Custom/Definitions?entity_type=CIP');
  assert.equal(defs.status, 200, JSON.stringify(defs.body));
  field = defs.body.definitions.find((d) => d.field_type === 'number');
  assert.ok(field, `a number custom field of CIPs is defined at ${SITE} (demo: Shelf Capacity)`);

  const search = await api('POST', '/V1/Item/CIP/Search', { pageSize: 20, sortField: 'cip_no', sortDirection: 'asc' });
  assert.equal(search.status, 200, JSON.stringify(search.body));
  const rows = (search.body.resultList ?? search.body.itemList ?? []).filter((r) => r.cip_code && /^[\w.-]+$/.test(r.cip_code));
  assert.ok(rows.length >= 2, `two CIPs at ${SITE}`);
  [good, bad] = rows;

  // A value the good CIP does not hold yet, so that the import is seen to store it.
  const current = await cipValue(good.cip_no, field.field_no);
  goodValue = String(100 + (Date.now() % 800));
  if (goodValue === current) goodValue = String(Number(goodValue) + 1);
  badBefore = await cipValue(bad.cip_no, field.field_no);

  // The reason the API gives for a value that is not a number (the same check as the import's; nothing is stored).
  const refused = await api('PUT', '/V1/Item/CIP/Custom', { cip_no: bad.cip_no, values: [{ field_no: field.field_no, value: 'lots' }] });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  badReason = refused.body.errors.find((e) => e.field === `custom${field.field_no}`)?.error;
  assert.ok(badReason, JSON.stringify(refused.body));

  workDir = mkdtempSync(path.join(os.tmpdir(), 'asp-e2e-custom-field-import-'));
  // Row 2 is good, row 3 breaks the field's definition (header = row 1, as the API counts).
  csvFile = path.join(workDir, 'custom-values.csv');
  writeFileSync(csvFile, `cip_code,${field.label}\r\n${good.cip_code},${goodValue}\r\n${bad.cip_code},lots\r\n`);

  ({ page, scenario, pageErrors, close } = await launch('custom-field-import'));
});

after(async () => {
  await close?.();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test(`(a) sign in as ${USERNAME}; Items > Custom Fields has the 'Import values' tab`, { timeout: 120_000 }, () =>
  scenario('open', async () => {
    await signInUI(page, USERNAME);
    await SEL.menuGroup(page, 'Items').click();
    await SEL.menuItem(page, 'customFields').click();
    await page.waitForURL((u) => u.hash === '#/item/customFields');
    await SEL.customFieldsPage(page).waitFor();
    await SEL.importTab(page).click();
    await SEL.importPanel(page).waitFor();
    await SEL.importEntity(page, 'CIP').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="custom-import-panel"]')?.getAttribute('data-entity-type') === 'CIP');
    // The template's columns are the API's: the CIP code, then the site's CIP fields by label.
    await page.waitForFunction((label) => document.querySelector('[data-testid="custom-import-columns"]')?.textContent?.includes(label), field.label);
    assert.match(await SEL.importColumns(page).innerText(), /^Template columns: cip_code, /);
  }));

test('(b) import a CSV of one good and one bad row: 1 applied, the bad row refused with its reason', { timeout: 120_000 }, () =>
  scenario('import', async () => {
    await SEL.importFile(page).setInputFiles(csvFile);
    await page.waitForFunction(() => document.querySelector('[data-testid="custom-import-file-name"]')?.textContent?.startsWith('custom-values.csv'));
    const answered = page.waitForResponse((r) => IMPORT.test(r.url()) && r.request().method() === 'POST');
    await SEL.importSubmit(page).click();
    const answer = await answered;
    assert.equal(answer.status(), 200, 'the import answers its report');
    const report = await answer.json();
    assert.deepEqual([report.total_rows, report.applied_rows, report.refused_rows], [2, 1, 1]);

    await SEL.importResult(page).waitFor();
    const summary = await SEL.importSummary(page).innerText();
    assert.match(summary, /\b1 applied\b/, summary);
    assert.match(summary, /\b1 refused\b/, summary);
    assert.equal(await SEL.refusals(page).count(), 1, 'one refused row');
    const row = SEL.refusals(page).first();
    assert.equal(await row.getAttribute('data-row'), '3');
    assert.equal((await row.getByTestId('custom-import-refusal-row').innerText()).trim(), '3');
    assert.equal((await row.getByTestId('custom-import-refusal-key').innerText()).trim(), bad.cip_code);
    assert.equal((await row.getByTestId('custom-import-refusal-field').innerText()).trim(), `custom${field.field_no}`);
    assert.equal((await row.getByTestId('custom-import-refusal-error').innerText()).trim(), badReason);
  }));

test('(c) the API holds the good value; the refused row changed nothing', { timeout: 60_000 }, () =>
  scenario('stored', async () => {
    assert.equal(await cipValue(good.cip_no, field.field_no), goodValue, `${good.cip_code} holds the imported ${field.label}`);
    assert.equal(await cipValue(bad.cip_no, field.field_no), badBefore, `${bad.cip_code} keeps its ${field.label}`);
  }));

test('(d) screenshot of the import result', { timeout: 60_000 }, () =>
  scenario('screenshot', async () => {
    await page.mouse.move(0, 0);
    const file = path.join(ARTIFACTS, 'e2e-custom-field-import.png');
    await page.screenshot({ path: file, fullPage: true });
    console.log(`# screenshot: ${file}`);
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
  }));
