import { addDays, isIsoDate, todayIso } from '../../shared/format';
import type { Criteria } from '../../dataProvider/search';
import type { Schema } from '../../shared/api';

export type AlertRow = Schema<'AlertAuditRow'>;
export type AlertHeader = Schema<'AlertNotification'>;
export type AlertType = Schema<'AlertType'>;

/** The search form as entered (and the list's filter values); the four numbers are text while typed. */
export interface AlertForm {
  po_no: string | null;
  wo_no: string | null;
  req_no: string | null;
  cip_no: string | null;
  date_start: string | null;
  date_end: string | null;
  alert_type: number | '';
  site_code: string;
}
export type AlertFormErrors = Partial<Record<keyof AlertForm, string>>;

export const ALERT_STATE_KEY = 'alertAuditingSearch';
export const NUMBER_FIELDS = ['po_no', 'wo_no', 'req_no', 'cip_no'] as const;
export const DIGITS_ONLY = 'Only digits are allowed';

export function defaultAlertForm(now = new Date()): AlertForm {
  return {
    po_no: null,
    wo_no: null,
    req_no: null,
    cip_no: null,
    date_start: addDays(todayIso(now), -30),
    date_end: null,
    alert_type: '',
    site_code: '',
  };
}

/** Field errors that keep Search disabled: the four numbers must be digits only; dates must be real dates. */
export function alertFieldErrors(form: Partial<AlertForm>): AlertFormErrors {
  const errors: AlertFormErrors = {};
  for (const field of NUMBER_FIELDS) {
    const value = form[field];
    if (value !== null && value !== undefined && value !== '' && !/^\d+$/.test(String(value))) errors[field] = DIGITS_ONLY;
  }
  if (form.date_start && !isIsoDate(form.date_start)) errors.date_start = 'Please enter a valid value for Start Date';
  if (form.date_end && !isIsoDate(form.date_end)) errors.date_end = 'Please enter a valid value for End Date';
  return errors;
}

/**
 * The checks made when Search is clicked (each shown as an error toast, and the search is not run): start on or
 * after 01/01 of the year 10 years back, end on or before 01/01 of the year 10 years ahead, start not after end.
 */
export function alertDateMessages(form: Partial<AlertForm>, now = new Date()): string[] {
  const year = now.getUTCFullYear();
  const earliest = `${year - 10}-01-01`;
  const latest = `${year + 10}-01-01`;
  const messages: string[] = [];
  if (form.date_start && form.date_start < earliest) messages.push(`Start Date must be on/after 01/01/${year - 10}`);
  if (form.date_end && form.date_end > latest) messages.push(`End Date must be on/before 01/01/${year + 10}`);
  if (form.date_start && form.date_end && form.date_start > form.date_end) {
    messages.push('Start Date can not be greater than the End Date');
  }
  return messages;
}

const emptyToNull = (v: string | null | undefined): string | null => (v === '' || v === undefined ? null : v);
const textOrNull = (v: string | null | undefined): string | null => {
  const text = v === null || v === undefined ? '' : String(v).trim();
  return text === '' ? null : text;
};

/**
 * The alert search body; empty inputs become null, 'All' choices are null. The list's filter values have their
 * empty entries removed by react-admin, so a missing key counts as empty too.
 */
export function alertSearchBody(form: Partial<AlertForm>): Criteria<'/V1/AlertAuditing/Search'> {
  return {
    po_no: textOrNull(form.po_no),
    wo_no: textOrNull(form.wo_no),
    req_no: textOrNull(form.req_no),
    cip_no: textOrNull(form.cip_no),
    date_start: emptyToNull(form.date_start),
    date_end: emptyToNull(form.date_end),
    alert_type: form.alert_type === '' || form.alert_type === null || form.alert_type === undefined ? null : Number(form.alert_type),
    site_code: emptyToNull(form.site_code),
  };
}
