import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILED, stubTypeReads } from './testing';
import {
  clearTypeListCache,
  byList,
  countryCodeOf,
  loadSharedVendorLists,
  loadTypeList,
  stateAfterCountryChange,
  stateCountry,
  stateOf,
  typeListUrl,
  typeOptions,
  typeValueText,
  type TypeValue,
} from './lookups';

const v = (typeID: string, valueID: number, code: string | null, description: string, description2: string | null = null, isActive = true): TypeValue => ({
  typeID,
  valueID,
  code,
  description,
  description2,
  isActive,
});

const COUNTRIES = [v('Country', 840, 'US', 'United States', 'USA'), v('Country', 124, 'CA', 'Canada', 'CAN'), v('Country', 276, 'DE', 'Germany', 'DEU')];
const STATES = [
  v('State', 44, 'TX', 'Texas', 'US'),
  v('State', 36, 'NY', 'New York', 'US'),
  v('State', 70, 'ON', 'Ontario', 'CA'),
  v('State', 90, 'CZ', 'Canal Zone', 'US', false),
];
const TERMS = [v('Terms', 1, 'NET30', 'Net 30 days'), v('Terms', 2, 'COD', 'COD'), v('Terms', 3, 'NET90', 'Net 90 days', null, false)];

afterEach(() => {
  clearTypeListCache();
  vi.restoreAllMocks();
});

describe('reference list options', () => {
  it('offer the active values by id, labelled with their code and name, each once', () => {
    const options = typeOptions([...TERMS, v('Terms', 1, 'NET30', 'Net 30 days (site copy)')], 'id', null);
    expect(options.map((o) => [o.value, o.label])).toEqual([
      [1, 'NET30 - Net 30 days'],
      [2, 'COD'],
    ]);
  });

  it('offer codes for the fields that store the code, matching the stored code whatever its case', () => {
    const options = typeOptions(TERMS, 'code', 'net30');
    expect(options.map((o) => o.value)).toEqual(['NET30', 'COD']);
    expect(typeValueText(TERMS, 'code', 'net30')).toBe('NET30 - Net 30 days');
  });

  it('keep a deactivated value the record carries, marked, and offer it to no one else', () => {
    expect(typeOptions(TERMS, 'id', 3).map((o) => [o.value, o.label, o.inactive])).toEqual([
      [1, 'NET30 - Net 30 days', false],
      [2, 'COD', false],
      [3, 'NET90 - Net 90 days (inactive)', true],
    ]);
    expect(typeOptions(TERMS, 'id', 1).map((o) => o.value)).toEqual([1, 2]);
  });

  it('keep a stored value the list does not have as it is, so saving the form does not drop it', () => {
    const options = typeOptions(TERMS, 'code', 'NET45');
    expect(options[0]).toMatchObject({ value: 'NET45', label: 'NET45 (not in the list)', unknown: true });
    expect(typeValueText(TERMS, 'id', 77)).toBe('77');
    expect(typeValueText(TERMS, 'id', null)).toBe('');
  });
});

describe('the state picker follows the country', () => {
  it('offers the chosen country`s states only', () => {
    const us = typeOptions(STATES, 'id', null, stateOf(countryCodeOf(COUNTRIES, 840)));
    expect(us.map((o) => o.label)).toEqual(['TX - Texas', 'NY - New York']);
    const ca = typeOptions(STATES, 'id', null, stateOf(countryCodeOf(COUNTRIES, '124')));
    expect(ca.map((o) => o.value)).toEqual([70]);
    expect(typeOptions(STATES, 'id', null, stateOf(countryCodeOf(COUNTRIES, 276)))).toEqual([]);
  });

  it('takes the United States for a domestic vendor without a country, and nothing for an international one', () => {
    expect(stateCountry(COUNTRIES, null, false)).toBe('US');
    expect(stateCountry(COUNTRIES, '', true)).toBeNull();
    expect(stateCountry(COUNTRIES, 124, true)).toBe('CA');
  });

  it('keeps the state while it is one of the new country`s, else clears it', () => {
    expect(stateAfterCountryChange(STATES, 44, 'US')).toBe(44);
    expect(stateAfterCountryChange(STATES, '44', 'CA')).toBeNull();
    expect(stateAfterCountryChange(STATES, 70, 'CA')).toBe(70);
    expect(stateAfterCountryChange(STATES, 70, null)).toBeNull();
  });
});

describe('loading a list', () => {
  it('reads each list once through its Type operation, ship methods at the current site', async () => {
    const reads = stubTypeReads(TERMS);
    await Promise.all([loadTypeList('Terms'), loadTypeList('Terms'), loadTypeList('ShipMethod', 7)]);
    expect(reads.urls).toEqual(['/api/V1/Type/Terms', '/api/V1/Type/ShipMethods/Site/7']);
    expect(typeListUrl('State')).toBe('/api/V1/Type/GetAllStates');
    expect(typeListUrl('ShipMethod')).toBe('/api/V1/Type/ShipMethods');
  });

  it('asks again after a failed read', async () => {
    const reads = stubTypeReads(FAILED, TERMS);
    await expect(loadTypeList('Terms')).rejects.toThrow();
    await expect(loadTypeList('Terms')).resolves.toEqual(TERMS);
    expect(reads.urls).toHaveLength(2);
    // Read quietly: the form shows the value as stored instead of a toast.
    expect(reads.toasts).toEqual([]);
  });

  it('reads the shared-vendor lists with one request for the page, split by the list each value names', async () => {
    const answer = [v('SharedVendorGrade', 1, 'A', 'A: strategic'), v('SharedVendorMarketType', 1, 'MRO', 'MRO'), v('SharedVendorGrade', 2, 'B', 'B: preferred')];
    const reads = stubTypeReads(answer);
    const [lists] = await Promise.all([loadSharedVendorLists(), loadSharedVendorLists()]);
    await loadSharedVendorLists();
    expect(reads.urls).toEqual(['/api/V1/Type/SharedVendor']);
    expect(lists.SharedVendorGrade?.map((x) => x.valueID)).toEqual([1, 2]);
    expect(lists.SharedVendorMarketType?.map((x) => x.description)).toEqual(['MRO']);
    expect(lists.SharedVendorContactType).toBeUndefined();
    // Type Lists administration clears the cache after a save: the next page asks again.
    clearTypeListCache();
    await loadSharedVendorLists();
    expect(reads.urls).toHaveLength(2);
    expect(byList([])).toEqual({});
  });

  it('asks again for the shared-vendor lists after a failed read', async () => {
    const reads = stubTypeReads(FAILED, [v('SharedVendorGrade', 1, 'A', 'A: strategic')]);
    await expect(loadSharedVendorLists()).rejects.toThrow();
    await expect(loadSharedVendorLists()).resolves.toMatchObject({ SharedVendorGrade: [{ valueID: 1 }] });
    expect(reads.urls).toHaveLength(2);
    expect(reads.toasts).toEqual([]);
  });
});
