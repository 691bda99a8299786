// The alert screens' places in the top menu: the server's menu (UserContext.menuItems) does not list them yet, so
// they are added to its Controls group here; visibleMenu then keeps only those whose route the user may open (Site
// Broadcast for the administrators). An entry the server already has (same page or route) is not added twice.
import type { MenuEntry } from '../lib/menu';
import { ALERT_SETTINGS_ROUTE, ALERT_SETTINGS_TITLE, SITE_BROADCAST_ROUTE, SITE_BROADCAST_TITLE } from './settings';

export const ALERT_MENU_GROUP = 'Controls';

export const ALERT_MENU: readonly MenuEntry[] = [
  { page: 'alertSettings', title: ALERT_SETTINGS_TITLE, angularRoute: ALERT_SETTINGS_ROUTE, url: null, externalRoute: false, subMenuItems: [] },
  { page: 'siteBroadcast', title: SITE_BROADCAST_TITLE, angularRoute: SITE_BROADCAST_ROUTE, url: null, externalRoute: false, subMenuItems: [] },
];

/** The menu with the alert screens at the end of its Controls group (made when the user has none). */
export function withAlertMenu(items: readonly (MenuEntry | null)[] | null | undefined): MenuEntry[] {
  const menu = (items ?? []).filter((item): item is MenuEntry => Boolean(item));
  const index = menu.findIndex((item) => item.page === ALERT_MENU_GROUP || item.title === ALERT_MENU_GROUP);
  const group: MenuEntry = index >= 0 ? menu[index] : { page: ALERT_MENU_GROUP, title: ALERT_MENU_GROUP, subMenuItems: [] };
  const children = (group.subMenuItems ?? []).filter((child): child is MenuEntry => Boolean(child));
  const added = ALERT_MENU.filter((entry) => !children.some((child) => child.page === entry.page || child.angularRoute === entry.angularRoute));
  if (!added.length) return menu;
  const merged = { ...group, subMenuItems: [...children, ...added] };
  return index >= 0 ? menu.map((item, i) => (i === index ? merged : item)) : [...menu, merged];
}
