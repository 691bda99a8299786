import { describe, expect, it } from 'vitest';
import { buildMenuGroups, menuAction, visibleMenu, type MenuEntry } from './menu';
import { findRoute, type RouteEntry } from './routes';

describe('buildMenuGroups', () => {
  it('orders the known groups and keeps unknown ones after them', () => {
    const groups = buildMenuGroups([
      { page: 'Help', title: 'Help', subMenuItems: [] },
      { page: 'Extra', title: 'Extra', subMenuItems: [] },
      { page: 'Items', title: 'Items', subMenuItems: [{ page: 'ItemSearch', title: 'Item Search' }] },
      { page: 'Procurement', title: 'Procurement', subMenuItems: null },
    ]);
    expect(groups.map((g) => g.name)).toEqual(['Items', 'Procurement', 'Help', 'Extra']);
    expect(groups[0].children.map((c) => c.title)).toEqual(['Item Search']);
    expect(groups[1].children).toEqual([]);
  });
});

describe('menuAction', () => {
  it('prefers the in-app route, then the url (new tab when external)', () => {
    expect(menuAction({ angularRoute: '/homeMain', url: 'http://x' })).toEqual({ kind: 'route', to: '/homeMain' });
    expect(menuAction({ url: 'http://x', externalRoute: true })).toEqual({ kind: 'newTab', to: 'http://x' });
    expect(menuAction({ url: '/legacy', externalRoute: false })).toEqual({ kind: 'sameTab', to: '/legacy' });
    expect(menuAction({})).toEqual({ kind: 'none' });
  });
});

describe('visibleMenu', () => {
  const routes: RouteEntry[] = [
    { path: '/cycleCount/sheets', permission: 'CycleCountEnter' },
    { path: '/cycleCount/approval', permission: 'CycleCountApprove' },
    { path: '/item/stations', permission: 'BasicAccess' },
    { path: '/item/stations/:id', permission: 'BasicAccess' },
    { path: '/item/:cid_no/:cip_no', permission: 'ItemEdit' },
    { path: '/trackingcode/trackingCodeSearch/:level', permission: 'BasicAccess' },
    { path: '/users', permission: ['FSSConnectAdmin', 'UserAdminInternal'] },
    { path: '/user/userSettings', permission: null },
  ];
  const buyer = (p: string | number) => ['BasicAccess', 'CycleCountApprove', 'UserAdminInternal'].includes(String(p));
  const titles = (items: MenuEntry[]): unknown[] =>
    items.map((i) => (i.subMenuItems?.length ? { [String(i.title)]: titles(i.subMenuItems as MenuEntry[]) } : i.title));

  it('hides an entry whose route needs a permission the user lacks (buyer: Count Sheets)', () => {
    const menu = visibleMenu(
      [
        {
          title: 'Items',
          subMenuItems: [
            {
              title: 'Cycle Counts',
              subMenuItems: [
                { title: 'Count Sheets', angularRoute: '/cycleCount/sheets' },
                { title: 'Variance Approval', angularRoute: '/cycleCount/approval' },
              ],
            },
          ],
        },
      ],
      routes,
      buyer,
    );
    expect(titles(menu)).toEqual([{ Items: [{ 'Cycle Counts': ['Variance Approval'] }] }]);
  });

  it('hides entries of areas the console does not have, and legacy same-tab pages, but keeps external pages', () => {
    const menu = visibleMenu(
      [
        { title: 'Procurement', subMenuItems: [{ title: 'Requisitions', angularRoute: '/requisition/search' }] },
        {
          title: 'Help',
          subMenuItems: [
            { title: 'API Documentation', url: '/api/docs', externalRoute: true },
            { title: 'Old Search', url: '/legacy/ItemSearch', externalRoute: false },
          ],
        },
      ],
      routes,
      buyer,
    );
    expect(titles(menu)).toEqual([{ Help: ['API Documentation'] }]);
  });

  it('matches routes as the router does: static paths first, parameters, query strings, trailing slashes, any-of permissions', () => {
    const menu = visibleMenu(
      [
        { title: 'Stations', angularRoute: '/item/stations?x=1' },
        { title: 'Level 2', angularRoute: '/trackingcode/trackingCodeSearch/2' },
        { title: 'Users', angularRoute: '/users' },
        { title: 'Profile', angularRoute: '/user/userSettings/' },
        null,
      ],
      routes,
      buyer,
    );
    expect(titles(menu)).toEqual(['Stations', 'Level 2', 'Users', 'Profile']);
    // A station's page is not taken for an item page (whose ItemEdit the buyer would need to hold).
    expect(findRoute(routes, '/item/stations/5')?.path).toBe('/item/stations/:id');
    expect(findRoute(routes, '/item/stations')?.path).toBe('/item/stations');
    expect(findRoute(routes, '/item/C1/P2')?.path).toBe('/item/:cid_no/:cip_no');
    expect(findRoute(routes, '/requisition/search')).toBeUndefined();
  });
});
