import { describe, expect, it } from 'vitest';
import { badgeText, messageRoute, openedId, readState, recordLink } from './inbox';
import { withInboxMenu } from './menu';

describe('the inbox helpers', () => {
  it('shows the badge only for unread notifications, and 99+ over 99', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('names the state: acknowledged before read before unread', () => {
    expect(readState({ is_read: false, acknowledged_date: null })).toBe('Unread');
    expect(readState({ is_read: true, acknowledged_date: null })).toBe('Read');
    expect(readState({ is_read: true, acknowledged_date: '2026-11-29T08:00:00Z' })).toBe('Acknowledged');
  });

  it('leads to the message itself when its id is known and to the list otherwise', () => {
    expect(messageRoute(42)).toBe('/notification?id=42');
    expect(messageRoute(undefined)).toBe('/notification');
    expect(messageRoute(null)).toBe('/notification');
    expect(messageRoute(0)).toBe('/notification');
  });

  it('opens the message named by ?id and nothing for a malformed one', () => {
    expect(openedId(new URLSearchParams('id=42'))).toBe(42);
    expect(openedId(new URLSearchParams('id=4x'))).toBeNull();
    expect(openedId(new URLSearchParams('id=0'))).toBeNull();
    expect(openedId(new URLSearchParams(''))).toBeNull();
  });

  it('links to the record, not back to the message itself', () => {
    expect(recordLink('/notification?id=5')).toBeNull();
    expect(recordLink('#/notification?id=5')).toBeNull();
    expect(recordLink('/devops/jobList')).toBe('/devops/jobList');
    expect(recordLink('  ')).toBeNull();
  });
});

describe('the inbox menu entry', () => {
  it('heads the Controls group, which is made when the user has none', () => {
    const added = withInboxMenu([{ page: 'Controls', title: 'Controls', subMenuItems: [{ page: 'users', title: 'Users', angularRoute: '/users' }] }]);
    expect(added[0].subMenuItems?.map((c) => c?.page)).toEqual(['notifications', 'users']);
    expect(withInboxMenu([])).toEqual([{ page: 'Controls', title: 'Controls', subMenuItems: [expect.objectContaining({ angularRoute: '/notification' })] }]);
  });

  it('is not added twice when the server lists it', () => {
    const server = [{ page: 'Controls', title: 'Controls', subMenuItems: [{ page: 'inbox', title: 'Inbox', angularRoute: '/notification' }] }];
    expect(withInboxMenu(server)[0].subMenuItems).toHaveLength(1);
  });
});
