import { describe, expect, it } from 'vitest';
import {
  changedInputs,
  codeCountAfter,
  draftAfterSave,
  groupByCategory,
  isDirty,
  isRequisitionType,
  shown,
  trackingChanges,
  withChange,
  withTick,
  type AlertSetting,
  type Draft,
} from './settings';
import { withAlertMenu } from './menu';
import { sitesToOffer } from './UserAlertSettings';
import { sentText } from './BroadcastPage';
import type { Schema } from '../shared/api';

const setting = (typeId: number, name: string, categoryId: number, category: string, over: Partial<AlertSetting> = {}): AlertSetting => ({
  asp_users_id: 7,
  user_id: 'buyer',
  site_id: 1,
  site_code: 'ACME-NORTH',
  asp_user_notification_setting_id: null,
  asp_notification_type_id: typeId,
  notification_type: name,
  notification_name: name,
  notification_description: '',
  notification_category_id: categoryId,
  notification_category: category,
  is_internal: false,
  security_permission_id: null,
  enable_inbox: true,
  enable_email: false,
  enable_text: false,
  enable_toastr: true,
  is_active: true,
  filter_tracking_codes: false,
  filter_req_priority: null,
  req_urgent_only: false,
  track_count: 0,
  ...over,
});

describe('the alert settings grid', () => {
  it('groups the types by category in the order the server gives the categories, each by name', () => {
    const groups = groupByCategory([
      setting(4, 'Requisition approved', 1, 'Requisitions'),
      setting(3, 'Requisition needs approval', 1, 'Requisitions'),
      setting(1, 'PO approved', 2, 'Purchasing'),
      setting(17, 'Requisition decided', 1, 'Requisitions'),
    ]);
    expect(groups.map((g) => g.category)).toEqual(['Requisitions', 'Purchasing']);
    expect(groups[0].rows.map((r) => r.asp_notification_type_id)).toEqual([4, 17, 3]);
  });

  it('offers the priority filters for the requisition types only', () => {
    expect([3, 4, 5, 17].every(isRequisitionType)).toBe(true);
    expect([1, 9, 15, 16].some(isRequisitionType)).toBe(false);
  });

  it('keeps a changed field as unsaved and shows it over the saved value', () => {
    const row = setting(1, 'PO approved', 2, 'Purchasing');
    const draft = withChange({}, row, 'enable_email', true);
    expect(isDirty(draft)).toBe(true);
    expect(shown(row, draft).enable_email).toBe(true);
    expect(changedInputs(draft)).toEqual([{ asp_notification_type_id: 1, enable_email: true }]);
  });

  it('forgets a change undone by hand, so there is nothing to save', () => {
    const row = setting(1, 'PO approved', 2, 'Purchasing');
    const draft = withChange(withChange({}, row, 'enable_email', true), row, 'enable_email', false);
    expect(draft).toEqual({});
    expect(isDirty(draft)).toBe(false);
  });

  it('sends only the changed types, each with only its changed fields, in type order', () => {
    const a = setting(5, 'Requisition rejected', 1, 'Requisitions');
    const b = setting(2, 'Order received', 2, 'Purchasing');
    let draft: Draft = withChange({}, a, 'filter_req_priority', 3);
    draft = withChange(draft, b, 'enable_text', true);
    draft = withChange(draft, b, 'is_active', false);
    expect(changedInputs(draft)).toEqual([
      { asp_notification_type_id: 2, enable_text: true, is_active: false },
      { asp_notification_type_id: 5, filter_req_priority: 3 },
    ]);
  });

  it('sends "Any priority" over a saved priority as 0, which clears the filter (null would keep it)', () => {
    const row = setting(3, 'Requisition needs approval', 1, 'Requisitions', { filter_req_priority: 4 });
    const draft = withChange({}, row, 'filter_req_priority', null);
    expect(changedInputs(draft)).toEqual([{ asp_notification_type_id: 3, filter_req_priority: 0 }]);
    expect(draftAfterSave(draft, [{ ...row, filter_req_priority: null }])).toEqual({});
  });

  it('after a save keeps only the changes the answer does not hold yet', () => {
    const a = setting(1, 'PO approved', 2, 'Purchasing');
    const b = setting(2, 'Order received', 2, 'Purchasing');
    let draft: Draft = withChange({}, a, 'enable_email', true);
    draft = withChange(draft, b, 'enable_text', true);
    const answer = [{ ...a, enable_email: true }, b];
    expect(draftAfterSave(draft, answer)).toEqual({ 2: { enable_text: true } });
  });

  it('drops the changes of a type the answer no longer lists', () => {
    const a = setting(1, 'PO approved', 2, 'Purchasing');
    expect(draftAfterSave(withChange({}, a, 'enable_email', true), [])).toEqual({});
  });
});

describe('the tracking-code filter dialog', () => {
  it('turns the ticks that differ from the filter into insert and remove lists', () => {
    let ticks = withTick({}, 30, false, true);
    ticks = withTick(ticks, 10, false, true);
    ticks = withTick(ticks, 20, true, false);
    expect(trackingChanges(ticks)).toEqual({ insert: [10, 30], remove: [20] });
    expect(codeCountAfter(4, ticks)).toBe(5);
  });

  it('forgets a tick put back to what the filter already says', () => {
    const ticks = withTick(withTick({}, 10, false, true), 10, false, false);
    expect(trackingChanges(ticks)).toEqual({ insert: [], remove: [] });
  });
});

describe('the alert menu entries', () => {
  it('adds My Alert Settings and Site Broadcast to the end of the Controls group', () => {
    const menu = withAlertMenu([{ page: 'Items', title: 'Items', subMenuItems: [] }, { page: 'Controls', title: 'Controls', subMenuItems: [{ page: 'users', title: 'Users', angularRoute: '/users' }] }]);
    expect(menu[1].subMenuItems?.map((m) => m?.angularRoute)).toEqual(['/users', '/alert-settings', '/site-broadcast']);
  });

  it('makes a Controls group for a user whose menu has none, and adds nothing twice', () => {
    const once = withAlertMenu([{ page: 'Items', title: 'Items', subMenuItems: [] }]);
    expect(once.map((m) => m.page)).toEqual(['Items', 'Controls']);
    expect(withAlertMenu(once)).toEqual(once);
  });
});

describe("an administrator's view of a user's alert settings", () => {
  const site = (site_id: number, siteCode: string, client_id = 1) => ({ site_id, siteCode, client_id, site_name: siteCode }) as Schema<'SiteInfo'>;
  it("offers the user's sites among the administrator's of the current client, the current site first", () => {
    const available = [site(1, 'ACME-NORTH'), site(2, 'ACME-SOUTH'), site(3, 'GEA-MAIN', 2), site(4, 'ACME-EAST')];
    const offered = sitesToOffer([1, 2, 3], available, site(2, 'ACME-SOUTH'));
    expect(offered.map((s) => s.siteCode)).toEqual(['ACME-SOUTH', 'ACME-NORTH']);
  });
});

describe('the site broadcast', () => {
  it('says how many people it reached', () => {
    expect(sentText({ recipients: 1 }, 'ACME-NORTH')).toBe('Sent to 1 person at ACME-NORTH.');
    expect(sentText({ recipients: 1200 }, 'ACME-NORTH')).toBe('Sent to 1,200 people at ACME-NORTH.');
    expect(sentText({ recipients: 0 }, 'ACME-NORTH')).toBe('Sent, but nobody at ACME-NORTH receives site broadcasts.');
  });
});
