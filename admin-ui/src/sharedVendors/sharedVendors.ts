// Shared vendors (docs/shared-vendors.md): the provider's record of one supplier, its detail blocks, child records,
// site links and the client vendors assigned to it. Read with ViewVendors, changed with SharedVendorEdit.
import type { Schema } from '../shared/api';

export type SharedVendor = Schema<'SharedVendor'>;
export type SummaryRow = Schema<'SharedVendorSummaryRow'>;

export const SHARED_VENDOR_VIEW = 'ViewVendors';
export const SHARED_VENDOR_EDIT = 'SharedVendorEdit';
export const SHARED_VENDORS_ROUTE = '/vendors/sharedVendors';
export const sharedVendorRoute = (id: number | string) => `${SHARED_VENDORS_ROUTE}?id=${id}`;

export type FieldKind = 'text' | 'multiline' | 'bool' | 'number' | 'date' | 'select';

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

// The values of the reference lists the records pick from, as the migrations seed them in asp.type_value
// (0022: 'SharedVendorContactType', 'SharedVendorGrade', 'SharedVendorMarketType'; 0030: 'SharedVendorGradeCategory');
// the server checks every value against the list itself.
export const CONTACT_TYPES: readonly Option[] = [
  { value: 1, label: 'Sales' },
  { value: 2, label: 'Inside sales' },
  { value: 3, label: 'Accounts receivable' },
  { value: 4, label: 'Customer service' },
  { value: 5, label: 'Technical support' },
  { value: 6, label: 'Executive sponsor' },
];
export const GRADE_CATEGORIES: readonly Option[] = [
  { value: 1, label: 'Quality' },
  { value: 2, label: 'On-time delivery' },
  { value: 3, label: 'Price competitiveness' },
  { value: 4, label: 'Service and support' },
];
export const GRADES: readonly Option[] = [
  { value: 1, label: 'A: strategic' },
  { value: 2, label: 'B: preferred' },
  { value: 3, label: 'C: approved' },
  { value: 4, label: 'D: under review' },
];
export const MARKET_TYPES: readonly Option[] = [
  { value: 1, label: 'MRO' },
  { value: 2, label: 'Industrial' },
  { value: 3, label: 'Construction' },
  { value: 4, label: 'OEM' },
  { value: 5, label: 'Food and beverage' },
];

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
      { field: 'preferred_supplier', label: 'Preferred supplier', kind: 'bool' },
      { field: 'sourcing_manager', label: 'Sourcing manager', kind: 'text' },
      { field: 'duns_number', label: 'DUNS number', kind: 'text' },
      { field: 'tax_id', label: 'Tax id', kind: 'text' },
      { field: 'website', label: 'Website', kind: 'text' },
      { field: 'parent_company', label: 'Parent company', kind: 'text' },
    ],
  },
  {
    key: 'webOrdering',
    title: 'Web Ordering',
    path: '/V1/SharedVendor/Update/Detail/WebOrderingInfo',
    fields: [
      { field: 'offers_web_ordering', label: 'Web ordering', kind: 'bool' },
      { field: 'offers_punchout', label: 'Punch-out', kind: 'bool' },
      { field: 'offers_edi', label: 'EDI', kind: 'bool' },
      { field: 'offers_online_invoicing', label: 'Online invoicing', kind: 'bool' },
      { field: 'web_ordering_url', label: 'Web ordering URL', kind: 'text' },
      { field: 'web_ordering_notes', label: 'Notes', kind: 'multiline' },
    ],
  },
  {
    key: 'costInfo',
    title: 'Cost Info',
    path: '/V1/SharedVendor/Update/Detail/FergusonCostInfo',
    fields: [
      { field: 'pay_terms_code', label: 'Pay terms', kind: 'text' },
      { field: 'pay_terms_days', label: 'Pay terms days', kind: 'number' },
      { field: 'pay_terms_discount_pct', label: 'Early-payment discount %', kind: 'number' },
      { field: 'incentive_program', label: 'Incentive program', kind: 'bool' },
      { field: 'incentive_rebate_pct', label: 'Rebate %', kind: 'number' },
      { field: 'incentive_notes', label: 'Incentive notes', kind: 'multiline' },
      { field: 'cost_update_frequency', label: 'Cost file frequency', kind: 'text' },
      { field: 'cost_info_notes', label: 'Cost notes', kind: 'multiline' },
    ],
  },
  {
    key: 'vip',
    title: 'VIP Management',
    path: '/V1/SharedVendor/Update/Detail/VIPManagement',
    fields: [
      { field: 'is_vip', label: 'VIP', kind: 'bool' },
      { field: 'vip_manager', label: 'VIP manager', kind: 'text' },
      { field: 'strategy', label: 'Strategy', kind: 'multiline' },
      { field: 'strategy_notes', label: 'Strategy notes', kind: 'multiline' },
      { field: 'notes', label: 'Notes', kind: 'multiline' },
    ],
  },
  {
    key: 'marketMargin',
    title: 'Market Margin',
    path: '/V1/SharedVendor/Update/Detail/MarketMargin',
    fields: [
      { field: 'market_type_id', label: 'Market type', kind: 'select', options: MARKET_TYPES },
      { field: 'target_margin_pct', label: 'Target margin %', kind: 'number' },
      { field: 'min_margin_pct', label: 'Minimum margin %', kind: 'number' },
      { field: 'market_margin_notes', label: 'Notes', kind: 'multiline' },
    ],
  },
];

/** A child record kind: its operations (`{kind}/Search|Insert|Update|Delete`), id, columns and form. */
export interface ChildDef {
  key: string;
  title: string;
  kind: 'Contact' | 'Brand' | 'Commodity' | 'Grade' | 'CompetitorBrand' | 'FergusonAccountContact';
  idField: string;
  updatable: boolean;
  columns: readonly { field: string; label: string }[];
  fields: readonly FieldDef[];
}

export const CHILDREN: readonly ChildDef[] = [
  {
    key: 'contacts',
    title: 'Contacts',
    kind: 'Contact',
    idField: 'shared_vendor_contact_id',
    updatable: true,
    columns: [
      { field: 'contact_type', label: 'Type' },
      { field: 'contact_name', label: 'Name' },
      { field: 'phone', label: 'Phone' },
      { field: 'phone_ext', label: 'Ext' },
      { field: 'email', label: 'E-mail' },
      { field: 'notes', label: 'Notes' },
    ],
    fields: [
      { field: 'contact_type_id', label: 'Type', kind: 'select', options: CONTACT_TYPES },
      { field: 'contact_name', label: 'Name', kind: 'text' },
      { field: 'phone', label: 'Phone', kind: 'text' },
      { field: 'phone_ext', label: 'Ext', kind: 'text' },
      { field: 'email', label: 'E-mail', kind: 'text' },
      { field: 'notes', label: 'Notes', kind: 'text' },
    ],
  },
  {
    key: 'brands',
    title: 'Brands',
    kind: 'Brand',
    idField: 'shared_vendor_brand_id',
    updatable: false,
    columns: [
      { field: 'brand_name', label: 'Brand' },
      { field: 'mfg_code', label: 'Manufacturer' },
      { field: 'brand_id', label: 'Brand id' },
    ],
    fields: [{ field: 'brand_id', label: 'Brand id', kind: 'number' }],
  },
  {
    key: 'commodities',
    title: 'Commodities',
    kind: 'Commodity',
    idField: 'shared_vendor_commodity_id',
    updatable: false,
    columns: [
      { field: 'commodity_code', label: 'Code' },
      { field: 'description', label: 'Description' },
    ],
    fields: [{ field: 'commodity_code', label: 'Commodity code (8 digits)', kind: 'text' }],
  },
  {
    key: 'grades',
    title: 'Grades',
    kind: 'Grade',
    idField: 'shared_vendor_grade_id',
    updatable: true,
    columns: [
      { field: 'grade_category', label: 'Category' },
      { field: 'grade', label: 'Grade' },
      { field: 'graded_on', label: 'Graded on' },
      { field: 'comments', label: 'Comments' },
    ],
    fields: [
      { field: 'grade_category_id', label: 'Category', kind: 'select', options: GRADE_CATEGORIES },
      { field: 'grade_id', label: 'Grade', kind: 'select', options: GRADES },
      { field: 'graded_on', label: 'Graded on', kind: 'date' },
      { field: 'comments', label: 'Comments', kind: 'text' },
    ],
  },
  {
    key: 'competitorBrands',
    title: 'Competitor Brands',
    kind: 'CompetitorBrand',
    idField: 'shared_vendor_competitor_brand_id',
    updatable: false,
    columns: [
      { field: 'brand_name', label: 'Brand' },
      { field: 'notes', label: 'Notes' },
    ],
    fields: [
      { field: 'brand_name', label: 'Brand', kind: 'text' },
      { field: 'notes', label: 'Notes', kind: 'text' },
    ],
  },
  {
    key: 'accountContacts',
    title: 'Account Contacts',
    kind: 'FergusonAccountContact',
    idField: 'shared_vendor_account_contact_id',
    updatable: true,
    columns: [
      { field: 'contact_name', label: 'Name' },
      { field: 'role_title', label: 'Role' },
      { field: 'phone', label: 'Phone' },
      { field: 'email', label: 'E-mail' },
      { field: 'notes', label: 'Notes' },
    ],
    fields: [
      { field: 'contact_name', label: 'Name', kind: 'text' },
      { field: 'role_title', label: 'Role', kind: 'text' },
      { field: 'phone', label: 'Phone', kind: 'text' },
      { field: 'email', label: 'E-mail', kind: 'text' },
      { field: 'notes', label: 'Notes', kind: 'text' },
    ],
  },
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
    else if (f.kind === 'number' || f.kind === 'select') out[f.field] = Number.isFinite(Number(v)) ? Number(v) : v;
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
