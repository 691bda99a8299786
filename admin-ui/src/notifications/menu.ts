// The inbox's place in the top menu. The server's menu (asp.menu_item) has no entry for it, so the console adds one
// at the head of the Controls group; visibleMenu then keeps it for whoever may open its route (NOTIFICATION_ROUTES).
import type { MenuEntry } from '../lib/menu';
import { INBOX_ROUTE, INBOX_TITLE } from './inbox';

const GROUP = 'Controls';
export const INBOX_MENU_PAGE = 'notifications';

export function withInboxMenu(items: readonly (MenuEntry | null)[] | null | undefined): MenuEntry[] {
  const menu = (items ?? []).filter((item): item is MenuEntry => Boolean(item));
  const entry: MenuEntry = { page: INBOX_MENU_PAGE, title: INBOX_TITLE, angularRoute: INBOX_ROUTE, url: null, externalRoute: false, subMenuItems: [] };
  const index = menu.findIndex((item) => item.page === GROUP || item.title === GROUP);
  if (index < 0) return [...menu, { page: GROUP, title: GROUP, subMenuItems: [entry] }];
  const group = menu[index];
  const children = (group.subMenuItems ?? []).filter((c): c is MenuEntry => Boolean(c));
  // The server may list it one day: then its entry stands.
  if (children.some((c) => c.page === INBOX_MENU_PAGE || c.angularRoute === INBOX_ROUTE)) return menu;
  return menu.map((item, i) => (i === index ? { ...group, subMenuItems: [entry, ...children] } : item));
}
