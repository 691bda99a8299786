// Shared vendors (docs/shared-vendors.md): the provider's record of one supplier, its detail blocks, child records,
// site links and the client vendors assigned to it. Read with ViewVendors, changed with SharedVendorEdit.
import type { Schema } from '../shared/api';

export type SharedVendor = Schema<'SharedVendor'>;
export type SummaryRow = Schema<'SharedVendorSummaryRow'>;

export const SHARED_VENDOR_VIEW = 'ViewVendors';
export const SHARED_VENDOR_EDIT = 'SharedVendorEdit';
export const SHARED_VENDORS_ROUTE = '/vendors/sharedVendors';
export const sharedVendorRoute = (id: number | string) => `${SHARED_VENDORS_ROUTE}?id=${id}`;

export type FieldKind = 'text' | 'multiline' | 'bool' | 'number' | 'date' | 'select' | 'brand';

export interface Option {
  value: number;
  label: string;
}

export interface FieldDef {
  field: string;
  label: string;
  kind: FieldKind;
  options?: readonly Option[];
}

const input = (field: string, label: string, kind: FieldKind = 'text', options?: readonly Option[]): FieldDef => ({ field, label, kind, options });
const opts = (...labels: string[]): readonly Option[] => labels.map((label, i) => ({ value: i + 1, label }));

// The values of the reference lists the records pick from, as the migrations seed them in asp.type_value
// (0022: 'SharedVendorContactType', 'SharedVendorGrade', 'SharedVendorMarketType'; 0030: 'SharedVendorGradeCategory'),
// value ids from 1 in this order; the server checks every value against the list itself.
export const CONTACT_TYPES = opts('Sales', 'Inside sales', 'Accounts receivable', 'Customer service', 'Technical support', 'Executive sponsor');
export const GRADE_CATEGORIES = opts('Quality', 'On-time delivery', 'Price competitiveness', 'Service and support');
export const GRADES = opts('A: strategic', 'B: preferred', 'C: approved', 'D: under review');
export const MARKET_TYPES = opts('MRO', 'Industrial', 'Construction', 'OEM', 'Food and beverage');

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
      input('pay_terms_code', 'Pay terms'), input('pay_terms_days', 'Pay terms days', 'number'), input('pay_terms_discount_pct', 'Early-payment discount %', 'number'),
      input('incentive_program', 'Incentive program', 'bool'), input('incentive_rebate_pct', 'Rebate %', 'number'), input('incentive_notes', 'Incentive notes', 'multiline'),
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
      input('market_type_id', 'Market type', 'select', MARKET_TYPES), input('target_margin_pct', 'Target margin %', 'number'), input('min_margin_pct', 'Minimum margin %', 'number'),
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
  childKind('Contact', 'Contacts', 'contact', [input('contact_type_id', 'Type', 'select', CONTACT_TYPES), input('contact_name', 'Name'), input('phone', 'Phone'), input('phone_ext', 'Ext'), input('email', 'E-mail'), input('notes', 'Notes')], {
    updatable: true,
  }),
  childKind('Brand', 'Brands', 'brand', [input('brand_id', 'Brand', 'brand')], { columns: [{ field: 'brand_name', label: 'Brand' }, { field: 'mfg_code', label: 'Manufacturer' }] }),
  childKind('Commodity', 'Commodities', 'commodity', [input('commodity_code', 'Commodity code (8 digits)')], {
    columns: [{ field: 'commodity_code', label: 'Code' }, { field: 'description', label: 'Description' }],
  }),
  childKind('Grade', 'Grades', 'grade', [input('grade_category_id', 'Category', 'select', GRADE_CATEGORIES), input('grade_id', 'Grade', 'select', GRADES), input('graded_on', 'Graded on', 'date'), input('comments', 'Comments')], {
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

/** The body of a save: empty text as null, numbers and list values as numbers (a number that is not one is sent as
 * typed, so the server names the field). */
export function bodyOf(fields: readonly FieldDef[], form: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = form[f.field];
    if (f.kind === 'bool') out[f.field] = v === true;
    else if (typeof v !== 'string' || v.trim() === '') out[f.field] = null;
    else if (f.kind === 'number' || f.kind === 'select' || f.kind === 'brand') out[f.field] = Number.isFinite(Number(v)) ? Number(v) : v;
    else out[f.field] = v.trim();
  }
  return out;
}

/** How a stored value reads. */
export function display(def: FieldDef, value: unknown): string {
  if (def.kind === 'bool') return value === true ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '—';
  if (def.kind === 'select') return def.options?.find((o) => o.value === Number(value))?.label ?? String(value);
  return String(value);
}
