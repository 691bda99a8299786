// What the item screens share: permission names, the item enumerations of spec 1 section 4, and the item page's
// address.

export const BASIC_ACCESS = 'BasicAccess';
export const ITEM_EDIT = 'ItemEdit';
export const ITEM_MASTER_MAINTENANCE = 'ItemMasterMaintenance';
export const CUSTOM_FIELD_ADMIN = 'CustomFieldAdmin';
export const CRIB_DEVICE_ADMIN = 'CribDeviceAdmin';
export const FILE_MANAGE = 'FileManage';
export const CIP_SUMMARY_VIEW = 'CIPSummaryView';
export const ITEM_IMAGE_VIEW = 'ItemImageView';
/** The average-cost column of the item picker and the item page's costs (spec 1 section 6). */
export const INV_FIS_PRICE = 'InvFISPrice';

/** Item status (spec 1 section 4). */
export const ITEM_STATUS: Record<number, string> = {
  1: 'Active',
  2: 'Obsolete',
  3: 'DeActivated',
  4: 'InConversionProcess',
  5: 'Pending',
  6: 'Orphan',
  7: 'Supersede',
  8: 'Labor',
  9: 'ItemExchanged',
  10: 'RejectedItemAdd',
};
export const STATUS_ACTIVE = 1;
export const STATUS_IN_CONVERSION = 4;
export const STATUS_PENDING = 5;

export const statusName = (status: number | null | undefined): string =>
  status === null || status === undefined ? '' : (ITEM_STATUS[status] ?? String(status));

export const ITEM_STATUS_OPTIONS = Object.entries(ITEM_STATUS).map(([value, label]) => ({ value: Number(value), label }));

/** Replenishment type (spec 1 section 4). */
export const REPL_TYPE: Record<number, string> = { 1: 'Kanban', 2: 'MinMax', 3: 'Vending' };
export const replTypeName = (type: number | null | undefined): string =>
  type === null || type === undefined ? '' : (REPL_TYPE[type] ?? String(type));
export const REPL_TYPE_OPTIONS = Object.entries(REPL_TYPE).map(([value, label]) => ({ value: Number(value), label }));

/** The item page of a CID and one of its CIPs (spec 1 route table). */
export const itemRoute = (cidNo: number | string | null | undefined, cipNo: number | string): string =>
  `/item/${cidNo ?? 0}/${cipNo}`;

/** A CIP known only by its number: the page looks its CID up and goes on to the item page. */
export const cipRoute = (cipNo: number | string): string => `/item/cip/${cipNo}`;

/** The item search screen the guard sends the user back to. */
export const ITEM_SEARCH_ROUTE = '/item/search';
export const ITEM_MASTER_SEARCH_ROUTE = '/item/itemMaster/search';

/** 'Yes' / 'No' for a flag; blank when unknown. */
export const yesNo = (value: unknown): string => (value === null || value === undefined ? '' : value ? 'Yes' : 'No');
