// The replenishment settings form of the item page: min, max, lot, reorder, number of lots, keep full and the
// replenishment type. The rules (min at most max, MinMax needs both, keep full only for MinMax with a max, ...) are
// the API's: its 400 names the field, and the form shows the message there. Here only what is typed is checked.

export interface ReplenishmentValues {
  repl_type: number;
  min_qty?: number | null;
  max_qty?: number | null;
  lot_qty?: number | null;
  reorder_qty?: number | null;
  num_lots?: number | null;
  keep_full: boolean;
}

export interface ReplenishmentForm {
  repl_type: number;
  min_qty: string;
  max_qty: string;
  lot_qty: string;
  reorder_qty: string;
  num_lots: string;
  keep_full: boolean;
}

export const QUANTITY_FIELDS = [
  { field: 'min_qty', label: 'Min' },
  { field: 'max_qty', label: 'Max' },
  { field: 'lot_qty', label: 'Lot Qty' },
  { field: 'reorder_qty', label: 'Reorder Qty' },
  { field: 'num_lots', label: 'Number of Lots' },
] as const;

type QuantityField = (typeof QUANTITY_FIELDS)[number]['field'];

const asText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function replenishmentForm(values: ReplenishmentValues): ReplenishmentForm {
  return {
    repl_type: values.repl_type,
    min_qty: asText(values.min_qty),
    max_qty: asText(values.max_qty),
    lot_qty: asText(values.lot_qty),
    reorder_qty: asText(values.reorder_qty),
    num_lots: asText(values.num_lots),
    keep_full: values.keep_full,
  };
}

/**
 * The body of Replenishment/Update, or the fields whose text is not a number (num_lots: a whole number); an empty
 * field is sent as null.
 */
export function replenishmentBody(
  cipNo: number,
  form: ReplenishmentForm,
): { body: ReplenishmentValues & { cip_no: number }; errors: Partial<Record<QuantityField, string>> } {
  const errors: Partial<Record<QuantityField, string>> = {};
  const body: ReplenishmentValues & { cip_no: number } = { cip_no: cipNo, repl_type: Number(form.repl_type), keep_full: form.keep_full };
  for (const { field, label } of QUANTITY_FIELDS) {
    const text = form[field].trim();
    const n = Number(text);
    if (text === '') body[field] = null;
    else if (Number.isFinite(n) && n >= 0 && (field !== 'num_lots' || Number.isInteger(n))) body[field] = n;
    else errors[field] = `Please enter a valid value for ${label}`;
  }
  return { body, errors };
}
