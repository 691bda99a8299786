import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';

export type ItemMaster = Schema<'ItemMaster'>;
export type ItemMasterRecord = WithId<ItemMaster>;
export type ItemMasterRow = Schema<'ItemMasterRow'>;
export type ItemMasterSearchType = Schema<'ItemMasterSearchType'>;
export type MaintenanceInput = Schema<'ItemMasterMaintenanceInput'>;

export const ITEM_MASTER_SEARCH_TYPES: readonly { value: ItemMasterSearchType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mfgPart', label: 'Manufacturer Part' },
  { value: 'description', label: 'Description' },
  { value: 'upc', label: 'UPC' },
  { value: 'erpCode', label: 'ERP Item Code' },
];

/** The search form's values (texts as typed; empty ones are not sent as criteria). */
export interface ItemMasterFilter {
  type?: ItemMasterSearchType;
  search_text?: string | null;
  mfg_code?: string | null;
  brand_id?: number | string | null;
  commodity_code?: string | null;
  item_status?: number | string | null;
}

const text = (value: unknown): string | null => {
  const t = typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value);
  return t ? t : null;
};
const int = (value: unknown): number | null => {
  const t = text(value);
  if (t === null) return null;
  const n = Number(t);
  return Number.isInteger(n) ? n : null;
};

/** The body of Search/{type} besides paging: empty inputs are null, codes upper case. */
export function itemMasterCriteria(filter: ItemMasterFilter) {
  return {
    search_text: text(filter.search_text),
    mfg_code: text(filter.mfg_code)?.toUpperCase() ?? null,
    brand_id: int(filter.brand_id),
    commodity_code: text(filter.commodity_code),
    item_status: int(filter.item_status),
  };
}

/** Every type but `all` needs a text (the API says so too; the form says it before asking). */
export function searchTextMissing(filter: ItemMasterFilter): boolean {
  return (filter.type ?? 'all') !== 'all' && !text(filter.search_text);
}

/** The maintenance form's fields, in the order shown. */
export const MAINTENANCE_TEXT_FIELDS = [
  { field: 'desc1', label: 'Description 1', required: true },
  { field: 'desc2', label: 'Description 2' },
  { field: 'mfg_code', label: 'Manufacturer Code', required: true },
  { field: 'mfg_part_no', label: 'Manufacturer Part', required: true },
  { field: 'erp_vmi_item_code', label: 'ERP / VMI Item Code' },
  { field: 'asp_upc', label: 'UPC' },
  { field: 'commodity_code', label: 'Commodity Code' },
  { field: 'haz_code', label: 'Hazardous Code' },
  { field: 'sat_code', label: 'SAT Code' },
  { field: 'foreign_lang_desc1', label: 'Foreign Description 1' },
  { field: 'foreign_lang_desc2', label: 'Foreign Description 2' },
] as const;
export const MAINTENANCE_NUMBER_FIELDS = [
  { field: 'shelf_life', label: 'Shelf Life (days)', integer: true },
  { field: 'haz_volume_size', label: 'Hazardous Volume', integer: false },
  { field: 'brand_id', label: 'Brand Id', integer: true },
] as const;
export const MAINTENANCE_FLAGS = [
  { field: 'lot_control', label: 'Lot Control' },
  { field: 'serialized', label: 'Serialized' },
  { field: 'kit', label: 'Kit' },
  { field: 'repairable', label: 'Repairable' },
  { field: 'msds_req', label: 'MSDS Required' },
  { field: 'tri_native_part', label: 'Trilogie Native Part' },
] as const;
/** Maintenance may set these statuses; a return to Active goes through Reactivate. */
export const MAINTENANCE_STATUSES = [
  { value: 1, label: 'Active' },
  { value: 2, label: 'Obsolete' },
  { value: 3, label: 'DeActivated' },
];

export type MaintenanceForm = Record<string, string | boolean | number | null>;

/** The form's starting values from the record: texts as text ('' for none), flags as booleans. */
export function maintenanceForm(item: ItemMaster): MaintenanceForm {
  const form: MaintenanceForm = { item_status: item.item_status };
  const record = item as unknown as Record<string, unknown>;
  for (const { field } of MAINTENANCE_TEXT_FIELDS) form[field] = (record[field] as string | null) ?? '';
  for (const { field } of MAINTENANCE_NUMBER_FIELDS) form[field] = record[field] === null || record[field] === undefined ? '' : String(record[field]);
  for (const { field } of MAINTENANCE_FLAGS) form[field] = Boolean(record[field]);
  return form;
}

/** Spec 1 section 5's generic field error. */
export const invalidValue = (label: string) => `Please enter a valid value for ${label}`;

/**
 * The Maintenance/Update body: only what changed (a field left out keeps its value), an emptied text or number as
 * null (clears it). A number that does not parse is refused here with the field's message (the API would only say
 * the request was not valid JSON for its schema).
 */
export function maintenanceChanges(item: ItemMaster, form: MaintenanceForm): { body: MaintenanceInput; errors: Record<string, string> } {
  const before = maintenanceForm(item);
  const body: Record<string, unknown> = { item_id: item.item_id };
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(form)) {
    if (value === before[field]) continue;
    const numberField = MAINTENANCE_NUMBER_FIELDS.find((f) => f.field === field);
    if (typeof value === 'boolean') body[field] = value;
    else if (field === 'item_status') body[field] = Number(value);
    else if (numberField) {
      const t = String(value ?? '').trim();
      const n = Number(t);
      if (t === '') body[field] = null;
      else if (Number.isFinite(n) && (!numberField.integer || Number.isInteger(n))) body[field] = n;
      else errors[field] = invalidValue(numberField.label);
    } else {
      const t = String(value ?? '').trim();
      body[field] = t === '' ? null : t;
    }
  }
  return { body: body as MaintenanceInput, errors };
}
