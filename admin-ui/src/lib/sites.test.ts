import { describe, expect, it } from 'vitest';
import { filterSites, findSiteByInput, normalizeSiteCode, readNavSiteCode, stripNavSiteCode } from './sites';

const sites = [
  { site_id: 1, siteCode: 'ACME-N', site_name: 'Acme North' },
  { site_id: 2, siteCode: 'ACME-S', site_name: 'Acme South' },
  { site_id: 12, siteCode: 'GEA-POR', site_name: 'Gea Portal' },
];

describe('normalizeSiteCode', () => {
  it('trims and upper-cases typed codes', () => {
    expect(normalizeSiteCode('  acme-n ')).toBe('ACME-N');
    expect(normalizeSiteCode(null)).toBe('');
  });
});

describe('findSiteByInput', () => {
  it('finds an exact code typed in lower case', () => {
    expect(findSiteByInput(sites, 'acme-s')).toBe(sites[1]);
  });
  it('treats a number as a site id', () => {
    expect(findSiteByInput(sites, '12')).toBe(sites[2]);
    expect(findSiteByInput(sites, '3')).toBeNull();
  });
  it('applies a unique partial code at once', () => {
    expect(findSiteByInput(sites, 'gea')).toBe(sites[2]);
  });
  it('refuses ambiguous, unknown or empty text', () => {
    expect(findSiteByInput(sites, 'acme')).toBeNull();
    expect(findSiteByInput(sites, 'XYZ')).toBeNull();
    expect(findSiteByInput(sites, '  ')).toBeNull();
    expect(findSiteByInput([], 'ACME-N')).toBeNull();
  });
});

describe('filterSites', () => {
  it('matches code or name, case-insensitive', () => {
    expect(filterSites(sites, 'south').map((s) => s.site_id)).toEqual([2]);
    expect(filterSites(sites, 'acme').map((s) => s.site_id)).toEqual([1, 2]);
    expect(filterSites(sites, '')).toHaveLength(3);
  });
});

describe('aspNav_siteCode', () => {
  it('is read from the query or from the hash route, upper-cased', () => {
    expect(readNavSiteCode({ search: '?aspNav_siteCode=acme-s', hash: '' })).toBe('ACME-S');
    expect(readNavSiteCode({ search: '', hash: '#/homeMain?aspNav_siteCode=gea-por' })).toBe('GEA-POR');
    expect(readNavSiteCode({ search: '', hash: '#/homeMain' })).toBeNull();
  });

  it('is removed from the address after use', () => {
    const calls: (string | URL | null | undefined)[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => calls.push(url) };
    stripNavSiteCode({ href: 'http://h/?aspNav_siteCode=X&a=1#/homeMain?aspNav_siteCode=X' }, history);
    expect(calls).toEqual(['http://h/?a=1#/homeMain']);
  });
});
