import { describe, expect, it } from 'vitest';
import { withItemMenu } from './menu';

const perms = (...names: string[]) => ({ permissions: names.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })) });
const SERVER_MENU = [
  { page: 'Items', title: 'Items', subMenuItems: [{ page: 'itemMaster', title: 'Item Master', angularRoute: '/item/itemMaster/search' }] },
  { page: 'Help', title: 'Help', subMenuItems: [] },
];

describe('withItemMenu', () => {
  it('adds the item screens to the Items group once, after what the server lists', () => {
    const menu = withItemMenu(SERVER_MENU, perms('BasicAccess'));
    const items = menu[0].subMenuItems?.map((m) => m?.page);
    expect(items).toEqual(['itemMaster', 'cipSearch', 'customFields', 'cribStations', 'kits']);
    expect(menu[1]).toBe(SERVER_MENU[1]);
    // Applying it again changes nothing.
    expect(withItemMenu(menu, perms('BasicAccess'))[0].subMenuItems).toHaveLength(5);
  });

  it('recognises a server entry by its route', () => {
    const server = [{ page: 'Items', title: 'Items', subMenuItems: [{ page: 'cips', title: 'CIPs', angularRoute: '/item/search' }] }];
    const pages = withItemMenu(server, perms('BasicAccess'))[0].subMenuItems?.map((m) => m?.page);
    expect(pages).not.toContain('cipSearch');
    expect(pages).toContain('cips');
  });

  it('creates the Items group first when the server has none, and adds nothing without the permission', () => {
    expect(withItemMenu([{ page: 'Help', title: 'Help' }], perms('BasicAccess'))[0].title).toBe('Items');
    expect(withItemMenu(SERVER_MENU, perms('CustomerPortalUser'))).toEqual(SERVER_MENU);
    expect(withItemMenu(null, null)).toEqual([]);
  });
});
