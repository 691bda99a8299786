// The 'Select Your Location' cascade: business unit -> state -> city.
import type { Schema } from '@asp/client/api';

export type PunchinLocation = Schema<'PunchinLocation'>;
export interface LocationSelection {
  businessUnit: string;
  state: string;
  city: string;
}
type Locations = readonly PunchinLocation[] | null | undefined;

const unique = (values: (string | null | undefined)[]): string[] =>
  [...new Set(values.filter((v): v is string => v != null && v !== ''))].sort((a, b) => a.localeCompare(b));

export function businessUnits(locations: Locations): string[] {
  return unique((locations || []).map((l) => l.business_unit));
}

export function statesFor(locations: Locations, businessUnit: string): string[] {
  if (!businessUnit) return [];
  return unique((locations || []).filter((l) => l.business_unit === businessUnit).map((l) => l.state));
}

export function citiesFor(locations: Locations, businessUnit: string, state: string): string[] {
  if (!businessUnit || !state) return [];
  return unique(
    (locations || []).filter((l) => l.business_unit === businessUnit && l.state === state).map((l) => l.city),
  );
}

/** The location the three choices point to, or null while any is missing or they match nothing. */
export function selectedLocation(locations: Locations, { businessUnit, state, city }: LocationSelection): PunchinLocation | null {
  if (!businessUnit || !state || !city) return null;
  return (
    (locations || []).find((l) => l.business_unit === businessUnit && l.state === state && l.city === city) || null
  );
}

export function canSelectLocation(locations: Locations, selection: LocationSelection): boolean {
  return selectedLocation(locations, selection) !== null;
}

/** Choosing a business unit clears state and city; choosing a state clears city. */
export function updateSelection(selection: LocationSelection, field: keyof LocationSelection, value: string): LocationSelection {
  if (field === 'businessUnit') return { businessUnit: value, state: '', city: '' };
  if (field === 'state') return { ...selection, state: value, city: '' };
  return { ...selection, [field]: value };
}
