// Browser end-to-end test of cycle counts and the min/max review (issue 9), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18080 node --test tests/e2e/cycle-counts.mjs
// Needs `asp serve` with `asp seed --demo` data: `warehouse` counts (CycleCountEnter) and `buyer` approves and
// reviews min/max (CycleCountApprove, APDReview) at ACME-NORTH, whose CIP GLV-NTR-L sits alone at B-02-03 with 60
// on hand and has a min/max suggestion. Debian's chromium through playwright-core; screenshots in test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, apiSession, input, launch, signInUI } from './harness.mjs';

const CIP_CODE = process.env.E2E_COUNT_CIP || 'GLV-NTR-L';
const LOCATION = process.env.E2E_COUNT_LOCATION || 'B-02-03';

const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
};

let page;
let scenario;
let pageErrors;
let close;
let sheetId;

// The current site is kept per user on the server, and earlier e2e files move the buyer to ACME-SOUTH: the user is
// put at ACME-NORTH through the API first, so the console opens there.
async function signIn(user) {
  await apiSession(user, 'ACME-NORTH');
  await signInUI(page, user);
}

const go = async (route) => {
  await page.goto(`${BASE_URL}/#${route}`);
};
const answered = (re, method = 'POST') => page.waitForResponse((r) => re.test(r.url()) && r.request().method() === method);

/**
 * The list says N and pages through all N (issue 22: "200 suggestion(s)" showed 100 rows without a pager): the
 * pager's text agrees with the total, and when there is a second page it opens with the rows after the first 50.
 */
async function assertPaged(totalId, pagerId, rowSelector) {
  await page.getByTestId(`${pagerId}-pager-text`).waitFor();
  const total = Number((await page.getByTestId(totalId).innerText()).match(/^[\d,]+/)[0].replace(/,/g, ''));
  const text = (await page.getByTestId(`${pagerId}-pager-text`).innerText()).trim();
  if (total <= 50) return assert.equal(text, total ? `Showing all ${total} records` : 'No Records');
  assert.equal(text, `Records 1 - 50 of ${total}`);
  assert.equal(await page.locator(rowSelector).count(), 50);
  await page.getByTestId(`${pagerId}-page-next`).click();
  await page.getByTestId(`${pagerId}-pager-text`).filter({ hasText: `Records 51 - ${Math.min(100, total)} of ${total}` }).waitFor();
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length > 0, rowSelector);
  assert.equal(await page.locator(rowSelector).count(), Math.min(50, total - 50));
  await page.getByTestId(`${pagerId}-page-first`).click();
  await page.getByTestId(`${pagerId}-pager-text`).filter({ hasText: 'Records 1 - 50' }).waitFor();
}

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('cycle-counts'));
});

after(async () => {
  await close?.();
});

test('(a) the warehouse generates a sheet and counts it blind with the keyboard', { timeout: 180_000 }, () =>
  scenario('count', async () => {
    await signIn('warehouse');
    await SEL.menuGroup(page, 'Items').click();
    await SEL.menuItem(page, 'cycleCountSheets').click();
    await page.waitForURL((u) => u.hash.startsWith('#/cycleCount/sheets'));
    await input(page.getByTestId('sheet-location-from')).fill(LOCATION);
    await input(page.getByTestId('sheet-location-to')).fill(LOCATION);
    const created = answered(/\/api\/V1\/CycleCount\/Sheet$/);
    await page.getByTestId('create-sheet').click();
    const answer = await created;
    assert.equal(answer.status(), 200, await answer.text());
    const body = await answer.json();
    sheetId = body.sheet.sheet_id;
    assert.ok(!JSON.stringify(body).includes('expected'), 'the counter is never told the expected quantity');
    await page.waitForURL((u) => u.hash === `#/cycleCount/sheets/${sheetId}`);
    const field = page.getByTestId(`count-${CIP_CODE}`);
    await field.waitFor();
    // Blind: nothing on the screen says how many there should be.
    const text = await page.locator('main').innerText().catch(() => page.locator('body').innerText());
    assert.ok(!/expected|on hand/i.test(text), `the entry screen shows no expected quantity: ${text}`);
    // Type the counts, Enter moves to the next line (the last Enter lands on "Save counts").
    // The sheet holds every due CIP at the location, in CIP order: the one we follow is counted 45 (60 on hand),
    // the others 0. The first field has the focus; Enter moves down.
    const codes = await page.locator('[data-testid^="count-line-"]').evaluateAll((rows) => rows.map((r) => r.dataset.testid.replace('count-line-', '')));
    assert.ok(codes.includes(CIP_CODE), `${CIP_CODE} is on the sheet: ${codes}`);
    await page.getByTestId(`count-${codes[0]}`).focus();
    for (const code of codes) {
      await page.keyboard.type(code === CIP_CODE ? '45' : '0');
      await page.keyboard.press('Enter');
    }
    const saved = answered(new RegExp(`/api/V1/CycleCount/Sheet/${sheetId}/Count$`));
    await page.getByTestId('save-counts').click();
    assert.equal((await saved).status(), 200);
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-cycle-counts-entry.png'), fullPage: true });
    const submitted = answered(new RegExp(`/api/V1/CycleCount/Sheet/${sheetId}/Submit$`));
    await page.getByTestId('submit-sheet').click();
    const s = await submitted;
    assert.equal(s.status(), 200, await s.text());
    assert.ok(!(await s.text()).includes('expected'));
    await page.getByTestId('sheet-status').filter({ hasText: 'Submitted' }).waitFor();
  }));

test('(b) the buyer approves the variance and sees on hand become the count', { timeout: 180_000 }, () =>
  scenario('approve', async () => {
    assert.ok(sheetId, 'a sheet was submitted in (a)');
    await signIn('buyer');
    await go('/cycleCount/approval');
    await page.getByTestId(`approval-sheet-${sheetId}`).click();
    const row = page.getByTestId(`review-line-${CIP_CODE}`);
    await row.waitFor();
    assert.equal((await page.getByTestId(`on-hand-${CIP_CODE}`).innerText()).trim(), '60');
    // Approving asks first and says what it does (issue 22: a write-off was approved in one click): 60 on hand
    // counted 45 writes off 15 units.
    await page.getByTestId(`approve-${CIP_CODE}`).click();
    await page.getByTestId('confirm-dialog').waitFor();
    assert.match(await page.getByTestId('confirm-message').innerText(), /write off 15 unit\(s\) worth \$?[\d,]+\.\d\d/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-cycle-counts-approve-confirm.png') });
    const decided = answered(new RegExp(`/api/V1/CycleCount/Sheet/${sheetId}/Approve$`));
    await page.getByTestId('confirm-ok').click();
    assert.equal((await decided).status(), 200);
    // The other lines of the sheet wait too: approve them one by one, then the sheet posts.
    await page.getByTestId(`approve-${CIP_CODE}`).waitFor({ state: 'detached' });
    const next = page.locator('[data-testid^="approve-"]:not([data-testid="approve-all"])');
    for (let i = 0; i < 20; i++) {
      const n = await next.count();
      if (n === 0) break;
      const done = answered(new RegExp(`/api/V1/CycleCount/Sheet/${sheetId}/Approve$`));
      await next.first().click();
      await page.getByTestId('confirm-ok').click();
      assert.equal((await done).status(), 200);
      await page.waitForFunction(
        (before) => document.querySelectorAll('[data-testid^="approve-"]:not([data-testid="approve-all"])').length < before,
        n,
      );
    }
    await page.getByTestId('review-status').filter({ hasText: 'Posted' }).waitFor();
    await page.getByTestId(`on-hand-${CIP_CODE}`).filter({ hasText: /^45$/ }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-cycle-counts-approval.png'), fullPage: true });
  }));

test('(c) the min/max review: accept one suggestion', { timeout: 180_000 }, () =>
  scenario('minmax', async () => {
    await SEL.menuGroup(page, 'Items').click();
    await SEL.menuItem(page, 'minMaxReview').click();
    await page.waitForURL((u) => u.hash.startsWith('#/apd/review'));
    await assertPaged('suggestion-total', 'suggestions', 'tr[data-testid^="suggestion-"]');
    const row = page.locator('[data-testid^="suggestion-"]').filter({ has: page.locator('[data-testid^="accept-"]') }).first();
    await row.waitFor();
    const code = (await row.getAttribute('data-testid')).replace('suggestion-', '');
    await row.click();
    await page.getByTestId('usage-chart').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-min-max-review.png'), fullPage: true });
    const accepted = answered(/\/api\/V1\/APD\/Accept$/);
    await page.getByTestId(`accept-${code}`).click();
    const a = await accepted;
    assert.equal(a.status(), 200, await a.text());
    // The accepted suggestion leaves the pending list; its CIP now carries the suggested min/max.
    await page.getByTestId(`accept-${code}`).waitFor({ state: 'detached' });
    assert.equal(pageErrors.length, 0, pageErrors.join('\n'));
  }));

test('(d) the count plan pages through every CIP due', { timeout: 180_000 }, () =>
  scenario('plan', async () => {
    await signIn('warehouse');
    await go('/cycleCount/plan');
    await page.getByTestId('due-total').waitFor();
    await assertPaged('due-total', 'due', '[data-testid="count-plan-due"] tbody tr');
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-count-plan.png'), fullPage: true });
    assert.equal(pageErrors.length, 0, pageErrors.join('\n'));
  }));
