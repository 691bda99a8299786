// The value form of the Type Lists screen as plain functions (tested in form.test.ts): what the form shows for a
// value, and the request bodies it sends.
import type { Schema } from '../shared/api';

export type ActiveFilter = 'all' | 'active' | 'inactive';

export interface ValueForm {
  valueID: string;
  code: string;
  description: string;
  description2: string;
  sortOrder: string;
  erpTypeId: string;
}

export const emptyForm = (): ValueForm => ({ valueID: '', code: '', description: '', description2: '', sortOrder: '', erpTypeId: '' });

export function formOf(v: Schema<'TypeValueRecord'>): ValueForm {
  return {
    valueID: String(v.valueID),
    code: v.code ?? '',
    description: v.description,
    description2: v.description2 ?? '',
    sortOrder: String(v.sortOrder),
    erpTypeId: v.erpTypeId == null ? '' : String(v.erpTypeId),
  };
}

const numberOrNull = (text: string): number | null => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

/** The search's isActive: null shows both. */
export const activeFilterValue = (f: ActiveFilter): boolean | null => (f === 'all' ? null : f === 'active');

/** Provider administrators change the values every client shares; everyone else only values limited to a site. */
export const PROVIDER_ADMIN_PERMISSIONS = ['FSSConnectAdmin', 'SuperUserAdmin'];

/**
 * Whether the caller may change this value (the server's rule, docs/type-lists.md): a value limited to a site is
 * listed only where the caller administers lists, so it may be changed; a shared one (no site) only by a provider
 * administrator.
 */
export const mayChange = (v: Pick<Schema<'TypeValueRecord'>, 'siteId'>, providerAdmin: boolean): boolean => providerAdmin || v.siteId != null;

/**
 * A new value: a provider administrator's is shared (no site); anyone else's is limited to the current site, the
 * only kind they may add.
 */
export function insertBody(f: ValueForm, siteId: number | null = null): Schema<'TypeValueInsert'> {
  return {
    siteId,
    valueID: numberOrNull(f.valueID),
    code: f.code,
    description: f.description,
    description2: f.description2,
    sortOrder: numberOrNull(f.sortOrder),
    erpTypeId: numberOrNull(f.erpTypeId),
  };
}

/** An edit sends every text (an emptied code or description 2 is cleared); valueID and scope never change. */
export function updateBody(typeValueId: number, f: ValueForm): Schema<'TypeValueUpdate'> {
  return { typeValueId, code: f.code, description: f.description, description2: f.description2, sortOrder: numberOrNull(f.sortOrder) };
}
