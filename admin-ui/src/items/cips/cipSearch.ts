// The CID/CIP search's form and criteria (H3's POST /V1/Item/CIP/Search): what the user types, and the body's
// filters (spec 3 CIP fields). Empty inputs are sent as null; yes/no choices as booleans.
import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';

export type CipRow = Schema<'CipRow'>;
export type CipRecord = WithId<CipRow>;
type Filter = Omit<Schema<'CipSearchRequest'>, 'pageNumber' | 'pageIndex' | 'pageSize' | 'sortField' | 'sortDirection'>;

/** '' any, 'true' yes, 'false' no. */
export type Choice = '' | 'true' | 'false';

export interface CipSearchForm {
  text: string;
  cip_no: string;
  cid_no: string;
  cip_code: string;
  cust_item_code: string;
  description: string;
  location: string;
  vend_code: string;
  status_id: string;
  repl_type: string;
  consigned: Choice;
  dispensing: Choice;
  keep_full: Choice;
  below_min: Choice;
  has_on_hand: Choice;
  site_code: string;
}

export const emptyCipSearch = (): CipSearchForm => ({
  text: '',
  cip_no: '',
  cid_no: '',
  cip_code: '',
  cust_item_code: '',
  description: '',
  location: '',
  vend_code: '',
  status_id: '',
  repl_type: '',
  consigned: '',
  dispensing: '',
  keep_full: '',
  below_min: '',
  has_on_hand: '',
  site_code: '',
});

/** The form's numbers that are not whole numbers: 'CIP Id must be a number.' as in the search box. */
export function cipSearchErrors(form: Partial<CipSearchForm>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.cip_no?.trim() && !/^\d{1,15}$/.test(form.cip_no.trim())) errors.cip_no = 'CIP Id must be a number.';
  if (form.cid_no?.trim() && !/^\d{1,15}$/.test(form.cid_no.trim())) errors.cid_no = 'CID No must be a number.';
  return errors;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const int = (v: unknown) => {
  const t = text(v);
  return t !== null && /^\d{1,15}$/.test(t) ? Number(t) : null;
};
const choice = (v: unknown) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : null);

/** The search body's filters (the list's filter values are the form as typed). */
export function cipCriteria(form: Partial<CipSearchForm>): { [K in keyof Filter]: Filter[K] | null } {
  return {
    site_code: text(form.site_code),
    cip_no: int(form.cip_no),
    cid_no: int(form.cid_no),
    item_id: null,
    status_id: int(form.status_id),
    cip_code: text(form.cip_code),
    cust_item_code: text(form.cust_item_code),
    description: text(form.description),
    text: text(form.text),
    location: text(form.location)?.toUpperCase() ?? null,
    vend_code: text(form.vend_code),
    repl_type: int(form.repl_type),
    consigned: choice(form.consigned),
    dispensing: choice(form.dispensing),
    keep_full: choice(form.keep_full),
    below_min: choice(form.below_min),
    has_on_hand: choice(form.has_on_hand),
  };
}

/** A search started from an address (`/item/search?cid_no=12&text=bearing`): the form with those values. */
export function cipSearchFromQuery(query: URLSearchParams): CipSearchForm {
  const form = emptyCipSearch();
  for (const key of Object.keys(form) as (keyof CipSearchForm)[]) {
    const value = query.get(key);
    if (value !== null) (form as unknown as Record<string, string>)[key] = value;
  }
  return form;
}
