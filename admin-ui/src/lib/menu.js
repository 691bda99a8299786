export const MENU_GROUPS = ['Items', 'Procurement', 'Logistics', 'Controls', 'Analytics', 'Help'];

/**
 * Orders the context's top-level menu entries as the product's groups (Items, Procurement, Logistics, Controls,
 * Analytics, Help); entries the server adds under another name follow in the server's order. Groups without any
 * entry are left out rather than shown empty.
 */
export function buildMenuGroups(menuItems) {
  const items = (menuItems || []).filter(Boolean);
  const nameOf = (item) => item.title || item.page;
  const known = MENU_GROUPS.map((group) =>
    items.find((item) => item.page === group || item.title === group),
  ).filter(Boolean);
  const others = items.filter((item) => !known.includes(item));
  return [...known, ...others].map((item) => ({
    name: nameOf(item),
    item,
    children: (item.subMenuItems || []).filter(Boolean),
  }));
}

/** What choosing a menu entry does: an in-app route, a legacy page in this tab, or an external page in a new tab. */
export function menuAction(item) {
  if (item?.angularRoute) return { kind: 'route', to: item.angularRoute };
  if (item?.url) return { kind: item.externalRoute ? 'newTab' : 'sameTab', to: item.url };
  return { kind: 'none' };
}

export function menuTestId(item) {
  return `menu-item-${String(item.page || item.title || '').replace(/\s+/g, '-')}`;
}
