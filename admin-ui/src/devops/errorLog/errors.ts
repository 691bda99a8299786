import { addDays, isIsoDate, todayIso } from '../../shared/format';
import type { GridColumn } from '../../grid/types';
import type { Schema } from '../../shared/api';
import type { Criteria } from '../../dataProvider/search';

export type ErrorRow = Schema<'ErrorRow'>;
export type ErrorFilterRow = Schema<'ErrorLogFilter'>;

export const LOG_FILTER_OPTIONS = [
  { value: 0, label: 'All' },
  { value: -1, label: 'Only rows not assigned to a filter' },
  { value: 1, label: 'Developer Review' },
  { value: 3, label: 'In Progress' },
  { value: 2, label: 'Ignore' },
];

export const APPLICATION_OPTIONS = [
  { value: '', label: 'All Applications' },
  { value: 'ASPv8', label: 'ASP v8 UI' },
  { value: 'FISDOnline', label: 'ASP v7 UI' },
  { value: 'Fss.Portal', label: 'Customer Portal' },
  { value: 'WebAPI', label: 'WebAPI' },
];

/** The 16 selectable columns; the spec's eight defaults are displayed. */
export const ERROR_LOG_COLUMNS: GridColumn<ErrorRow>[] = [
  { field: 'asp_error_log_ID', header: 'Log Id', kind: 'number', defaultDisplayed: false },
  { field: 'request_url', header: 'Request Url', truncate: true, defaultDisplayed: false },
  { field: 'machine_name', header: 'Machine Name', defaultDisplayed: false },
  { field: 'event_time', header: 'Event Time', kind: 'datetime' },
  { field: 'request_path', header: 'Request Path', truncate: true },
  { field: 'user_host_address', header: 'User Host Address', defaultDisplayed: false },
  { field: 'asP_user_name', header: 'User' },
  { field: 'asP_message', header: 'Message', truncate: true },
  { field: 'exception', header: 'Exception', truncate: true },
  { field: 'exception_code', header: 'Exception Code', defaultDisplayed: false },
  { field: 'exception_message', header: 'Exception Message', truncate: true },
  { field: 'stack_trace', header: 'Stack Trace', truncate: true, defaultDisplayed: false },
  { field: 'site_code', header: 'Site Code' },
  { field: 'session_dump', header: 'Session Dump', truncate: true, defaultDisplayed: false },
  { field: 'application_name', header: 'Application Name' },
  { field: 'api_parameters', header: 'API Parameters', truncate: true, defaultDisplayed: false },
];

export const FILTERED_COLUMNS: GridColumn<ErrorFilterRow>[] = [
  { field: 'filter_type_name', header: 'Filter Type', sortField: 'filter_type' },
  { field: 'filter_note', header: 'Note', truncate: true },
  { field: 'filter_string', header: 'Filter String', truncate: true },
  { field: 'filter_url', header: 'Filter Url', truncate: true },
  { field: 'instance_count', header: 'Instance Count', kind: 'number' },
  { field: 'created_by', header: 'Created By' },
];

export interface DateWindow {
  start_date: string;
  end_date: string;
}

/** The Log tab's search form (and its list filter): 0 is 'All' filters, '' all applications. */
export interface ErrorLogForm extends DateWindow {
  filter_id: number;
  application_name: string;
}

/** The default window: 7 days back to tomorrow. */
export function defaultErrorWindow(now = new Date()): DateWindow {
  const today = todayIso(now);
  return { start_date: addDays(today, -7), end_date: addDays(today, 1) };
}

export const defaultErrorLogForm = (now = new Date()): ErrorLogForm => ({ ...defaultErrorWindow(now), filter_id: 0, application_name: '' });

/** The Log search body: 'All' filters and applications are null. */
export function errorLogCriteria(form: Partial<ErrorLogForm>): Criteria<'/V1/DevOps/ErrorLog/Search'> {
  return {
    start_date: form.start_date,
    end_date: form.end_date,
    filter_id: !form.filter_id ? null : form.filter_id,
    application_name: form.application_name || null,
  };
}

/** Field errors of a date search ('Start Date' and 'End Date'); empty when the form can be searched. */
export function dateRangeErrors({ start_date, end_date }: { start_date?: string | null; end_date?: string | null }): Partial<Record<keyof DateWindow, string>> {
  const errors: Partial<Record<keyof DateWindow, string>> = {};
  if (!start_date) errors.start_date = 'Start Date is required';
  else if (!isIsoDate(start_date)) errors.start_date = 'Please enter a valid value for Start Date';
  if (!end_date) errors.end_date = 'End Date is required';
  else if (!isIsoDate(end_date)) errors.end_date = 'Please enter a valid value for End Date';
  if (!errors.start_date && !errors.end_date && start_date! > end_date!) {
    errors.start_date = 'Start Date can not be greater than the End Date';
  }
  return errors;
}
