// Browser end-to-end tests of the staff console's administrator and developer tools (spec 2), run with node's test
// runner:
//   BASE_URL=http://127.0.0.1:18080 node --test tests/e2e/devops.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the `admin` user holds FSSConnectAdmin) and Debian's
// chromium. playwright-core never downloads a browser: it drives /usr/bin/chromium (CHROMIUM_PATH overrides).
// Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, input, launch, signInUI, postedTo, requestBody } from './harness.mjs';

const USERNAME = process.env.E2E_ADMIN_USER || 'admin';
const PASSWORD = process.env.E2E_ADMIN_PASSWORD || 'Demo@pass1';

// ---------------------------------------------------------------------------------------------------------------
// Selectors and texts (admin-ui/README.md lists the data-testids). Adjust them here, nowhere else.
// ---------------------------------------------------------------------------------------------------------------
const SEL = {
  menuGroup: (page, group) => page.getByTestId(`menu-${group}`),
  menuItem: (page, name) => page.getByTestId(`menu-item-${name}`),
  pageTitle: (page) => page.getByTestId('page-title'),
  // ASP Releases
  releasesRows: (page) => page.getByTestId('releases-row'),
  releasesSort: (page, field) => page.getByTestId(`releases-sort-${field}`),
  releasesPagerText: (page) => page.getByTestId('releases-pager-text'),
  releasesExport: (page) => page.getByTestId('releases-export'),
  releaseLinks: (page) => page.locator('[data-testid^="release-link-"]'),
  releaseDetailNumber: (page) => page.getByTestId('release-detail-number'),
  releaseReturn: (page) => page.getByTestId('release-return'),
  // Job List
  jobList: (page) => page.getByTestId('job-list'),
  jobStatuses: (page) => page.locator('[data-testid^="job-status-"]'),
  // Database Tools
  dbSearch: (page) => page.getByTestId('dbtools-search'),
  dbSearchButton: (page) => page.getByTestId('dbtools-search-button'),
  dbObjectLinks: (page) => page.getByTestId('dbtools-object-link'),
  dbGrid: (page) => page.getByTestId('dbtools-grid'),
  dbSource: (page) => page.getByTestId('dbtools-source'),
  dbReturn: (page) => page.getByTestId('dbtools-return'),
  dbHistoryLinks: (page) => page.getByTestId('dbtools-history-link'),
  dbHistoryRows: (page) => page.getByTestId('dbtoolsHistory-row'),
  dbHistoryRowChecks: (page) => page.locator('[data-testid="dbtoolsHistory-row"] input[type="checkbox"]'),
  dbCompare: (page) => page.getByTestId('dbtools-compare'),
  dbDiffDialog: (page) => page.getByTestId('dbtools-diff-dialog'),
  dbDiffClose: (page) => page.getByTestId('dbtools-diff-close'),
  // Grids (any grid id)
  rows: (page, grid) => page.getByTestId(`${grid}-row`),
  pagerText: (page, grid) => page.getByTestId(`${grid}-pager-text`),
  pageSize: (page, grid) => page.getByTestId(`${grid}-page-size`),
  pageSizeOption: (page, grid, n) => page.getByTestId(`${grid}-page-size-option-${n}`),
  // Job history
  jobRows: (page) => page.getByTestId('jobs-row'),
  jobHistoryButton: (page, id) => page.getByTestId(`job-history-${id}`),
  jobHistoryDialog: (page) => page.getByTestId('job-history-dialog'),
  jobHistoryClose: (page) => page.getByTestId('job-history-close'),
  // ASP Error Log
  errorLog: (page) => page.getByTestId('error-log'),
  errorTabFiltered: (page) => page.getByTestId('error-tab-filtered'),
  // Alert Auditing
  alertSearch: (page) => page.getByTestId('alert-search'),
  alertSearchButton: (page) => page.getByTestId('alert-search-button'),
  alertLinks: (page) => page.locator('[data-testid^="alert-link-"]'),
  alertInfoId: (page) => page.getByTestId('alert-info-id'),
  alertReturn: (page) => page.getByTestId('alert-return'),
  // Glossary
  glossary: (page) => page.getByTestId('glossary'),
  releasesPage: (page) => page.getByTestId('releases-page'),
};
const TEXT = {
  exportName: 'AspExport.xlsx',
  jobStatus: /^(Stopped|Running|Scheduled)$/,
  pager: /^(No Records|Showing all \d+ records|Records \d+ - \d+ of \d+)$/,
};
const RELEASE_SEARCH = /\/api\/V1\/DevOps\/Release\/Search$/;
const DB_SEARCH = /\/api\/V1\/DevOps\/DBTools\/GetChangedObjects$/;
const DB_HISTORY = /\/api\/V1\/DevOps\/DBTools\/GetObjectHistory$/;
const JOB_HISTORY = /\/api\/V1\/DevOps\/Job\/\d+\/History$/;
const ERROR_SEARCH = /\/api\/V1\/DevOps\/ErrorLog\/Search$/;
const ERROR_FILTERED_SEARCH = /\/api\/V1\/DevOps\/ErrorLog\/Filtered\/Search$/;
const ALERT_SEARCH = /\/api\/V1\/AlertAuditing\/Search$/;
const ALERT_USERS = /\/api\/V1\/AlertAuditing\/Users$/;
const GLOSSARY_SEARCH = /\/api\/V1\/DevOps\/Glossary\/Search$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The next POST to a search whose body passes `accept`. */
const searchPosted = (url, accept) => postedTo(page, url, accept);

// ---------------------------------------------------------------------------------------------------------------
let page;
let scenario;
let pageErrors;
let close;

// Runs a scenario; on failure saves test-artifacts/e2e-devops-fail-<name>.png before rethrowing.

/** Opens a devops page through Controls > DevOps (or Help), falling back to the address when the menu lacks it. */
async function openFromMenu(group, item, route) {
  const groupButton = SEL.menuGroup(page, group);
  if (await groupButton.isVisible().catch(() => false)) {
    await groupButton.click();
    const entry = SEL.menuItem(page, item);
    if (await entry.isVisible({ timeout: 5_000 }).catch(() => false)) {
      await entry.click();
      await page.waitForURL((u) => u.hash.startsWith(`#${route}`), { timeout: 10_000 });
      return;
    }
    await page.keyboard.press('Escape');
    console.error(`# menu entry ${group} > ${item} not found; opening #${route} directly`);
  }
  await page.goto(`${BASE_URL}/#${route}`);
}


before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('devops'));
});

after(async () => {
  await close?.();
});

test('(a) sign in as admin', { timeout: 120_000 }, () =>
  scenario('signin', async () => {
    await signInUI(page, USERNAME, PASSWORD);
  }));

test('(b) ASP Releases: sort, open a release, return, export AspExport.xlsx', { timeout: 120_000 }, () =>
  scenario('releases', async () => {
    const firstLoad = page.waitForResponse((r) => RELEASE_SEARCH.test(r.url()) && r.request().method() === 'POST');
    await openFromMenu('Controls', 'aspReleases', '/devops/aspReleases');
    const first = await firstLoad;
    assert.equal(first.status(), 200, 'the release search answers 200');
    assert.deepEqual(
      { ...requestBody(first.request()) },
      { pageNumber: 0, pageSize: 10, sortField: 'release_number', sortDirection: 'desc' },
      'the first search asks for page 0 sorted by release number descending',
    );
    await SEL.pageTitle(page).filter({ hasText: 'ASP Releases' }).waitFor();
    await SEL.releasesRows(page).first().waitFor();
    assert.match(await SEL.releasesPagerText(page).innerText(), TEXT.pager);

    // Sort by clicking the Title header: the search is sent again from page 0 with the new sort.
    const sorted = page.waitForResponse((r) => RELEASE_SEARCH.test(r.url()) && requestBody(r.request())?.sortField === 'release_title');
    await SEL.releasesSort(page, 'release_title').click();
    const sortedResponse = await sorted;
    assert.equal(sortedResponse.status(), 200);
    assert.equal(requestBody(sortedResponse.request()).pageNumber, 0);
    assert.equal(requestBody(sortedResponse.request()).sortDirection, 'asc');
    const answer = await sortedResponse.json();
    const titles = answer.itemList.map((r) => r.release_title);
    assert.ok(titles.length > 0, 'the sorted search finds releases');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="releases-row"]').length === n,
      titles.length,
    );

    // Open the first release and go back.
    const link = SEL.releaseLinks(page).first();
    const number = (await link.innerText()).trim();
    await link.click();
    await SEL.releaseDetailNumber(page).waitFor();
    assert.equal((await SEL.releaseDetailNumber(page).innerText()).trim(), number, 'the detail shows the chosen release');
    await SEL.pageTitle(page).filter({ hasText: 'ASP Release Details' }).waitFor();
    await SEL.releaseReturn(page).click();
    await SEL.releasesRows(page).first().waitFor();

    // Export: a download named AspExport.xlsx that is a zip (xlsx) file.
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await SEL.releasesExport(page).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), TEXT.exportName);
    const saved = await file.path();
    const bytes = readFileSync(saved);
    assert.ok(bytes.length > 2, 'the export is not empty');
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'the export starts like a zip (xlsx) file');
  }));

test('(c) Job List shows jobs with a status text', { timeout: 60_000 }, () =>
  scenario('jobs', async () => {
    await openFromMenu('Controls', 'jobList', '/devops/jobList');
    await SEL.jobList(page).waitFor();
    await SEL.jobStatuses(page).first().waitFor();
    const statuses = (await SEL.jobStatuses(page).allInnerTexts()).map((s) => s.trim());
    assert.ok(statuses.length >= 1, 'at least one job');
    for (const s of statuses) assert.match(s, TEXT.jobStatus);
  }));

test('(d) Database Tools: search and open an object', { timeout: 90_000 }, () =>
  scenario('dbtools', async () => {
    // The screen once asked for the saved search defaults with a call answering 404 (a console error).
    const failed = [];
    const onResponse = (r) => r.status() >= 400 && r.url().includes('/api/') && failed.push(`${r.status()} ${r.url()}`);
    page.on('response', onResponse);
    await openFromMenu('Controls', 'dbtools', '/devops/dbtools');
    await SEL.dbSearch(page).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    assert.deepEqual(failed, [], 'opening Database Tools makes no failing request');
    const searched = page.waitForResponse((r) => DB_SEARCH.test(r.url()) && r.request().method() === 'POST');
    await SEL.dbSearchButton(page).click();
    const response = await searched;
    assert.equal(response.status(), 200, 'GetChangedObjects answers 200');
    const body = requestBody(response.request());
    assert.match(body.startDate ?? '', ISO_DATE, 'the first search already carries the form (90 days back to tomorrow)');
    assert.match(body.endDate ?? '', ISO_DATE);
    assert.equal(body.pageNumber, 0);
    const answer = await response.json();
    assert.ok(answer.resultList.length > 0, `the search finds changed objects (totalCount ${answer.totalCount})`);
    await SEL.dbObjectLinks(page).first().waitFor();
    const label = (await SEL.dbObjectLinks(page).first().innerText()).trim();
    await SEL.dbObjectLinks(page).first().click();
    await SEL.dbSource(page).waitFor();
    await SEL.pageTitle(page).filter({ hasText: 'Database Tools View' }).waitFor();
    assert.ok((await SEL.dbSource(page).innerText()).trim().length > 0, `the source of ${label} is shown`);
    assert.equal((await SEL.dbReturn(page).innerText()).trim(), 'Return to Database Tools');
  }));

test('(e) ASP Releases: another page size searches again from page 0; the resource address shows the same list', { timeout: 60_000 }, () =>
  scenario('release-page-size', async () => {
    await page.goto(`${BASE_URL}/#/devops/aspReleases`);
    await SEL.releasesRows(page).first().waitFor();
    const resized = searchPosted(RELEASE_SEARCH, (b) => b.pageSize === 20);
    await SEL.pageSize(page, 'releases').click();
    await SEL.pageSizeOption(page, 'releases', 20).click();
    const response = await resized;
    assert.deepEqual(requestBody(response.request()), {
      pageNumber: 0,
      pageSize: 20,
      sortField: 'release_number',
      sortDirection: 'desc',
    });
    await page.waitForFunction(() => !document.querySelector('[role="listbox"]'));

    // react-admin's own route of the resource renders the same screen.
    const again = searchPosted(RELEASE_SEARCH);
    await page.goto(`${BASE_URL}/#/releases`);
    assert.equal((await again).status(), 200);
    await SEL.releasesPage(page).waitFor();
    await SEL.releasesRows(page).first().waitFor();
    assert.match(await SEL.releasesPagerText(page).innerText(), TEXT.pager);
  }));

test('(f) Job List: the history dialog searches the runs of that job', { timeout: 60_000 }, () =>
  scenario('job-history', async () => {
    await openFromMenu('Controls', 'jobList', '/devops/jobList');
    await SEL.jobRows(page).first().waitFor();
    const jobId = await SEL.jobRows(page).first().getAttribute('data-job-id');
    const history = searchPosted(JOB_HISTORY);
    await SEL.jobHistoryButton(page, jobId).click();
    const response = await history;
    assert.equal(response.status(), 200);
    assert.ok(response.url().endsWith(`/Job/${jobId}/History`), `the history of job ${jobId} (${response.url()})`);
    assert.deepEqual(requestBody(response.request()), { pageNumber: 0, pageSize: 10, sortField: 'job_run_id', sortDirection: 'desc' });
    await SEL.jobHistoryDialog(page).waitFor();
    await page.waitForFunction(() => /^(No Records|Showing all \d+ records|Records \d+ - \d+ of \d+)$/.test(
      document.querySelector('[data-testid="jobHistory-pager-text"]')?.textContent ?? '',
    ));
    await SEL.jobHistoryClose(page).click();
    await SEL.jobHistoryDialog(page).waitFor({ state: 'hidden' });
  }));

test('(g) ASP Error Log: the Log tab searches the default window at once; the Filtered List tab its own', { timeout: 60_000 }, () =>
  scenario('error-log', async () => {
    const log = searchPosted(ERROR_SEARCH);
    await openFromMenu('Controls', 'errorList', '/devops/errorList');
    const logResponse = await log;
    assert.equal(logResponse.status(), 200);
    const body = requestBody(logResponse.request());
    assert.match(body.start_date, ISO_DATE);
    assert.match(body.end_date, ISO_DATE);
    assert.deepEqual(
      { ...body, start_date: 'x', end_date: 'x' },
      { start_date: 'x', end_date: 'x', filter_id: null, application_name: null, pageNumber: 0, pageSize: 10, sortField: 'asp_error_log_ID', sortDirection: 'desc' },
      "'All' filters and applications are sent as null",
    );
    await SEL.errorLog(page).waitFor();
    assert.match(await SEL.pagerText(page, 'errorLog').innerText(), TEXT.pager);

    const filtered = searchPosted(ERROR_FILTERED_SEARCH);
    await SEL.errorTabFiltered(page).click();
    const filteredResponse = await filtered;
    assert.equal(filteredResponse.status(), 200);
    const filteredBody = requestBody(filteredResponse.request());
    assert.deepEqual(Object.keys(filteredBody).sort(), ['end_date', 'pageNumber', 'pageSize', 'start_date'], 'no sort: the API orders the filters');
    await SEL.pagerText(page, 'errorFilters').waitFor();
  }));

test('(h) Alert Auditing: search on demand, open a notification, come back to the same list', { timeout: 90_000 }, () =>
  scenario('alerts', async () => {
    await openFromMenu('Controls', 'alertAuditing', '/devops/alertAuditing');
    await SEL.alertSearch(page).waitFor();
    await SEL.pagerText(page, 'alertAuditing').waitFor();
    assert.equal(await SEL.pagerText(page, 'alertAuditing').innerText(), 'No Records', 'nothing is searched before Search');

    const searched = searchPosted(ALERT_SEARCH);
    await SEL.alertSearchButton(page).click();
    const response = await searched;
    assert.equal(response.status(), 200);
    const body = requestBody(response.request());
    assert.match(body.date_start, ISO_DATE);
    assert.deepEqual(
      { ...body, date_start: 'x' },
      {
        po_no: null,
        wo_no: null,
        req_no: null,
        cip_no: null,
        date_start: 'x',
        date_end: null,
        alert_type: null,
        site_code: null,
        pageNumber: 0,
        pageSize: 10,
        sortField: 'notification_id',
        sortDirection: 'asc',
      },
      'empty inputs and All choices are sent as null',
    );
    const answer = await response.json();
    assert.ok(answer.resultList.length > 0, `the demo data has notifications (totalCount ${answer.totalCount})`);

    const link = SEL.alertLinks(page).first();
    await link.waitFor();
    const id = (await link.innerText()).trim();
    const recipients = searchPosted(ALERT_USERS);
    await link.click();
    const recipientsResponse = await recipients;
    assert.deepEqual(requestBody(recipientsResponse.request()), {
      notification_id: Number(id),
      pageNumber: 0,
      pageSize: 10,
      sortField: 'username',
      sortDirection: 'desc',
    });
    await SEL.pageTitle(page).filter({ hasText: 'Alert Auditing Info' }).waitFor();
    await page.waitForFunction((want) => document.querySelector('[data-testid="alert-info-id"]')?.textContent?.trim() === want, id);
    await SEL.pagerText(page, 'alertRecipients').waitFor();

    // The earlier search comes back without another click on Search.
    await SEL.alertReturn(page).click();
    await SEL.rows(page, 'alertAuditing').first().waitFor();
    assert.equal((await SEL.alertLinks(page).first().innerText()).trim(), id);
  }));

test('(i) Glossary: the terms sorted by label descending', { timeout: 60_000 }, () =>
  scenario('glossary', async () => {
    const searched = searchPosted(GLOSSARY_SEARCH);
    await openFromMenu('Help', 'glossary', '/devops/glossary');
    const response = await searched;
    assert.equal(response.status(), 200);
    assert.deepEqual(requestBody(response.request()), { pageNumber: 0, pageSize: 10, sortField: 'label', sortDirection: 'desc' });
    await SEL.glossary(page).waitFor();
    await SEL.rows(page, 'glossary').first().waitFor();
  }));

test('(j) Database Tools: the search is kept for the session; an object history compares two versions', { timeout: 90_000 }, () =>
  scenario('dbtools-history', async () => {
    const restored = searchPosted(DB_SEARCH);
    await page.goto(`${BASE_URL}/#/devops/dbtools`);
    assert.equal((await restored).status(), 200, 'coming back searches the kept criteria again');
    await SEL.dbObjectLinks(page).first().waitFor();

    const history = searchPosted(DB_HISTORY);
    await SEL.dbHistoryLinks(page).first().click();
    const response = await history;
    assert.equal(response.status(), 200);
    const body = requestBody(response.request());
    assert.ok(body.object_name && body.schema_name, 'the history is searched for the chosen object');
    assert.deepEqual(
      { pageNumber: body.pageNumber, pageSize: body.pageSize, sortField: body.sortField, sortDirection: body.sortDirection },
      { pageNumber: 0, pageSize: 10, sortField: 'last_modified_date', sortDirection: 'desc' },
    );
    await SEL.pageTitle(page).filter({ hasText: 'Database Tools History' }).waitFor();
    await SEL.dbHistoryRows(page).first().waitFor();
    const count = await SEL.dbHistoryRows(page).count();
    assert.equal(await SEL.dbCompare(page).isDisabled(), true, 'Compare needs two rows');
    if (count >= 2) {
      await SEL.dbHistoryRowChecks(page).nth(0).check();
      await SEL.dbHistoryRowChecks(page).nth(1).check();
      await SEL.dbCompare(page).click();
      await SEL.dbDiffDialog(page).waitFor();
      await SEL.dbDiffClose(page).click();
      await SEL.dbDiffDialog(page).waitFor({ state: 'hidden' });
    } else {
      console.log(`# the object has ${count} version(s): the compare is not tried`);
    }
  }));

test('(l) page titles sit below the top bar (they were under it on pages without padding)', { timeout: 90_000 }, () =>
  scenario('titles', async () => {
    for (const route of ['/vendors/ReviewCost', '/vendors/costCatalogue', '/sharedVendors', '/transaction/cribCounter', '/devops/dbtools']) {
      await page.goto(`${BASE_URL}/#${route}`);
      await SEL.pageTitle(page).first().waitFor();
      await page.waitForTimeout(300);
      const { bar, title } = await page.evaluate(() => ({
        bar: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
        title: document.querySelector('[data-testid="page-title"]')?.getBoundingClientRect().top ?? 0,
      }));
      assert.ok(title >= bar, `${route}: the title (top ${title}px) is not under the top bar (bottom ${bar}px)`);
    }
  }));

test('(m) Device Tokens: a token issued for 30 days shows when it expires; one without days lasts until revoked', { timeout: 90_000 }, () =>
  scenario('device-tokens', async () => {
    const TOKEN = /\/api\/V1\/Device\/Token$/;
    const issue = async (name, days) => {
      await page.getByTestId('issue-token').click();
      await input(page.getByTestId('token-name')).fill(name);
      if (days !== null) await input(page.getByTestId('token-valid-days')).fill(String(days));
      const sent = page.waitForRequest((r) => TOKEN.test(r.url()) && r.method() === 'POST');
      const answered = page.waitForResponse((r) => TOKEN.test(r.url()) && r.request().method() === 'POST');
      await page.getByTestId('issue-confirm').click();
      const body = requestBody(await sent);
      const answer = await answered;
      assert.equal(answer.status(), 200, `issued ${name}`);
      await page.getByTestId('issued-token').waitFor();
      await page.getByRole('button', { name: 'Done' }).click();
      return { body, token: (await answer.json()).device_token };
    };
    await page.goto(`${BASE_URL}/#/crib/deviceTokens`);
    await page.getByTestId('device-tokens').waitFor();
    const stamp = Date.now().toString(36);
    const limited = await issue(`e2e kiosk ${stamp}`, 30);
    assert.equal(limited.body.valid_days, 30, 'the days are sent');
    assert.ok(limited.token.expires_at, 'the server sets an expiry');
    const days = (Date.parse(limited.token.expires_at) - Date.now()) / 86_400_000;
    assert.ok(days > 29 && days <= 30.01, `it expires in 30 days (${days.toFixed(2)})`);
    const cell = page.getByTestId(`token-expires-${limited.token.device_token_id}`);
    await cell.waitFor();
    assert.match(await cell.innerText(), /\d/, 'the Expires column shows a date');

    const open = await issue(`e2e scale ${stamp}`, null);
    assert.equal(open.body.valid_days ?? null, null);
    assert.equal(open.token.expires_at ?? null, null);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="token-expires-${id}"]`)?.textContent === 'when revoked',
      open.token.device_token_id,
    );
  }));

test('(k) screenshot of the devops pages', { timeout: 60_000 }, () =>
  scenario('screenshot', async () => {
    const file = path.join(ARTIFACTS, 'e2e-devops.png');
    await page.screenshot({ path: file, fullPage: true });
    console.log(`# screenshot: ${file}`);
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
  }));
