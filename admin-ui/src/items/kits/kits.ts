// A kit's children as the edit form keeps them: the child CIP and its quantity as typed.

export interface ChildRow {
  child_cip_no: number;
  cip_code?: string | null;
  cust_desc1?: string | null;
  qty: string;
}

/**
 * The PUT Kit body's children, or the rows whose quantity is not above 0 (by index). A child listed twice is
 * refused too: one row per CIP.
 */
export function kitChildren(rows: readonly ChildRow[]): { children: { child_cip_no: number; qty: number }[]; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const seen = new Set<number>();
  const children = rows.map((row, i) => {
    const qty = Number(row.qty.trim());
    if (!row.qty.trim() || !Number.isFinite(qty) || qty <= 0) errors[i] = 'Please enter a valid value for Qty';
    else if (seen.has(row.child_cip_no)) errors[i] = 'This CIP is listed twice.';
    seen.add(row.child_cip_no);
    return { child_cip_no: row.child_cip_no, qty };
  });
  return { children, errors };
}
