// Browser end-to-end test of the transactions screens (issue 9, docs/stock-ledger.md), run with node's test runner:
//   BASE_URL=http://127.0.0.1:18140 node --test tests/e2e/transactions.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the `warehouse` user holds TransactionView, Issue and Post
// at the ACME sites, employee E1002 draws there, every demo site stocks BRG-6204-2RS) and Debian's chromium.
// Posts a receipt and an issue through the API with the browser's own session, finds them in the Transactions
// search (reached from the menu), opens the issue, reverses it, and takes a screenshot.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, input, launch, signInUI } from './harness.mjs';

const USERNAME = process.env.E2E_LEDGER_USER || 'warehouse';
const CIP_CODE = process.env.E2E_CIP_CODE || 'BRG-6204-2RS';
const SITE = process.env.E2E_LEDGER_SITE || 'ACME-NORTH';

const SEL = {
  homeTitle: (page) => page.getByTestId('home-title'),
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  searchPage: (page) => page.getByTestId('transactions-page'),
  searchCip: (page) => page.getByTestId('transaction-cip'),
  searchButton: (page) => page.getByTestId('transaction-search-button'),
  row: (page, id) => page.getByTestId(`transaction-link-${id}`),
  detail: (page) => page.getByTestId('transaction-page'),
  detailQty: (page) => page.getByTestId('transaction-qty'),
  reverse: (page) => page.getByTestId('transaction-reverse'),
  confirmOk: (page) => page.getByTestId('confirm-ok'),
  reversed: (page) => page.getByTestId('transaction-reversed'),
  onHandNow: (page) => page.getByTestId('cip-now-on-hand'),
};
const SEARCH = /\/api\/V1\/Transaction\/SearchV2$/;
const REVERSE = /\/api\/V1\/Transaction\/Reverse$/;

let page;
let scenario;
let pageErrors;
let close;
const ids = {};

/** A call to the API with the signed-in browser's token (the console keeps it in local storage, asp.token). */
async function api(method, url, body) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = localStorage.getItem('asp.token');
      const r = await fetch(url, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    { method, url: `${BASE_URL}${url}`, body },
  );
}

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('transactions'));
});

after(async () => {
  await close?.();
});

test('(a) sign in as warehouse; post a receipt and an issue through the API', { timeout: 120_000 }, () =>
  scenario('post', async () => {
    await signInUI(page, USERNAME);
    // Work at ACME-NORTH (the warehouse user's sites are ACME-NORTH and ACME-SOUTH).
    const switched = await api('PUT', '/api/V1/Site/CurrentSite', { site_code: SITE });
    assert.equal(switched.status, 200, JSON.stringify(switched.body));
    await page.reload();
    await SEL.homeTitle(page).waitFor({ state: 'visible', timeout: 30_000 });
    const found = await api('GET', `/api/V1/Item/CIP/QuickSearch/CIPCode/${CIP_CODE}/${SITE}`);
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const hit = Array.isArray(found.body) ? found.body[0] : found.body?.resultList?.[0] ?? found.body?.itemList?.[0] ?? found.body;
    ids.cip = hit.cip_no;
    assert.ok(ids.cip, JSON.stringify(found.body));
    const rec = await api('POST', '/api/V1/Transaction/Receipt', { cip_no: ids.cip, qty: 5, unit_cost: 4.125, po_no: 'E2E-PO' });
    assert.equal(rec.status, 200, JSON.stringify(rec.body));
    ids.receipt = rec.body.transactions[0].tran_id;
    const iss = await api('POST', '/api/V1/Transaction/Issue', { cip_no: ids.cip, qty: 2, employee: 'E1002', req_no: 'E2E-REQ' });
    assert.equal(iss.status, 200, JSON.stringify(iss.body));
    ids.issue = iss.body.transactions[0].tran_id;
    ids.onHandAfterIssue = iss.body.transactions[0].qty_on_hand_after;
  }));

test('(b) the Transactions menu opens the search; both rows show for the CIP, newest first', { timeout: 120_000 }, () =>
  scenario('search', async () => {
    await SEL.menuGroup(page, 'Logistics').click();
    await SEL.menuItem(page, 'transactions').click();
    await SEL.searchPage(page).waitFor();
    // The item is picked by its code and shown as 'Description (CODE)', not typed as an id.
    await input(SEL.searchCip(page)).fill(CIP_CODE);
    await page.getByTestId(`transaction-cip-option-${ids.cip}`).click();
    const searched = page.waitForResponse((r) => SEARCH.test(r.url()) && (JSON.parse(r.request().postData() || '{}').cip_no === ids.cip));
    await SEL.searchButton(page).click();
    assert.equal((await searched).status(), 200);
    await SEL.row(page, ids.issue).waitFor();
    await SEL.row(page, ids.receipt).waitFor();
  }));

test('(c) open the issue; reverse it; it shows reversed and on hand is back', { timeout: 120_000 }, () =>
  scenario('reverse', async () => {
    await SEL.row(page, ids.issue).click();
    await SEL.detail(page).waitFor();
    assert.match(page.url(), new RegExp(`/transaction\\?id=${ids.issue}$`));
    assert.equal((await SEL.detailQty(page).innerText()).includes('-2'), true);
    const reversed = page.waitForResponse((r) => REVERSE.test(r.url()) && r.request().method() === 'POST');
    await SEL.reverse(page).click();
    await SEL.confirmOk(page).click();
    assert.equal((await reversed).status(), 200);
    await SEL.reversed(page).waitFor();
    const now = Number((await SEL.onHandNow(page).innerText()).replace(/[^0-9.-]/g, ''));
    assert.equal(now, ids.onHandAfterIssue + 2);
  }));

test('(d) screenshot of the transaction', { timeout: 60_000 }, () =>
  scenario('screenshot', async () => {
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-transactions.png'), fullPage: true });
    assert.deepEqual(pageErrors, []);
  }));
