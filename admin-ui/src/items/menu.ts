// The Items menu group's entries for the item screens. The menu comes from the server (UserContext.menuItems);
// screens it does not list yet are added to its Items group here, for users holding their permission, so each item
// screen has its place in the menu. An entry the server already has (same page or route) is not added twice.
import type { MenuEntry } from '../lib/menu';
import { hasPermission, type UserContext } from '../lib/userContext';
import { BASIC_ACCESS, ITEM_MASTER_SEARCH_ROUTE, ITEM_SEARCH_ROUTE } from './common';

export interface ItemMenuEntry {
  page: string;
  title: string;
  route: string;
  /** Any one of them shows the entry. */
  permissions: readonly string[];
}

export const ITEM_MENU: readonly ItemMenuEntry[] = [
  { page: 'itemMaster', title: 'Item Master', route: ITEM_MASTER_SEARCH_ROUTE, permissions: [BASIC_ACCESS] },
  { page: 'cipSearch', title: 'CID/CIP Search', route: ITEM_SEARCH_ROUTE, permissions: [BASIC_ACCESS] },
  { page: 'customFields', title: 'Custom Fields', route: '/item/customFields', permissions: [BASIC_ACCESS] },
  { page: 'cribStations', title: 'Crib Stations', route: '/item/stations', permissions: [BASIC_ACCESS] },
  { page: 'kits', title: 'Kits', route: '/item/kits', permissions: [BASIC_ACCESS] },
];

export const ITEMS_GROUP = 'Items';

type Context = Pick<UserContext, 'permissions'> | null | undefined;

/**
 * The server's menu with the item screens in its Items group (created when the user has no Items group but may
 * see an item screen). The other groups and their order are untouched.
 */
export function withItemMenu(menuItems: readonly (MenuEntry | null)[] | null | undefined, context: Context): MenuEntry[] {
  const items = (menuItems ?? []).filter((item): item is MenuEntry => Boolean(item));
  const allowed = ITEM_MENU.filter((entry) => entry.permissions.some((p) => hasPermission(context, p)));
  if (!allowed.length) return items;
  const index = items.findIndex((item) => item.page === ITEMS_GROUP || item.title === ITEMS_GROUP);
  const group: MenuEntry = index >= 0 ? items[index] : { page: ITEMS_GROUP, title: ITEMS_GROUP, subMenuItems: [] };
  const children = (group.subMenuItems ?? []).filter((child): child is MenuEntry => Boolean(child));
  const has = (entry: ItemMenuEntry) =>
    children.some((child) => child.page === entry.page || (child.angularRoute && child.angularRoute === entry.route));
  const added: MenuEntry[] = allowed
    .filter((entry) => !has(entry))
    .map((entry) => ({ page: entry.page, title: entry.title, angularRoute: entry.route, url: null, externalRoute: false, subMenuItems: [] }));
  if (!added.length) return items;
  const merged = { ...group, subMenuItems: [...children, ...added] };
  return index >= 0 ? items.map((item, i) => (i === index ? merged : item)) : [merged, ...items];
}
