// Shared vendors (docs/shared-vendors.md): the provider's record of one supplier, its detail blocks, child records,
// site links and the client vendors assigned to it. Read with ViewVendors, changed with SharedVendorEdit.
import type { Schema } from '../shared/api';
import { formatPercent } from '../shared/numbers';
import { findTypeValue, typeLabel, typeOptions, type SharedVendorListName, type SharedVendorLists, type StoredAs, type TypeValue } from '../typeLists/lookups';

export type SharedVendor = Schema<'SharedVendor'>;
export type SummaryRow = Schema<'SharedVendorSummaryRow'>;

export const SHARED_VENDOR_VIEW = 'ViewVendors';
export const SHARED_VENDOR_EDIT = 'SharedVendorEdit';
export const SHARED_VENDORS_ROUTE = '/vendors/sharedVendors';
export const sharedVendorRoute = (id: number | string) => `${SHARED_VENDORS_ROUTE}?id=${id}`;

/** `percent`: a number on the 0-100 scale, typed as a number and shown with the percent sign. */
export type FieldKind = 'text' | 'multiline' | 'bool' | 'number' | 'percent' | 'date' | 'select' | 'brand';

export interface Option {
  value: number | string;
  label: string;
}

export interface FieldDef {
  field: string;
  label: string;
  kind: FieldKind;
  /** The reference list (type code) a select stores a value of: its options are the values the Type operation answers. */
  list?: SharedVendorListName;
  /** The options of a select that is no reference list (the user's sites). */
  options?: readonly Option[];
}

const input = (field: string, label: string, kind: FieldKind = 'text'): FieldDef => ({ field, label, kind });
const pick = (field: string, label: string, list: SharedVendorListName): FieldDef => ({ field, label, kind: 'select', list });

/** Pay terms are stored by their code (the server checks the code), every other list's value by its id. */
export const storedAs = (list: SharedVendorListName): StoredAs => (list === 'SharedVendorPayTerms' ? 'code' : 'id');

// A value stored by id reads as the server names it in the records and their lists (the description: 'Customer
// service', not 'CS - Customer service'); where the code is what is stored, the code is part of the label.
const labelOf =
  (list: SharedVendorListName) =>
  (v: TypeValue): string =>
    storedAs(list) === 'code' ? typeLabel(v) : v.description;

/** The name a record gives the list value it holds (`market_type` beside `market_type_id`), as the server reads it. */
export function heldName(def: FieldDef, record: Record<string, unknown> | null | undefined): string | null {
  if (!def.list || storedAs(def.list) !== 'id' || !def.field.endsWith('_id')) return null;
  const name = record?.[def.field.replace(/_id$/, '')];
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/**
 * The options of a select: the active values of its list, and the value the record holds (as saved) always among
 * them so that saving the form never silently drops it. The Type operation answers active values only, so a value
 * deactivated since is named by the record itself; until the lists are read (`lists` undefined) the held value is
 * shown by that name or by its id.
 */
export function fieldOptions(def: FieldDef, lists: SharedVendorLists | undefined, record?: Record<string, unknown> | null): readonly Option[] {
  if (!def.list) return def.options ?? [];
  const held = record?.[def.field];
  const name = heldName(def, record);
  return typeOptions(lists?.[def.list], storedAs(def.list), held, undefined, labelOf(def.list)).map((o) => {
    if (!o.unknown) return { value: o.value, label: o.label };
    if (!lists) return { value: o.value, label: name ?? String(held) };
    return { value: o.value, label: name ? `${name} (inactive)` : `${String(held)} (not in the list)` };
  });
}

/** One detail block: its tab, the operation that replaces it and its fields. */
export interface BlockDef {
  key: string;
  title: string;
  path:
    | '/V1/SharedVendor/Update/Detail/Identification'
    | '/V1/SharedVendor/Update/Detail/WebOrderingInfo'
    | '/V1/SharedVendor/Update/Detail/FergusonCostInfo'
    | '/V1/SharedVendor/Update/Detail/VIPManagement'
    | '/V1/SharedVendor/Update/Detail/MarketMargin';
  fields: readonly FieldDef[];
}

export const BLOCKS: readonly BlockDef[] = [
  {
    key: 'identification',
    title: 'Identification',
    path: '/V1/SharedVendor/Update/Detail/Identification',
    fields: [
      input('preferred_supplier', 'Preferred supplier', 'bool'), input('sourcing_manager', 'Sourcing manager'), input('duns_number', 'DUNS number'), input('tax_id', 'Tax id'),
      input('website', 'Website'), input('parent_company', 'Parent company'),
    ],
  },
  {
    key: 'webOrdering',
    title: 'Web Ordering',
    path: '/V1/SharedVendor/Update/Detail/WebOrderingInfo',
    fields: [
      input('offers_web_ordering', 'Web ordering', 'bool'), input('offers_punchout', 'Punch-out', 'bool'), input('offers_edi', 'EDI', 'bool'),
      input('offers_online_invoicing', 'Online invoicing', 'bool'), input('web_ordering_url', 'Web ordering URL'), input('web_ordering_notes', 'Notes', 'multiline'),
    ],
  },
  {
    key: 'costInfo',
    title: 'Cost Info',
    path: '/V1/SharedVendor/Update/Detail/FergusonCostInfo',
    fields: [
      pick('pay_terms_code', 'Pay terms', 'SharedVendorPayTerms'), input('pay_terms_days', 'Pay terms days', 'number'), input('pay_terms_discount_pct', 'Early-payment discount %', 'percent'),
      input('incentive_program', 'Incentive program', 'bool'), input('incentive_rebate_pct', 'Rebate %', 'percent'), input('incentive_notes', 'Incentive notes', 'multiline'),
      input('cost_update_frequency', 'Cost file frequency'), input('cost_info_notes', 'Cost notes', 'multiline'),
    ],
  },
  {
    key: 'vip',
    title: 'VIP Management',
    path: '/V1/SharedVendor/Update/Detail/VIPManagement',
    fields: [input('is_vip', 'VIP', 'bool'), input('vip_manager', 'VIP manager'), input('strategy', 'Strategy', 'multiline'), input('strategy_notes', 'Strategy notes', 'multiline'), input('notes', 'Notes', 'multiline')],
  },
  {
    key: 'marketMargin',
    title: 'Market Margin',
    path: '/V1/SharedVendor/Update/Detail/MarketMargin',
    fields: [
      pick('market_type_id', 'Market type', 'SharedVendorMarketType'), input('target_margin_pct', 'Target margin %', 'percent'), input('min_margin_pct', 'Minimum margin %', 'percent'),
      input('market_margin_notes', 'Notes', 'multiline'),
    ],
  },
];

export type ChildKind = 'Contact' | 'Brand' | 'Commodity' | 'Grade' | 'CompetitorBrand' | 'FergusonAccountContact';

export interface Column {
  field: string;
  label: string;
}

/** A child record kind: its operations (`{kind}/Search|Insert|Update|Delete`), id, columns and form. */
export interface ChildDef {
  key: string;
  title: string;
  kind: ChildKind;
  idField: string;
  updatable: boolean;
  columns: readonly Column[];
  fields: readonly FieldDef[];
}

/** The column showing a field: a list value is read by its name (`grade_id` -> `grade`), which the search answers. */
export const columnOf = (d: FieldDef): Column => ({ field: d.kind === 'select' ? d.field.replace(/_id$/, '') : d.field, label: d.label });

/**
 * A child record kind. Its tab key is its title in camel case, its id `shared_vendor_<record>_id`; the list shows
 * what the form edits unless told other columns (a brand is chosen by id and listed by name).
 */
export function childKind(kind: ChildKind, title: string, record: string, fields: readonly FieldDef[], more: { updatable?: boolean; columns?: readonly Column[] } = {}): ChildDef {
  const key = title.replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toLowerCase());
  return { key, title, kind, idField: `shared_vendor_${record}_id`, updatable: more.updatable ?? false, columns: more.columns ?? fields.map(columnOf), fields };
}

export const CHILDREN: readonly ChildDef[] = [
  childKind('Contact', 'Contacts', 'contact', [pick('contact_type_id', 'Type', 'SharedVendorContactType'), input('contact_name', 'Name'), input('phone', 'Phone'), input('phone_ext', 'Ext'), input('email', 'E-mail'), input('notes', 'Notes')], {
    updatable: true,
  }),
  childKind('Brand', 'Brands', 'brand', [input('brand_id', 'Brand', 'brand')], { columns: [{ field: 'brand_name', label: 'Brand' }, { field: 'mfg_code', label: 'Manufacturer' }] }),
  childKind('Commodity', 'Commodities', 'commodity', [input('commodity_code', 'Commodity code (8 digits)')], {
    columns: [{ field: 'commodity_code', label: 'Code' }, { field: 'description', label: 'Description' }],
  }),
  childKind('Grade', 'Grades', 'grade', [pick('grade_category_id', 'Category', 'SharedVendorGradeCategory'), pick('grade_id', 'Grade', 'SharedVendorGrade'), input('graded_on', 'Graded on', 'date'), input('comments', 'Comments')], {
    updatable: true,
  }),
  childKind('CompetitorBrand', 'Competitor Brands', 'competitor_brand', [input('brand_name', 'Brand'), input('notes', 'Notes')]),
  childKind('FergusonAccountContact', 'Account Contacts', 'account_contact', [input('contact_name', 'Name'), input('role_title', 'Role'), input('phone', 'Phone'), input('email', 'E-mail'), input('notes', 'Notes')], {
    updatable: true,
  }),
];

export type FormValues = Record<string, string | boolean>;

/** The form of a block or record: text as typed, flags as booleans. */
export function formOf(fields: readonly FieldDef[], record: Record<string, unknown> | null | undefined): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = record?.[f.field];
    out[f.field] = f.kind === 'bool' ? v === true : v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** The body of a save: empty text as null, numbers and value ids as numbers (a number that is not one is sent as
 * typed, so the server names the field), codes as chosen. */
export function bodyOf(fields: readonly FieldDef[], form: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = form[f.field];
    if (f.kind === 'bool') out[f.field] = v === true;
    else if (typeof v !== 'string' || v.trim() === '') out[f.field] = null;
    else if (f.list && storedAs(f.list) === 'code') out[f.field] = v.trim();
    else if (f.kind === 'number' || f.kind === 'percent' || f.kind === 'select' || f.kind === 'brand') out[f.field] = Number.isFinite(Number(v)) ? Number(v) : v;
    else out[f.field] = v.trim();
  }
  return out;
}

/** How a record's value reads: a list value by its name in the list, else as the record names it, else as stored. */
export function display(def: FieldDef, record: Record<string, unknown> | null | undefined, lists?: SharedVendorLists): string {
  const value = record?.[def.field];
  if (def.kind === 'bool') return value === true ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '—';
  if (def.kind === 'select' && def.list) {
    const found = findTypeValue(lists?.[def.list], storedAs(def.list), value);
    return found ? labelOf(def.list)(found) : (heldName(def, record) ?? String(value));
  }
  if (def.kind === 'select') return def.options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
  if (def.kind === 'percent') return formatPercent(value) || String(value);
  return String(value);
}
