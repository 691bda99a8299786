// Pure helpers of the transaction screens: the search form's criteria, and the reverse operation a row takes.
import type { Schema } from '../shared/api';

export const TRANSACTION_VIEW = 'TransactionView';
export const TRANSACTION_POST = 'TransactionPost';
export const TRANSACTION_AVG_COST = 'TransactionAvgCost';
export const TRANSACTION_LIST_ROUTE = '/transaction/search';
export const transactionRoute = (id: number | string) => `/transaction?id=${id}`;

export interface TransactionSearchForm {
  start_date?: string | null;
  end_date?: string | null;
  trans_code?: string | null;
  cip_no?: string | null;
  employee?: string | null;
  tracking?: string | null;
  req_no?: string | null;
}

/** Transaction codes by name (spec 1 section 4). */
export const CODES: Record<string, number> = {
  ISS: 1, REC: 2, PAD: 3, RIS: 5, NAD: 6, RCB: 7, RRT: 9, OHP: 10, RFR: 11, OHN: 14, WRC: 15, RRC: 16, SCR: 17, XER: 19, XPE: 28, CRB: 33,
};

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** The SearchV2 filter of the search form. */
export function transactionCriteria(form: Partial<TransactionSearchForm>): Partial<Schema<'TransactionSearchRequest'>> {
  const code = text(form.trans_code)?.toUpperCase();
  const cip = Number(text(form.cip_no));
  return {
    start_date: text(form.start_date),
    end_date: text(form.end_date),
    trans_codes: code && CODES[code] ? [CODES[code]] : null,
    cip_no: Number.isSafeInteger(cip) && cip > 0 ? cip : null,
    employeeNumber: text(form.employee),
    tracking: text(form.tracking),
    req_no: text(form.req_no),
  };
}

/** Which call reverses a row: receipts by ReverseReceipt, the others by the general reverse. */
export function reversePath(reverseWith: string | null | undefined): '/V1/Transaction/ReverseReceipt' | '/V1/Transaction/Reverse' | null {
  if (reverseWith === 'receipt') return '/V1/Transaction/ReverseReceipt';
  if (reverseWith === 'general') return '/V1/Transaction/Reverse';
  return null;
}
