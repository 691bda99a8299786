import type { Schema } from '../shared/api';
import { findRoute, mayOpen, type RouteEntry } from './routes';

/** A menu entry of the UserContext; the tests and older answers leave parts out. */
export type MenuEntry = Partial<Omit<Schema<'MenuItem'>, 'subMenuItems'>> & { subMenuItems?: (MenuEntry | null)[] | null };

export interface MenuGroup {
  name: string;
  item: MenuEntry;
  children: MenuEntry[];
}

export const MENU_GROUPS = ['Items', 'Procurement', 'Logistics', 'Controls', 'Analytics', 'People', 'Help'];

/**
 * Orders the context's top-level menu entries as the product's groups (Items, Procurement, Logistics, Controls,
 * Analytics, People, Help); entries the server adds under another name follow in the server's order. Groups without any
 * entry are left out rather than shown empty.
 */
export function buildMenuGroups(menuItems: readonly (MenuEntry | null)[] | null | undefined): MenuGroup[] {
  const items = (menuItems || []).filter((item): item is MenuEntry => Boolean(item));
  const nameOf = (item: MenuEntry) => item.title || item.page || '';
  const known = MENU_GROUPS.map((group) =>
    items.find((item) => item.page === group || item.title === group),
  ).filter((item): item is MenuEntry => Boolean(item));
  const others = items.filter((item) => !known.includes(item));
  return [...known, ...others].map((item) => ({
    name: nameOf(item),
    item,
    children: (item.subMenuItems || []).filter((child): child is MenuEntry => Boolean(child)),
  }));
}

/** What choosing a menu entry does: an in-app route, a legacy page in this tab, or an external page in a new tab. */
export type MenuAction = { kind: 'route' | 'newTab' | 'sameTab'; to: string } | { kind: 'none' };

export function menuAction(item: MenuEntry | null | undefined): MenuAction {
  if (item?.angularRoute) return { kind: 'route', to: item.angularRoute };
  if (item?.url) return { kind: item.externalRoute ? 'newTab' : 'sameTab', to: item.url };
  return { kind: 'none' };
}

export function menuTestId(item: MenuEntry): string {
  return `menu-item-${String(item.page || item.title || '').replace(/\s+/g, '-')}`;
}

/**
 * The entries the user can actually open. The server already leaves out what the user's permissions do not allow
 * (asp.menu_item.required_permissions); the console also drops what it cannot show: an in-app entry whose route it
 * does not have (an area not built yet) or whose route's permission the user lacks, and a same-tab legacy page.
 * External pages (a new tab, e.g. the API documentation) stay. A heading whose entries all go disappears.
 */
export function visibleMenu(
  items: readonly (MenuEntry | null)[] | null | undefined,
  routes: readonly RouteEntry[],
  holds: (permission: string | number) => boolean,
): MenuEntry[] {
  const opens = (item: MenuEntry): boolean => {
    if (item.angularRoute) {
      const route = findRoute(routes, item.angularRoute);
      return Boolean(route) && mayOpen(route!.permission, holds);
    }
    return Boolean(item.url && item.externalRoute);
  };
  return (items || []).flatMap((item): MenuEntry[] => {
    if (!item) return [];
    const children = visibleMenu(item.subMenuItems, routes, holds);
    const hadChildren = (item.subMenuItems || []).some(Boolean);
    if (hadChildren) return children.length ? [{ ...item, subMenuItems: children }] : [];
    return opens(item) ? [{ ...item, subMenuItems: [] }] : [];
  });
}
