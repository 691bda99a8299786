import { describe, expect, it } from 'vitest';
import { site, userContext as ctx } from '../test/fixtures';
import {
  canSwitchSite,
  homeFor,
  navItems,
  needsPunchinLocation,
  portalRole,
  resolveRoute,
  showAspButton,
} from './roles';

describe('portalRole', () => {
  it('makes appType 2 a customer', () => {
    expect(portalRole(ctx({ appType: 2 }))).toBe('customer');
  });
  it('makes a CustomerPortalUser a customer', () => {
    expect(portalRole(ctx({ perms: ['CustomerPortalUser'] }))).toBe('customer');
  });
  it('makes a supplier-portal user a supplier', () => {
    expect(portalRole(ctx({ user: { supplier_portal_user: true } }))).toBe('supplier');
    expect(portalRole(ctx({ appType: 1 }))).toBe('supplier');
  });
  it('treats punch-in users as customers', () => {
    expect(portalRole(ctx({ isPunchinUser: true }))).toBe('customer');
  });
  it('gives staff without a portal role none', () => {
    expect(portalRole(ctx({ perms: ['BasicAccess'] }))).toBe('none');
    expect(portalRole(null)).toBe('none');
  });
});

describe('resolveRoute', () => {
  const customer = ctx({ appType: 2 });
  const supplier = ctx({ user: { supplier_portal_user: true } });

  it('sends the root to each role home', () => {
    expect(homeFor(customer)).toBe('/customer-portal');
    expect(resolveRoute('/', customer)).toBe('/customer-portal');
    expect(resolveRoute('/', supplier)).toBe('/supplier-portal');
  });
  it('keeps users out of the other portal', () => {
    expect(resolveRoute('/supplier-portal', customer)).toBe('/customer-portal');
    expect(resolveRoute('/customer-portal/quotes', supplier)).toBe('/supplier-portal');
    expect(resolveRoute('/customer-portal/quotes', customer)).toBe('/customer-portal/quotes');
  });
  it('opens the catalog only where the site enables it', () => {
    expect(resolveRoute('/customer-portal/catalog', customer)).toBe('/customer-portal');
    const withCatalog = ctx({ appType: 2, currentSite: site('ACME-S', { customer_portal_catalog: true }) });
    expect(resolveRoute('/customer-portal/catalog', withCatalog)).toBe('/customer-portal/catalog');
  });
});

describe('navItems', () => {
  it('shows Home and Quotes, plus Catalog when the site enables it', () => {
    expect(navItems(ctx({ appType: 2 })).map((i) => i.label)).toEqual(['Home', 'Quotes']);
    const withCatalog = ctx({ appType: 2, currentSite: site('ACME-S', { customer_portal_catalog: true }) });
    expect(navItems(withCatalog).map((i) => i.label)).toEqual(['Home', 'Quotes', 'Catalog']);
  });
  it('has no customer navigation for suppliers', () => {
    expect(navItems(ctx({ user: { supplier_portal_user: true } }))).toEqual([]);
  });
});

describe('site switching and the ASP button', () => {
  it('punch-in users cannot switch site, other portal users can', () => {
    expect(canSwitchSite(ctx({ isPunchinUser: true, appType: 2 }))).toBe(false);
    expect(canSwitchSite(ctx({ appType: 2 }))).toBe(true);
  });
  it('only provider employees outside punch-in get the ASP button', () => {
    expect(showAspButton(ctx({ user: { fss_employee: true }, appType: 2 }))).toBe(true);
    expect(showAspButton(ctx({ user: { fss_employee: true }, isPunchinUser: true }))).toBe(false);
    expect(showAspButton(ctx({ appType: 2 }))).toBe(false);
  });
});

describe('needsPunchinLocation', () => {
  it('asks a punch-in user at GEA-POR without a location', () => {
    expect(needsPunchinLocation(ctx({ isPunchinUser: true, currentSite: site('GEA-POR') }))).toBe(true);
  });
  it('does not ask once a location is chosen, at other sites, or non-punch-in users', () => {
    expect(
      needsPunchinLocation(ctx({ isPunchinUser: true, currentSite: site('GEA-POR'), user: { customer_punchin_location_id: 4 } })),
    ).toBe(false);
    expect(needsPunchinLocation(ctx({ isPunchinUser: true, currentSite: site('ACME-N') }))).toBe(false);
    expect(needsPunchinLocation(ctx({ appType: 2, currentSite: site('GEA-POR') }))).toBe(false);
  });
});
