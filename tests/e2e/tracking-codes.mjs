// Browser end-to-end test of the tracking code screens (issue 9, docs/tracking-codes.md), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18130 node --test tests/e2e/tracking-codes.mjs
// Needs a running `asp serve` with `asp seed --demo` data (levels Cost Centre, Job, Machine at ACME-NORTH; the
// `buyer` user holds T1View..T4View and TrackingCodeEdit there) and Debian's chromium (CHROMIUM_PATH overrides).
// Screenshots go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, input, launch, signInUI } from './harness.mjs';

const USERNAME = process.env.E2E_USER || 'buyer';
// A cost centre (level 1) and a job (level 2) of every demo site (api/src/seed/mod.rs and tracking.rs).
const CODE = 'CC-4300';
const JOB = 'WO-7781';
const WRONG_LEVEL = 'The tracking code you are trying to find does not exist in this tracking level.';

const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
};

let page;
let codeUrl;
let scenario;
let pageErrors;
let close;

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('tracking'));
});

after(async () => {
  await close?.();
});

test('(a) sign in as buyer; the Controls menu names the tracking code screens by the site levels', { timeout: 120_000 }, () =>
  scenario('menu', async () => {
    await signInUI(page, USERNAME);
    await SEL.menuGroup(page, 'Controls').click();
    for (const [entry, title] of [['trackingCodes1', 'Cost Centre'], ['trackingCodes2', 'Job'], ['trackingCodes3', 'Machine']]) {
      assert.equal((await SEL.menuItem(page, entry).innerText()).trim(), title);
    }
    await SEL.menuItem(page, 'trackingCodes1').click();
    await page.getByTestId('tracking-search-page').waitFor();
    assert.match(page.url(), /#\/trackingcode\/trackingCodeSearch\/1$/);
  }));

test('(b) search the cost centres and open a code', { timeout: 120_000 }, () =>
  scenario('open', async () => {
    await page.getByTestId('tracking-search-text').fill('CC-43');
    await page.getByTestId('tracking-search-button').click();
    await page.locator(`[data-testid="tracking-row"][data-number="${CODE}"]`).waitFor();
    assert.equal(await page.getByTestId('tracking-row').count(), 1);
    await page.getByTestId(`tracking-link-${CODE}`).click();
    await page.getByTestId('tracking-detail').waitFor();
    assert.equal((await page.getByTestId('tracking-number').innerText()).trim(), CODE);
    assert.match(await page.getByTestId('tracking-level').innerText(), /Cost Centre/);
    codeUrl = page.url();
    assert.match(codeUrl, /#\/trackingcode\/trackingCodeSearch\/1\?id=\d+$/);
  }));

test('(c) set the monthly limit and its override flag; the detail and the history show them', { timeout: 120_000 }, () =>
  scenario('limits', async () => {
    const amount = String(1000 + Math.floor(Math.random() * 900));
    await page.getByTestId('tracking-limits-edit').click();
    await page.getByTestId('tracking-limit-input-monthly').fill(amount);
    const override = page.getByTestId('tracking-override-input-monthly');
    if (!(await override.isChecked())) await override.check();
    const saved = page.waitForResponse((r) => /\/api\/V1\/TrackingCode\/Min3\/Update$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByTestId('tracking-limits-save').click();
    const answer = await saved;
    assert.equal(answer.status(), 200);
    const body = await answer.json();
    assert.equal(body.limitMonthly, Number(amount));
    assert.equal(body.overrideMonthly, true);
    await page.getByTestId('tracking-limit-monthly').filter({ hasText: Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 }) }).waitFor();
    assert.equal((await page.getByTestId('tracking-override-monthly').innerText()).trim(), 'Yes');
    await page.getByTestId('tracking-history-list-action').filter({ hasText: 'Updated the limits of the tracking code' }).first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-tracking-code-limits.png'), fullPage: true });
  }));

test('(d) a code opened under another level is refused with the route guard message', { timeout: 120_000 }, () =>
  scenario('guard', async () => {
    // The job WO-7781 is a level 2 code: its id under level 1 is refused and the user lands on level 1's search.
    await page.goto(`${BASE_URL}/#/trackingcode/trackingCodeSearch/2`);
    await page.getByTestId('tracking-search-text').fill(JOB);
    await page.getByTestId('tracking-search-button').click();
    await page.getByTestId(`tracking-link-${JOB}`).click();
    await page.getByTestId('tracking-detail').waitFor();
    const id = new URL(page.url().replace('#/', '')).searchParams.get('id');
    assert.ok(id, 'the job has an id');
    await page.goto(`${BASE_URL}/#/trackingcode/trackingCodeSearch/1?id=${id}`);
    await page.getByText(WRONG_LEVEL).first().waitFor();
    await page.waitForURL((u) => u.hash === '#/trackingcode/trackingCodeSearch/1');
    await page.getByTestId('tracking-search-page').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-tracking-code-guard.png'), fullPage: true });
    assert.deepEqual(pageErrors, []);
  }));
