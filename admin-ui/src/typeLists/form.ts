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

export function insertBody(f: ValueForm): Schema<'TypeValueInsert'> {
  return {
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
