// Vendors and manufacturers (docs/vendors.md): routes, permissions, the route guard's decision, and the fields of
// each block of the detail screen. Pure code, tested in vendors.test.ts.
import type { Schema } from '../shared/api';
import { stateAfterCountryChange, stateCountry, type StoredAs, type TypeListName, type TypeValue } from '../typeLists/lookups';

export const VENDOR_SEARCH_ROUTE = '/vendors/vendorSearch';
export const MANUFACTURER_SEARCH_ROUTE = '/manufacturers/manufacturerSearch';
export const VIEW_VENDORS = 'ViewVendors';
export const UPDATE_VENDOR = 'UpdateVendor';
export const NETSUITE_VENDOR = 'AddUpdateNetSuiteVendor';

export const VENDOR_REDIRECT = 'The vendor requested does not exist in this site. You are being redirected.';
export const MANUFACTURER_REDIRECT = 'The manufacturer requested does not exist in this site. You are being redirected.';

export type VendorModel = 'vendor' | 'manufacturer';

export const searchRoute = (model: VendorModel) => (model === 'manufacturer' ? MANUFACTURER_SEARCH_ROUTE : VENDOR_SEARCH_ROUTE);
export const detailRoute = (model: VendorModel, code: string) => `${searchRoute(model)}?vend_code=${encodeURIComponent(code)}`;
export const redirectMessage = (model: VendorModel) => (model === 'manufacturer' ? MANUFACTURER_REDIRECT : VENDOR_REDIRECT);

/** What `GET /V1/Vendor/VendorCode/{code}` answers (404 when the vendor rule hides the vendor at the site). */
export type VendorCodeAnswer = Schema<'VendorCodeAnswer'>;

export type GuardOutcome = { kind: 'search' } | { kind: 'detail'; code: string } | { kind: 'redirect'; message: string };

/**
 * The route guard of spec 4 section 2 after the server's look-up (which applies the ERP type, company and VMI ERP
 * type rule): no vend_code opens the search; a vendor the site does not see, or a non-manufacturer on the
 * manufacturer route, gets the redirect dialog.
 */
export function guardDecision(model: VendorModel, code: string | null, found: VendorCodeAnswer | null): GuardOutcome {
  if (code === null || code.trim() === '') return { kind: 'search' };
  if (!found) return { kind: 'redirect', message: redirectMessage(model) };
  if (model === 'manufacturer' && !found.is_manufacturer) return { kind: 'redirect', message: redirectMessage(model) };
  return { kind: 'detail', code: found.vend_code };
}

/** `vendor`: another vendor's code, shown by its name and chosen with the vendor picker. */
export type FieldKind = 'text' | 'bool' | 'number' | 'list' | 'listCode' | 'multiline' | 'vendor';

export interface BlockField {
  name: string;
  label: string;
  kind: FieldKind;
  /** The reference list of a `list` field (stores the value id) or a `listCode` field (stores the code). */
  list?: TypeListName;
  readOnly?: boolean;
}

/** What a list field stores. */
export const storedAs = (f: { kind: FieldKind }): StoredAs => (f.kind === 'listCode' ? 'code' : 'id');

export interface Block {
  key: string;
  title: string;
  /** GET /V1/Vendor/{get}/{code} */
  get: 'Header' | 'Location' | 'Identification' | 'Billing' | 'NetSuite' | 'Miscellaneous' | 'SetUpData';
  /** POST /V1/Vendor/{update}/Update; none: read only. */
  update?: 'VendorHeader' | 'VendorLocation' | 'VendorIdentification' | 'VendorBilling' | 'VendorNetSuite' | 'VendorMiscellaneous';
  permission?: string;
  fields: BlockField[];
}

const t = (name: string, label: string, kind: FieldKind = 'text', list?: TypeListName): BlockField => ({ name, label, kind, list });

export const BLOCKS: Block[] = [
  {
    key: 'header', title: 'Header', get: 'Header', update: 'VendorHeader', permission: UPDATE_VENDOR,
    fields: [
      t('vend_name', 'Vendor Name'), t('cust_code', 'Customer Code'), t('active', 'Active', 'bool'), t('is_manufacturer', 'Manufacturer', 'bool'),
      t('hold', 'Hold', 'list', 'VendorHold'), t('po_hold_type', 'PO Hold Type', 'list', 'VendorHoldMethod'), t('edi', 'EDI', 'bool'),
      t('consigned_vmi', 'Consigned VMI', 'bool'), t('supplier_managed', 'Supplier Managed', 'bool'), t('tap_asn_action_type', 'ASN Action', 'list', 'ASNAction'),
      t('corporate_preferred', 'Corporate Preferred', 'bool'), t('preferred_supplier', 'Preferred Supplier', 'bool'), t('remit_to', 'Remit-to Address', 'bool'),
      t('remit_to_vend_code', 'Remit-to Vendor', 'vendor'),
    ],
  },
  {
    key: 'location', title: 'Location', get: 'Location', update: 'VendorLocation', permission: UPDATE_VENDOR,
    fields: [
      t('address1', 'Address 1'), t('address2', 'Address 2'), t('city', 'City'), t('state_type_id', 'State', 'list', 'State'), t('postal_code', 'Postal Code'),
      t('county', 'County'), t('type_country_code_id', 'Country', 'list', 'Country'), t('is_international', 'International', 'bool'), t('phone', 'Phone'),
      t('email', 'Email'), t('contact_name', 'Contact'),
    ],
  },
  {
    key: 'identification', title: 'Identification', get: 'Identification', update: 'VendorIdentification', permission: UPDATE_VENDOR,
    fields: [t('tax_id', 'Tax ID'), t('cust_vendor_number', 'Customer Vendor Number'), t('sxe_code', 'SXE Code'), t('account_no', 'Account No'), t('division_no', 'Division')],
  },
  {
    key: 'billing', title: 'Billing', get: 'Billing', update: 'VendorBilling', permission: UPDATE_VENDOR,
    fields: [
      t('terms_code', 'Terms', 'listCode', 'Terms'), t('freight_terms_type_id', 'Freight Terms', 'list', 'FreightTerms'), t('ship_type', 'Ship Method', 'listCode', 'ShipMethod'),
      t('currency_code_type_id', 'Currency', 'list', 'Currency'), t('con_pay_schedule', 'Consigned Pay Schedule', 'listCode', 'ConsignedPaySchedule'),
      t('min_purc_amount', 'Minimum Purchase', 'number'), { ...t('last_trans_paid', 'Last Paid'), readOnly: true },
    ],
  },
  {
    key: 'netsuite', title: 'Accounting System', get: 'NetSuite', update: 'VendorNetSuite', permission: NETSUITE_VENDOR,
    fields: [
      t('ns_internal_id', 'NetSuite Internal ID'), t('ns_billing', 'Billing', 'multiline'), t('ns_shipping', 'Shipping', 'multiline'), t('bank_info', 'Bank Info', 'multiline'),
      t('freight_terms_type_id', 'Freight Terms', 'list', 'FreightTerms'),
    ],
  },
  {
    key: 'miscellaneous', title: 'Miscellaneous', get: 'Miscellaneous', update: 'VendorMiscellaneous', permission: UPDATE_VENDOR,
    fields: [
      t('diverse_supplier', 'Diverse Supplier', 'bool'), t('diversity_type', 'Diversity Type', 'list', 'VendorDiversity'), t('form_template_id', 'Form Template', 'list', 'FormTemplate'),
      t('bypass_template', 'Bypass Template', 'bool'), t('comments', 'Comments', 'multiline'), t('po_comments', 'PO Comments', 'multiline'),
      t('product_file_notes', 'Product File Notes', 'multiline'), t('nonconsigned_vend_code', 'Non-consigned Vendor', 'vendor'), t('consigned_vend_code', 'Consigned Vendor', 'vendor'),
      t('cust_vendor_number', 'Customer Vendor Number'), t('do_not_send_to_erp', 'Do Not Send to ERP', 'bool'),
    ],
  },
  {
    key: 'setup', title: 'Set-up', get: 'SetUpData',
    fields: [
      t('vmi', 'VMI', 'bool'), t('erp_type_description', 'ERP Type'), t('consigned_vmi', 'Consigned VMI', 'bool'), t('hold', 'Hold', 'list', 'VendorHold'),
      t('is_hidden', 'Hidden', 'bool'), t('corporate_preferred', 'Corporate Preferred', 'bool'), t('remit_to', 'Remit-to Address', 'bool'),
      t('remit_to_vend_code', 'Remit-to Vendor', 'vendor'), t('edi', 'EDI', 'bool'), t('shared_vendor_name', 'Shared Vendor'), t('preferred_supplier', 'Preferred Supplier', 'bool'),
    ],
  },
];

export type Values = Record<string, unknown>;

/** The update body of a block from the form's values: the block's editable fields, empty text as null. */
export function updateBody(block: Block, code: string, values: Values): Values {
  const body: Values = { vend_code: code };
  for (const f of block.fields) {
    if (f.readOnly) continue;
    const v = values[f.name];
    if (f.kind === 'bool') body[f.name] = Boolean(v);
    else if (f.kind === 'number' || f.kind === 'list') body[f.name] = v === '' || v === null || v === undefined ? null : Number(v);
    else body[f.name] = typeof v === 'string' && v.trim() === '' ? null : (v ?? null);
  }
  return body;
}

/** The lists a set of fields picks from. */
export const listsOf = (fields: readonly BlockField[]): TypeListName[] => [...new Set(fields.flatMap((f) => (f.list ? [f.list] : [])))];

/** The fields of a vendor's address; the state picker offers the chosen country's states. */
export const STATE_FIELD = 'state_type_id';
export const COUNTRY_FIELD = 'type_country_code_id';

/** The country whose states the form's state picker offers (see stateCountry). */
export const formStateCountry = (values: Values, countries: readonly TypeValue[] | undefined) =>
  stateCountry(countries, values[COUNTRY_FIELD], Boolean(values.is_international));

/**
 * The form after one field changed. When the country (or the international flag, which decides the default country)
 * changes, a state of another country is cleared; while the lists are still loading the state is kept.
 */
export function changeField(values: Values, name: string, value: unknown, lists: { State?: TypeValue[]; Country?: TypeValue[] }): Values {
  const next: Values = { ...values, [name]: value };
  const state = next[STATE_FIELD];
  if ((name === COUNTRY_FIELD || name === 'is_international') && state !== null && state !== undefined && state !== '' && lists.State && lists.Country) {
    next[STATE_FIELD] = stateAfterCountryChange(lists.State, state, formStateCountry(next, lists.Country));
  }
  return next;
}

export type NewVendorKind = 'Insert' | 'InsertVMI' | 'InsertNetSuite';

/** The new-vendor payload of spec 4 from the new-vendor form. */
export function newVendorBody(kind: NewVendorKind, v: Values): Values {
  const text = (name: string) => (typeof v[name] === 'string' && (v[name] as string).trim() !== '' ? (v[name] as string).trim() : null);
  const num = (name: string) => (v[name] === '' || v[name] === null || v[name] === undefined ? null : Number(v[name]));
  return {
    vend_code: text('vend_code'),
    vend_name: text('vend_name') ?? '',
    address: {
      address1: text('address1'), address2: text('address2'), city: text('city'), state_type_id: num('state_type_id'),
      postal_code: text('postal_code'), phone: text('phone'), email: text('email'), contact_name: text('contact_name'),
      type_country_code_id: num('type_country_code_id'),
    },
    cust_vendor_number: text('cust_vendor_number'),
    terms_code: text('terms_code'),
    currency_type_id: num('currency_type_id'),
    tax_id: text('tax_id'),
    comments: text('comments'),
    is_international: Boolean(v.is_international),
    is_manufacturer: Boolean(v.is_manufacturer),
    diverse_supplier: Boolean(v.diverse_supplier),
    diversity_type: num('diversity_type'),
    ns_billing: kind === 'InsertNetSuite' ? text('ns_billing') : null,
    bank_info: kind === 'InsertNetSuite' ? text('bank_info') : null,
    vmiStandard: kind === 'InsertVMI',
    netSuite: kind === 'InsertNetSuite',
  };
}

/** One line of an address for lists and hover cards. */
export function addressLine(v: { address1?: string | null; city?: string | null; state?: string | null; postal_code?: string | null }): string {
  const place = [v.city, [v.state, v.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [v.address1, place].filter(Boolean).join(', ');
}
