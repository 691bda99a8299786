// Browser end-to-end test of the alert settings and the site broadcast (issue 23, docs/alerts.md), run with node's
// test runner:
//   BASE_URL=http://127.0.0.1:18080 node tests/e2e/alert-settings.mjs
// Needs a running `asp serve` with `asp seed --demo` data (buyer at ACME-NORTH and ACME-SOUTH, admin everywhere, the
// demo tracking codes) and Debian's chromium. Artifacts (screenshots) go to <repo>/test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, apiSession, launch, signInUI } from './harness.mjs';

const BUYER = process.env.E2E_USER || 'buyer';
const ADMIN = process.env.E2E_ADMIN || 'admin';

// ---------------------------------------------------------------------------------------------------------------
// Selectors (admin-ui/src/alertSettings). Adjust them here, nowhere else.
// ---------------------------------------------------------------------------------------------------------------
const SEL = {
  controls: (page) => page.getByTestId('menu-Controls'),
  menuSettings: (page) => page.getByTestId('menu-item-alertSettings'),
  menuBroadcast: (page) => page.getByTestId('menu-item-siteBroadcast'),
  settingsPage: (page) => page.getByTestId('alert-settings-page'),
  grid: (page) => page.getByTestId('alert-settings'),
  typeRows: (page) => page.locator('[data-testid^="alert-type-"]'),
  flag: (page, typeId, key) => page.getByTestId(`alert-${typeId}-${key}`),
  save: (page) => page.getByTestId('alert-settings-save'),
  status: (page) => page.getByTestId('alert-settings-status'),
  codes: (page, typeId) => page.getByTestId(`alert-${typeId}-codes`),
  codeDialog: (page) => page.getByTestId('tracking-filter-dialog'),
  codeTicks: (page) => page.locator('[data-testid^="tracking-filter-tick-"]'),
  filterOn: (page) => page.getByTestId('tracking-filter-on'),
  saveFilter: (page) => page.getByTestId('tracking-filter-save'),
  profileLink: (page) => page.getByTestId('profile-alert-settings'),
  contact: (page) => page.getByTestId('contact-info'),
  phone: (page) => page.getByTestId('contact-phone'),
  carrier: (page) => page.getByTestId('contact-carrier'),
  carrierOption: (page, id) => page.getByTestId(`carrier-option-${id}`),
  contactSave: (page) => page.getByTestId('contact-save'),
  textAddress: (page) => page.getByTestId('contact-text-address'),
  textHint: (page) => page.getByTestId('contact-text-hint'),
  priority: (page, typeId) => page.getByTestId(`alert-${typeId}-priority`),
  priorityOption: (page, p) => page.getByTestId(`priority-option-${p}`),
  userTabAlerts: (page) => page.getByTestId('user-tab-alerts'),
  userAlerts: (page) => page.getByTestId('user-alert-settings'),
  broadcastPage: (page) => page.getByTestId('broadcast-page'),
  subject: (page) => page.getByTestId('broadcast-subject'),
  body: (page) => page.getByTestId('broadcast-body'),
  send: (page) => page.getByTestId('broadcast-send'),
  confirm: (page) => page.getByTestId('confirm-ok'),
  sent: (page) => page.getByTestId('broadcast-sent'),
};
const SETTINGS_GET = /\/api\/V1\/Alerts\/\d+\/\d+$/;
const SETTINGS_PUT = /\/api\/V1\/Alerts$/;
const CODES_UPDATE = /\/api\/V1\/Alerts\/TrackingCode\/Update$/;
const BROADCAST = /\/api\/V1\/Alerts\/Notification\/Insert$/;
const CONTACT = /\/api\/V1\/User\/ContactInfo\/Update\/?$/;
const CARRIERS = /\/api\/V1\/User\/ASPMobileCarriers$/;
// The requisition types (the ones with the priority filter), as the grid knows them.
const REQUISITION_TYPES = [3, 4, 5, 17];

// ---------------------------------------------------------------------------------------------------------------
let page;
let scenario;
let close;
let buyerId;
let buyerSite;
// The type whose e-mail the buyer turns on, and the one whose tracking-code filter is set.
let emailType;

const answerTo = (url, method) => page.waitForResponse((r) => url.test(r.url()) && r.request().method() === method);
const typeIdOf = async (row) => Number((await row.getAttribute('data-testid')).replace('alert-type-', ''));

before(async () => {
  ({ page, scenario, close } = await launch('alert-settings'));
  const call = await apiSession(BUYER);
  const context = await call('GET', '/V1/Site/UserContext');
  assert.equal(context.status, 200);
  buyerId = context.body.currentUser.asp_users_id;
  buyerSite = context.body.currentSite;
});

after(async () => {
  await close?.();
});

test('a user turns e-mail on for an alert type from the menu and it stays on after a reload', { timeout: 180_000 }, () =>
  scenario('email', async () => {
    await signInUI(page, BUYER);
    await SEL.controls(page).click();
    const loaded = answerTo(SETTINGS_GET, 'GET');
    await SEL.menuSettings(page).click();
    await page.waitForURL((u) => u.hash === '#/alert-settings');
    const settings = await (await loaded).json();
    await SEL.grid(page).waitFor();
    assert.ok(settings.length > 0, 'the buyer may receive some alert types');
    assert.equal(await SEL.typeRows(page).count(), settings.length, 'one row per type the server lists');

    const off = settings.find((s) => !s.enable_email);
    assert.ok(off, 'some type has e-mail off (the defaults and the demo settings leave most off)');
    emailType = off.asp_notification_type_id;
    await SEL.flag(page, emailType, 'enable_email').check();
    assert.equal((await SEL.status(page).innerText()).trim(), 'Unsaved changes');
    const put = page.waitForRequest((r) => SETTINGS_PUT.test(r.url()) && r.method() === 'PUT');
    const saved = answerTo(SETTINGS_PUT, 'PUT');
    await SEL.save(page).click();
    const body = JSON.parse((await put).postData());
    assert.deepEqual(body.settings, [{ asp_notification_type_id: emailType, enable_email: true }], 'only the changed field is sent');
    assert.equal((await saved).status(), 200);
    await page.waitForFunction(() => document.querySelector('[data-testid="alert-settings-status"]')?.textContent?.trim() === 'Saved');
    assert.equal(await SEL.save(page).isDisabled(), true, 'nothing left to save');

    await page.reload();
    await SEL.grid(page).waitFor();
    assert.equal(await SEL.flag(page, emailType, 'enable_email').isChecked(), true, 'e-mail stays on after a reload');
    assert.equal(await SEL.flag(page, emailType, 'enable_inbox').isChecked(), off.enable_inbox, 'the other channels are untouched');
  }),
);

test('a user sets a tracking-code filter on a type in the dialog', { timeout: 120_000 }, () =>
  scenario('codes', async () => {
    const typeId = await typeIdOf(SEL.typeRows(page).first());
    await SEL.codes(page, typeId).click();
    await SEL.codeDialog(page).waitFor();
    await SEL.codeTicks(page).first().waitFor();
    const tick = SEL.codeTicks(page).first();
    if (!(await tick.isChecked())) await tick.check();
    if (!(await SEL.filterOn(page).isChecked())) await SEL.filterOn(page).check();
    const update = page.waitForRequest((r) => CODES_UPDATE.test(r.url()));
    const saved = answerTo(CODES_UPDATE, 'POST');
    const reloaded = answerTo(SETTINGS_GET, 'GET');
    await SEL.saveFilter(page).click();
    const sent = JSON.parse((await update).postData());
    assert.equal(sent.asp_notification_type_id, typeId);
    assert.equal((await saved).status(), 200);
    const rows = await (await reloaded).json();
    const row = rows.find((r) => r.asp_notification_type_id === typeId);
    assert.equal(row.filter_tracking_codes, true, 'the filter is on');
    assert.ok(row.track_count >= 1, 'the filter lists the ticked code');
    await SEL.codeDialog(page).waitFor({ state: 'hidden' });
    await page.waitForFunction(
      ([id, n]) => document.querySelector(`[data-testid="alert-${id}-codes"]`)?.textContent?.includes(`Tracking codes (${n})`),
      [typeId, row.track_count],
    );

    // The dialog opens again with the code ticked (the server's inGroup).
    await SEL.codes(page, typeId).click();
    await SEL.codeDialog(page).waitFor();
    await page.locator('[data-testid^="tracking-filter-tick-"]:checked').first().waitFor();
    await page.getByTestId('tracking-filter-cancel').click();
  }),
);

test('a user saves a mobile number and carrier and reads where texts go; a bad number is refused at its field', { timeout: 180_000 }, () =>
  scenario('contact', async () => {
    const carriersLoaded = answerTo(CARRIERS, 'GET');
    await page.goto(`${BASE_URL}/#/alert-settings`);
    await page.reload();
    const carriers = await (await carriersLoaded).json();
    const verizon = carriers.find((c) => c.carrier_name === 'Verizon');
    assert.ok(verizon, 'Verizon is a listed carrier');
    await SEL.contact(page).waitFor();
    await SEL.grid(page).waitFor();
    assert.match(await SEL.textAddress(page).innerText(), /no mobile number is saved/);

    // Text ticked for a type, with no number saved: the page says texts cannot reach the user yet.
    const typeId = await typeIdOf(SEL.typeRows(page).first());
    await SEL.flag(page, typeId, 'enable_text').check();
    await SEL.textHint(page).waitFor();
    await SEL.flag(page, typeId, 'enable_text').uncheck();
    await SEL.textHint(page).waitFor({ state: 'hidden' });
    assert.equal(await SEL.save(page).isDisabled(), true, 'the grid has nothing unsaved again');

    // A number the gateways do not serve: the server's message shows at the number's field.
    await SEL.phone(page).fill('555-1234');
    await SEL.carrier(page).click();
    await SEL.carrierOption(page, verizon.mobile_carrier_id).click();
    let answer = answerTo(CONTACT, 'POST');
    await SEL.contactSave(page).click();
    const refused = await answer;
    assert.equal(refused.status(), 400);
    const { errors } = await refused.json();
    assert.equal(errors[0].field, 'mobile_phone');
    await SEL.contact(page).getByText(errors[0].error).waitFor();
    assert.equal(await page.getByTestId('contact-error').count(), 0, 'said at the field, not above the form');

    // A good one: saved with its carrier, and the address texts go to is shown.
    await SEL.phone(page).fill('(555) 123-4567');
    const request = page.waitForRequest((r) => CONTACT.test(r.url()));
    answer = answerTo(CONTACT, 'POST');
    await SEL.contactSave(page).click();
    assert.deepEqual(JSON.parse((await request).postData()), { mobile_phone: '(555) 123-4567', mobile_carrier_id: verizon.mobile_carrier_id });
    const saved = await answer;
    assert.equal(saved.status(), 200);
    assert.equal((await saved.json()).text_address, `5551234567@${verizon.sms_gateway_domain}`);
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="contact-text-address"]')?.textContent === text,
      `Texts go to 5551234567@${verizon.sms_gateway_domain}`,
    );
    assert.equal(await SEL.contactSave(page).isDisabled(), true, 'nothing left to save');

    // After a reload the saved number and carrier are loaded from the user's record.
    await page.reload();
    await SEL.contact(page).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="contact-phone"]')?.value === '(555) 123-4567');
    assert.equal(await SEL.carrier(page).innerText(), 'Verizon');
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="contact-text-address"]')?.textContent === text,
      `Texts go to 5551234567@${verizon.sms_gateway_domain}`,
    );
  }),
);

test('a user clears a saved requisition priority with "Any priority" and it stays cleared after a reload', { timeout: 180_000 }, () =>
  scenario('priority', async () => {
    await page.goto(`${BASE_URL}/#/alert-settings`);
    const loaded = answerTo(SETTINGS_GET, 'GET');
    await page.reload();
    const settings = await (await loaded).json();
    const req = settings.find((s) => REQUISITION_TYPES.includes(s.asp_notification_type_id));
    assert.ok(req, 'the buyer receives some requisition type');
    const typeId = req.asp_notification_type_id;
    await SEL.grid(page).waitFor();

    const choose = async (option) => {
      await SEL.priority(page, typeId).click();
      await SEL.priorityOption(page, option).click();
      const put = page.waitForRequest((r) => SETTINGS_PUT.test(r.url()) && r.method() === 'PUT');
      const saved = answerTo(SETTINGS_PUT, 'PUT');
      await SEL.save(page).click();
      const body = JSON.parse((await put).postData());
      const answer = await saved;
      assert.equal(answer.status(), 200);
      await page.waitForFunction(() => document.querySelector('[data-testid="alert-settings-status"]')?.textContent?.trim() === 'Saved');
      return { body, rows: await answer.json() };
    };
    const shownAfterReload = async () => {
      await page.reload();
      await SEL.grid(page).waitFor();
      return (await SEL.priority(page, typeId).innerText()).trim();
    };

    const set = await choose(2);
    assert.deepEqual(set.body.settings, [{ asp_notification_type_id: typeId, filter_req_priority: 2 }]);
    assert.equal(await shownAfterReload(), '2 or more urgent');

    const cleared = await choose('none');
    assert.deepEqual(cleared.body.settings, [{ asp_notification_type_id: typeId, filter_req_priority: 0 }], '"Any priority" is sent as 0');
    assert.equal(cleared.rows.find((r) => r.asp_notification_type_id === typeId).filter_req_priority ?? null, null, 'the server cleared it');
    assert.equal(await page.getByTestId('alert-settings-error').count(), 0, 'no "cannot be cleared" notice any more');
    assert.equal(await shownAfterReload(), 'Any priority');
  }),
);

test('My Profile links to the alert settings', { timeout: 60_000 }, () =>
  scenario('profile', async () => {
    await page.goto(`${BASE_URL}/#/user/userSettings`);
    await SEL.profileLink(page).click();
    await page.waitForURL((u) => u.hash === '#/alert-settings');
    await SEL.settingsPage(page).waitFor();
  }),
);

test("an administrator opens another user's alert settings tab and sees their saved choice", { timeout: 180_000 }, () =>
  scenario('admin-tab', async () => {
    // The administrator works at the buyer's site (kept per user on the server), so the tab offers that site first.
    await apiSession(ADMIN, buyerSite.siteCode);
    await signInUI(page, ADMIN);
    await page.goto(`${BASE_URL}/#/users/${buyerId}/show`);
    const loaded = answerTo(SETTINGS_GET, 'GET');
    await SEL.userTabAlerts(page).click();
    await SEL.userAlerts(page).waitFor();
    const answer = await loaded;
    assert.equal(answer.status(), 200);
    assert.match(answer.url(), new RegExp(`/Alerts/${buyerId}/\\d+$`), "the buyer's settings are asked for");
    await SEL.grid(page).waitFor();
    assert.equal(Number(answer.url().split('/').pop()), buyerSite.site_id, 'at the current site');
    assert.equal(await SEL.flag(page, emailType, 'enable_email').isChecked(), true, "the buyer's saved e-mail choice shows");
    assert.match(await page.getByTestId('alert-settings-apply-all').innerText(), /all the user's sites/i);
  }),
);

test('an administrator sends a site broadcast from the menu and reads how many people it reached', { timeout: 120_000 }, () =>
  scenario('broadcast', async () => {
    await page.goto(`${BASE_URL}/#/homeMain`);
    await SEL.controls(page).click();
    await SEL.menuBroadcast(page).click();
    await page.waitForURL((u) => u.hash === '#/site-broadcast');
    await SEL.broadcastPage(page).waitFor();
    // Nothing is sent without a subject and a message.
    await SEL.send(page).click();
    await page.getByText('Subject is required').waitFor();
    await SEL.subject(page).fill('Fire drill at 3 pm');
    await SEL.body(page).fill('Please leave the building by the nearest exit when the alarm sounds.');
    await SEL.send(page).click();
    const sent = answerTo(BROADCAST, 'POST');
    const request = page.waitForRequest((r) => BROADCAST.test(r.url()));
    await SEL.confirm(page).click();
    const body = JSON.parse((await request).postData());
    assert.equal(body.type_notification_id, 16, 'a site broadcast');
    const answer = await sent;
    assert.equal(answer.status(), 200);
    const { recipients } = await answer.json();
    assert.ok(recipients >= 1, 'the site has people who receive broadcasts');
    const text = await SEL.sent(page).innerText();
    assert.match(text, new RegExp(`Sent to ${recipients.toLocaleString('en-US')} (person|people) at `));
  }),
);
