// Portal routing rules (spec 1 sections 1, 2 and 6); kept free of React so each rule can be tested.
import type { Schema } from '@asp/client/api';

export type UserContext = Schema<'UserContext'>;
type Context = UserContext | null | undefined;
export type PortalRole = 'customer' | 'supplier' | 'none';

export const APP_TYPE = { ASP: 0, SupplierPortal: 1, CustomerPortal: 2 } as const;
export const PUNCHIN_LOCATION_SITE = 'GEA-POR';

export const ROUTES = {
  customerHome: '/customer-portal',
  quotes: '/customer-portal/quotes',
  catalog: '/customer-portal/catalog',
  supplierHome: '/supplier-portal',
} as const;

export function hasPermission(context: Context, name: string): boolean {
  return (context?.permissions || []).some((p) => p.permission_name === name);
}

/** 'customer', 'supplier' or 'none' (staff without a portal role). */
export function portalRole(context: Context): PortalRole {
  if (!context) return 'none';
  if (context.appType === APP_TYPE.CustomerPortal) return 'customer';
  if (context.currentUser?.supplier_portal_user || context.appType === APP_TYPE.SupplierPortal) return 'supplier';
  if (hasPermission(context, 'CustomerPortalUser') || context.isPunchinUser) return 'customer';
  return 'none';
}

export function homeFor(context: Context): string {
  const role = portalRole(context);
  if (role === 'customer') return ROUTES.customerHome;
  if (role === 'supplier') return ROUTES.supplierHome;
  return '/';
}

export function catalogEnabled(context: Context): boolean {
  return Boolean(context?.currentSite?.customer_portal_catalog);
}

/** Where a path really leads for this user: wrong-role or disabled pages fall back to the user's home. */
export function resolveRoute(path: string, context: Context): string {
  const role = portalRole(context);
  const home = homeFor(context);
  if (path === '/' || path === '') return home;
  if (path === ROUTES.supplierHome) return role === 'supplier' ? path : home;
  if (path === ROUTES.customerHome || path === ROUTES.quotes) return role === 'customer' ? path : home;
  if (path === ROUTES.catalog) return role === 'customer' && catalogEnabled(context) ? path : home;
  return path;
}

export interface NavItem {
  label: string;
  path: string;
}

export function navItems(context: Context): NavItem[] {
  if (portalRole(context) !== 'customer') return [];
  const items: NavItem[] = [
    { label: 'Home', path: ROUTES.customerHome },
    { label: 'Quotes', path: ROUTES.quotes },
  ];
  if (catalogEnabled(context)) items.push({ label: 'Catalog', path: ROUTES.catalog });
  return items;
}

/** Punch-in users arrive from an external procurement system bound to one site. */
export function canSwitchSite(context: Context): boolean {
  return Boolean(context) && !context?.isPunchinUser && (context?.availableSites || []).length > 0;
}

/** Provider employees get a way back to the staff console, except inside a punch-in session. */
export function showAspButton(context: Context): boolean {
  return Boolean(context?.currentUser?.fss_employee) && !context?.isPunchinUser;
}

export function needsPunchinLocation(context: Context): boolean {
  return (
    Boolean(context?.isPunchinUser) &&
    context?.currentSite?.siteCode === PUNCHIN_LOCATION_SITE &&
    context?.currentUser?.customer_punchin_location_id == null
  );
}
