// Browser end-to-end test of the console's My Profile screen (spec 1 route /user/userSettings/), run with node's
// test runner:
//   BASE_URL=http://127.0.0.1:18080 node tests/e2e/profile.mjs
// Needs a running `asp serve` with `asp seed --demo` data (every demo site stocks CIP code BRG-6204-2RS) and Debian's
// chromium. playwright-core never downloads a browser: it drives /usr/bin/chromium (CHROMIUM_PATH overrides).
// Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, BASE_URL, launch, signInUI, postedTo } from './harness.mjs';

const USERNAME = process.env.E2E_USER || 'buyer';
// A CIP code every demo site stocks (api/src/seed/items.rs).
const CIP_CODE = process.env.E2E_CIP_CODE || 'BRG-6204-2RS';

// ---------------------------------------------------------------------------------------------------------------
// Selectors (admin-ui/src/profile/README.md lists the data-testids). Adjust them here, nowhere else.
// ---------------------------------------------------------------------------------------------------------------
const SEL = {
  // react-admin's user menu button (the avatar and name at the top right; its accessible name is 'Profile')
  userMenu: (page) => page.locator('header .RaUserMenu-userButton, header button[aria-label="Profile"]').first(),
  myProfile: (page) => page.getByTestId('my-profile'),
  // the screen
  profilePage: (page) => page.getByTestId('profile-page'),
  pageTitle: (page) => page.getByTestId('page-title'),
  userName: (page) => page.getByTestId('profile-user-name'),
  site: (page) => page.getByTestId('profile-site'),
  pref: (page, key) => page.getByTestId(`profile-pref-${key}`),
  prefSwitch: (page, key) => page.getByTestId(`profile-pref-${key}-switch`),
  toast: (page, text) => page.getByText(text).first(),
  // the global search box
  jumpbox: (page) => page.getByTestId('jumpbox'),
  jumpboxType: (page) => page.getByTestId('jumpbox-type'),
  jumpboxTypeOption: (page, key) => page.getByTestId(`jumpbox-type-option-${key}`),
  jumpboxInput: (page) => page.getByTestId('jumpbox-input'),
  itemPage: (page) => page.getByTestId('item-page'),
};
const SETTING = /\/api\/V1\/Presentation\/UpdateUserSetting$/;
const SAVE_SEARCH_DATA = 'navigation.jumpbox.saveSearchData';
const SAVED = 'Preference saved.';

// ---------------------------------------------------------------------------------------------------------------
let page;
let scenario;
let pageErrors;
let close;

const posted = (url, accept) => postedTo(page, url, accept);

/** Sets the 'Keep my last search text' switch, waiting for the saved setting (nothing to do when it already is). */
async function setKeepSearchText(on) {
  const current = (await SEL.pref(page, 'saveSearchData').getAttribute('data-checked')) === 'true';
  if (current === on) return;
  const saved = posted(SETTING, (b) => b.setting_key === SAVE_SEARCH_DATA && b.setting_value === String(on));
  await SEL.prefSwitch(page, 'saveSearchData').click();
  const answer = await saved;
  assert.equal(answer.status(), 200, `the setting is saved as '${on}'`);
  assert.equal((await answer.json()).setting_value, String(on));
  await page.waitForFunction(
    (value) => document.querySelector('[data-testid="profile-pref-saveSearchData"]')?.getAttribute('data-checked') === value,
    String(on),
  );
}

before(async () => {
  ({ page, scenario, pageErrors, close } = await launch('profile'));
});

after(async () => {
  await close?.();
});

test('(a) sign in as buyer; the user menu opens My Profile, which shows the user', { timeout: 120_000 }, () =>
  scenario('open', async () => {
    await signInUI(page, USERNAME);
    await SEL.userMenu(page).click();
    await SEL.myProfile(page).click();
    await page.waitForURL((u) => u.hash === '#/user/userSettings');
    await SEL.profilePage(page).waitFor();
    assert.equal((await SEL.pageTitle(page).innerText()).trim(), 'My Profile');
    assert.equal((await SEL.userName(page).innerText()).trim(), USERNAME);
    assert.match(await SEL.site(page).innerText(), /^ACME-/, 'the current site is one of the buyer’s ACME sites');
    // The buyer is not a provider employee: no security-keys switch.
    await SEL.pref(page, 'useSideNav').waitFor();
    assert.equal(await SEL.pref(page, 'showSecurityKeys').count(), 0);
  }));

test("(b) switch on 'Keep my last search text'; a search's text is back in the box after a reload", { timeout: 120_000 }, () =>
  scenario('keep-search-text', async () => {
    // An earlier run may have left it on: switch it off first so that switching it on is a change.
    await setKeepSearchText(false);
    await setKeepSearchText(true);
    await SEL.toast(page, SAVED).waitFor();

    // Search a CIP Number in the global search box: the text is saved with the search and the item opens. The
    // console's app bar slides away while the page is scrolled down (the switches are lower on this long page), so
    // back to the top first, where the box stands still.
    await page.evaluate(() => window.scrollTo(0, 0));
    await SEL.jumpbox(page).waitFor({ state: 'visible' });
    const before = await SEL.jumpbox(page).getAttribute('data-search-type');
    if (before !== 'cipNumber') {
      // The type's own saving is items.mjs's to test; here the box only has to search by CIP Number.
      await SEL.jumpboxType(page).click();
      await SEL.jumpboxTypeOption(page, 'cipNumber').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="jumpbox"]')?.getAttribute('data-search-type') === 'cipNumber');
    }
    const textSaved = posted(SETTING, (b) => b.setting_key === 'navigation.jumpbox.searchData' && b.setting_value === CIP_CODE);
    await SEL.jumpboxInput(page).fill(CIP_CODE);
    await SEL.jumpboxInput(page).press('Enter');
    assert.equal((await textSaved).status(), 200, 'the search text is saved');
    await SEL.itemPage(page).waitFor();

    // Back to My Profile by its address, typed with the spec's trailing slash, and reload: the box starts with the text.
    await page.goto(`${BASE_URL}/#/user/userSettings/`);
    await page.reload();
    await SEL.profilePage(page).waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      (code) => document.querySelector('[data-testid="jumpbox-input"]')?.value === code,
      CIP_CODE,
      { timeout: 15_000 },
    );
    assert.equal(await SEL.pref(page, 'saveSearchData').getAttribute('data-checked'), 'true', 'the switch shows the stored setting');
    assert.equal(await SEL.prefSwitch(page, 'saveSearchData').isChecked(), true);
  }));

test('(c) screenshot of My Profile', { timeout: 60_000 }, () =>
  scenario('screenshot', async () => {
    await page.mouse.move(0, 0);
    const file = path.join(ARTIFACTS, 'e2e-profile.png');
    await page.screenshot({ path: file, fullPage: true });
    console.log(`# screenshot: ${file}`);
  }));

test("(d) switched off again, the box starts empty after a reload", { timeout: 120_000 }, () =>
  scenario('switch-off', async () => {
    await setKeepSearchText(false);
    await page.reload();
    await SEL.profilePage(page).waitFor({ timeout: 30_000 });
    await SEL.jumpboxInput(page).waitFor();
    assert.equal(await SEL.jumpboxInput(page).inputValue(), '', 'the saved text is not restored');
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
  }));
