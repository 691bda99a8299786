// Shared vendor cost catalogues in the console (docs/costs.md): types, the cost-for-a-quantity rule the calculator
// shows (the same rule as the server's costs::breaks), the import upload and its polling.
import { apiUrl, callApi, httpClient, type Schema } from '../shared/api';
import { HttpError } from '../shared/http';
import { fieldErrorsOf } from '../ui';

export type Cost = Schema<'Cost'>;
export type CostBreak = Schema<'CostBreak'>;
export type CostImport = Schema<'CostImport'>;
export type ReviewRecord = Schema<'CostReviewRecord'>;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The break that prices `qty`: the largest break quantity not above it; null below the first break. */
export function costForQuantity(breaks: readonly CostBreak[], qty: number): { slot: number; qty: number; cost: number } | null {
  if (!Number.isFinite(qty) || qty <= 0) return null;
  let best: { slot: number; qty: number; cost: number } | null = null;
  breaks.forEach((b, i) => {
    if (b.qty <= qty && (!best || b.qty > best.qty)) best = { slot: i + 1, qty: b.qty, cost: b.cost };
  });
  return best;
}

/** Uploads the catalogue file; answers the import to poll. */
export async function uploadCatalogue(sharedVendorId: number, file: File): Promise<CostImport> {
  const xlsx = file.name.toLowerCase().endsWith('.xlsx');
  const body = xlsx ? await file.arrayBuffer() : await file.text();
  const { json } = await httpClient(apiUrl('/V1/SharedVendor/Cost/Import', null, { shared_vendor_id: sharedVendorId, file_name: file.name }), {
    method: 'POST',
    body,
    headers: { 'Content-Type': xlsx ? XLSX_TYPE : 'text/csv' },
    quiet: true,
  });
  return json as CostImport;
}

/** Polls the import every `every` ms until it has finished, reporting each state. */
export async function pollImport(id: number, onState: (state: CostImport) => void, every = 500): Promise<CostImport> {
  for (;;) {
    const state = await callApi('get', '/V1/SharedVendor/Cost/Import/{id}', { path: { id } });
    onState(state);
    if (state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Percent of the import done: reading counts the first half, applying the second. */
export function importPercent(state: CostImport): number {
  if (state.status !== 'running') return 100;
  const total = Math.max(state.total_rows, 1);
  const part = state.phase === 'reading' ? state.processed_rows / total / 2 : 0.5 + state.processed_rows / total / 2;
  return Math.min(99, Math.round(part * 100));
}

/** The permission every cost change needs (insert, update, expire, extend, duplicate check, import). */
export const COST_EDIT = 'SharedVendorCostEdit';

/**
 * Why an import was refused, in the server's words: its field messages (400), or its message for a refusal such as
 * 403 "You do not have permission: SharedVendorCostEdit", 413 or 429. Only when the server gave no reason (network,
 * 5xx) the generic line.
 */
export function importRefusal(error: unknown): string {
  if (error instanceof HttpError && error.status < 500) {
    const { fields, form } = fieldErrorsOf(error);
    const said = [...Object.values(fields), form].filter(Boolean).join('\n');
    return said || error.message || IMPORT_FAILED;
  }
  return IMPORT_FAILED;
}

export const IMPORT_FAILED = 'The file could not be imported.';
