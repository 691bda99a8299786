import { describe, expect, it } from 'vitest';
import { buildMenuGroups, menuAction } from './menu';

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
