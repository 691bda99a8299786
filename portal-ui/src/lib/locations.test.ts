import { describe, expect, it } from 'vitest';
import {
  businessUnits,
  canSelectLocation,
  citiesFor,
  selectedLocation,
  statesFor,
  updateSelection,
  type PunchinLocation,
} from './locations';

const locations: PunchinLocation[] = [
  { customer_punchin_location_id: 1, business_unit: 'BU1', state: 'OR', city: 'Portland', map_to_site_id: 2, map_to_site_code: 'ACME-S' },
  { customer_punchin_location_id: 2, business_unit: 'BU1', state: 'WA', city: 'Seattle', map_to_site_id: 1, map_to_site_code: 'ACME-N' },
  { customer_punchin_location_id: 3, business_unit: 'BU2', state: 'OR', city: 'Salem', map_to_site_id: 3, map_to_site_code: 'GEA-MAIN' },
  { customer_punchin_location_id: 4, business_unit: 'BU1', state: 'OR', city: 'Eugene', map_to_site_id: 3, map_to_site_code: 'GEA-MAIN' },
];

describe('location cascade', () => {
  it('lists each business unit once', () => {
    expect(businessUnits(locations)).toEqual(['BU1', 'BU2']);
  });
  it('filters states by business unit and cities by both', () => {
    expect(statesFor(locations, '')).toEqual([]);
    expect(statesFor(locations, 'BU1')).toEqual(['OR', 'WA']);
    expect(citiesFor(locations, 'BU1', '')).toEqual([]);
    expect(citiesFor(locations, 'BU1', 'OR')).toEqual(['Eugene', 'Portland']);
    expect(citiesFor(locations, 'BU2', 'OR')).toEqual(['Salem']);
  });
  it('clears the lower choices when a higher one changes', () => {
    const full = { businessUnit: 'BU1', state: 'OR', city: 'Portland' };
    expect(updateSelection(full, 'businessUnit', 'BU2')).toEqual({ businessUnit: 'BU2', state: '', city: '' });
    expect(updateSelection(full, 'state', 'WA')).toEqual({ businessUnit: 'BU1', state: 'WA', city: '' });
    expect(updateSelection(full, 'city', 'Eugene')).toEqual({ businessUnit: 'BU1', state: 'OR', city: 'Eugene' });
  });
});

describe('Select Location enabling', () => {
  it('is disabled until business unit, state and city are all chosen', () => {
    expect(canSelectLocation(locations, { businessUnit: '', state: '', city: '' })).toBe(false);
    expect(canSelectLocation(locations, { businessUnit: 'BU1', state: '', city: '' })).toBe(false);
    expect(canSelectLocation(locations, { businessUnit: 'BU1', state: 'OR', city: '' })).toBe(false);
    expect(canSelectLocation(locations, { businessUnit: 'BU1', state: 'OR', city: 'Portland' })).toBe(true);
  });
  it('stays disabled for a combination that matches no location', () => {
    expect(canSelectLocation(locations, { businessUnit: 'BU2', state: 'OR', city: 'Portland' })).toBe(false);
    expect(canSelectLocation(null, { businessUnit: 'BU1', state: 'OR', city: 'Portland' })).toBe(false);
  });
  it('finds the chosen location', () => {
    expect(selectedLocation(locations, { businessUnit: 'BU1', state: 'OR', city: 'Eugene' })?.customer_punchin_location_id).toBe(4);
  });
});
