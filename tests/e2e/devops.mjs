// Browser end-to-end tests of the staff console's administrator and developer tools (spec 2), run with node's test
// runner:
//   BASE_URL=http://127.0.0.1:18080 node --test tests/e2e/devops.mjs
// Needs a running `asp serve` with `asp seed --demo` data (the `admin` user holds FSSConnectAdmin) and Debian's
// chromium. playwright-core never downloads a browser: it drives /usr/bin/chromium (CHROMIUM_PATH overrides).
// Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
const USERNAME = process.env.E2E_ADMIN_USER || 'admin';
const PASSWORD = process.env.E2E_ADMIN_PASSWORD || 'Demo@pass1';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-artifacts');

// ---------------------------------------------------------------------------------------------------------------
// Selectors and texts (admin-ui/README.md lists the data-testids). Adjust them here, nowhere else.
// ---------------------------------------------------------------------------------------------------------------
const SEL = {
  loginUsername: (page) => page.getByTestId('login-username').locator('xpath=descendant-or-self::input').first(),
  loginPassword: (page) => page.getByTestId('login-password').locator('xpath=descendant-or-self::input').first(),
  loginSubmit: (page) => page.getByTestId('login-submit'),
  homeTitle: (page) => page.getByTestId('home-title'),
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
};
const TEXT = {
  exportName: 'AspExport.xlsx',
  jobStatus: /^(Stopped|Running|Scheduled)$/,
  pager: /^(No Records|Showing all \d+ records|Records \d+ - \d+ of \d+)$/,
};
const RELEASE_SEARCH = /\/api\/V1\/DevOps\/Release\/Search$/;
const DB_SEARCH = /\/api\/V1\/DevOps\/DBTools\/GetChangedObjects$/;

// ---------------------------------------------------------------------------------------------------------------
let browser;
let context;
let page;
let userDataDir;
const pageErrors = [];

// Runs a scenario; on failure saves test-artifacts/e2e-devops-fail-<name>.png before rethrowing.
async function scenario(name, fn) {
  try {
    await fn();
  } catch (err) {
    if (page) {
      const file = path.join(ARTIFACTS, `e2e-devops-fail-${name}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`# screenshot of the failure: ${file} (url ${page.url()})`);
    }
    if (pageErrors.length) console.error(`# page errors so far:\n#   ${pageErrors.join('\n#   ')}`);
    throw err;
  }
}

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

const requestBody = (req) => {
  try {
    return JSON.parse(req.postData() || 'null');
  } catch {
    return null;
  }
};

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  userDataDir = mkdtempSync(path.join(os.tmpdir(), 'asp-e2e-devops-chromium-'));
  // Same launch as tests/e2e/run.mjs; playwright adds --headless and --no-sandbox handling itself.
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    acceptDownloads: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1440, height: 900 },
  });
  browser = context.browser();
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(String(err)));
});

after(async () => {
  await context?.close().catch(() => {});
  await browser?.close().catch(() => {});
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

test('(a) sign in as admin', { timeout: 120_000 }, () =>
  scenario('signin', async () => {
    await page.goto(`${BASE_URL}/`);
    await SEL.loginUsername(page).fill(USERNAME);
    await SEL.loginPassword(page).fill(PASSWORD);
    await SEL.loginSubmit(page).click();
    await SEL.homeTitle(page).waitFor({ state: 'visible', timeout: 30_000 });
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
    await openFromMenu('Controls', 'dbtools', '/devops/dbtools');
    await SEL.dbSearch(page).waitFor();
    const searched = page.waitForResponse((r) => DB_SEARCH.test(r.url()) && r.request().method() === 'POST');
    await SEL.dbSearchButton(page).click();
    const response = await searched;
    assert.equal(response.status(), 200, 'GetChangedObjects answers 200');
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

test('(e) screenshot of the devops pages', { timeout: 60_000 }, () =>
  scenario('screenshot', async () => {
    const file = path.join(ARTIFACTS, 'e2e-devops.png');
    await page.screenshot({ path: file, fullPage: true });
    console.log(`# screenshot: ${file}`);
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
  }));
