// The 'Select Your Location' cascade: business unit -> state -> city.
const unique = (values) => [...new Set(values.filter((v) => v != null && v !== ''))].sort((a, b) => String(a).localeCompare(String(b)));

export function businessUnits(locations) {
  return unique((locations || []).map((l) => l.business_unit));
}

export function statesFor(locations, businessUnit) {
  if (!businessUnit) return [];
  return unique((locations || []).filter((l) => l.business_unit === businessUnit).map((l) => l.state));
}

export function citiesFor(locations, businessUnit, state) {
  if (!businessUnit || !state) return [];
  return unique(
    (locations || []).filter((l) => l.business_unit === businessUnit && l.state === state).map((l) => l.city),
  );
}

/** The location the three choices point to, or null while any is missing or they match nothing. */
export function selectedLocation(locations, { businessUnit, state, city }) {
  if (!businessUnit || !state || !city) return null;
  return (
    (locations || []).find((l) => l.business_unit === businessUnit && l.state === state && l.city === city) || null
  );
}

export function canSelectLocation(locations, selection) {
  return selectedLocation(locations, selection) !== null;
}

/** Choosing a business unit clears state and city; choosing a state clears city. */
export function updateSelection(selection, field, value) {
  if (field === 'businessUnit') return { businessUnit: value, state: '', city: '' };
  if (field === 'state') return { ...selection, state: value, city: '' };
  return { ...selection, [field]: value };
}
