// The employee screens' shapes, addresses, search criteria and route-guard messages (spec 1 sections 5 and 8;
// docs/employees.md).
import type { Schema } from '../../shared/api';
import type { FormRules } from '../../ui';
import type { WithId } from '../../dataProvider/search';
import { HttpError, IGNORED_403 } from '../../shared/http';

export type Employee = Schema<'Employee'>;
export type EmployeeRecord = WithId<Employee>;
export type WorkflowFactor = Schema<'WorkflowFactor'>;
export type WorkflowFactorRecord = WithId<WorkflowFactor>;

export const EMP_VIEW = 'EmpView';
export const EMP_EDIT = 'EmpEdit';
export const EMP_PIN = 'EmpPinUpdate';
export const EMP_FACTOR_EDIT = 'EmpWorkflowFactorEdit';

export const EMPLOYEE_SEARCH_ROUTE = '/employee/search';
export const FACTOR_SEARCH_ROUTE = '/workflow/employee/search';
export const employeeRoute = (id: number | string) => `/employee?id=${id}`;
export const factorRoute = (id: number | string) => `/workflow/employee?id=${id}`;

export const EMPLOYEE_NOT_FOUND = 'The employee you are trying to find does not exist.';
export const EMPLOYEE_FETCH_ERROR = 'An error occurred fetching this employee.';
export const FACTOR_NOT_FOUND = 'The workflow factor you are trying to find does not exist.';
export const FACTOR_FETCH_ERROR = 'An error occurred fetching this workflow factor.';
export const INVALID_ROUTE_GUARD = 'Invalid route guard';
/** What the console says for the 403 'Advanced validation failure!' of an employee (spec 1 section 8). */
export const INACTIVE_SITE_EMPLOYEE = 'This Employee exists in a site that is no longer active.';

/** The route id of `/employee?id=` and `/workflow/employee?id=`: missing, new (below 1) or a record id. */
export function routeId(search: string): { kind: 'missing' } | { kind: 'new' } | { kind: 'id'; id: number } {
  const raw = new URLSearchParams(search).get('id');
  if (raw === null || raw.trim() === '') return { kind: 'missing' };
  const id = Number(raw);
  if (!Number.isInteger(id)) return { kind: 'missing' };
  return id < 1 ? { kind: 'new' } : { kind: 'id', id };
}

/** The guard's message for a failed employee lookup; null when the shell already said something. */
export function employeeGuardMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 403 && error.message === IGNORED_403) return INACTIVE_SITE_EMPLOYEE;
    if (error.status === 400 || error.status === 404) return EMPLOYEE_NOT_FOUND;
  }
  return EMPLOYEE_FETCH_ERROR;
}

export function factorGuardMessage(error: unknown): string {
  return error instanceof HttpError && (error.status === 400 || error.status === 404) ? FACTOR_NOT_FOUND : FACTOR_FETCH_ERROR;
}

export interface EmployeeSearchForm {
  employeeNumber?: string | null;
  lastName?: string | null;
  firstName?: string | null;
  badgeNumber?: string | null;
  text?: string | null;
  isActive?: string | boolean | null;
  supervisor?: string | boolean | null;
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const flag = (v: unknown) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : null);

/** The EmployeeSearch body besides paging. */
export function employeeCriteria(f: EmployeeSearchForm) {
  return {
    employeeNumber: blank(f.employeeNumber),
    lastName: blank(f.lastName),
    firstName: blank(f.firstName),
    badgeNumber: blank(f.badgeNumber),
    text: blank(f.text),
    isActive: flag(f.isActive),
    supervisor: flag(f.supervisor),
  };
}

export const fullName = (e: { lastName: string; firstName: string }) => `${e.lastName}, ${e.firstName}`;

/** A PIN as the API takes it: 4 to 8 digits. */
export const validPin = (pin: string) => /^\d{4,8}$/.test(pin.trim());

/** The editable fields of an employee, as the form keeps them. */
export const ABILITY_FLAGS = [
  ['canAdjust', 'Can adjust'],
  ['canReceive', 'Can receive'],
  ['canChangeLocation', 'Can change location'],
  ['canReturn', 'Can return'],
  ['spotBuy', 'Spot buy'],
  ['addRequest', 'Add request'],
  ['changeRequest', 'Change request'],
  ['canOverrideBuddy', 'Can override buddy'],
  ['canOverrideAssetReturnRestricted', 'Can override asset return restriction'],
  ['toolTouchAdmin', 'ToolTouch admin'],
  ['canCalibrateAssets', 'Can calibrate assets'],
  ['canAdjustConsigned', 'Can adjust consigned'],
] as const;

export type EmployeeInput = Schema<'EmployeeInput'>;

export const TRACK_FIELDS = ['track1', 'track2', 'track3', 'track4'] as const;
export type TrackField = (typeof TRACK_FIELDS)[number];

/** What the form checks before sending (the API's own limits, docs/employees.md), by the labels the form shows. */
export const EMPLOYEE_RULES: FormRules = {
  employeeNumber: { label: 'Employee #', required: true, maxLength: 40 },
  lastName: { label: 'Last name', required: true, maxLength: 60 },
  firstName: { label: 'First name', required: true, maxLength: 60 },
  badgeNumber: { label: 'Badge', maxLength: 40 },
  email: { label: 'Email', maxLength: 200, email: true },
  phone: { label: 'Phone', maxLength: 40 },
  company: { label: 'Company', maxLength: 100 },
  customerEmployeeNum: { label: 'Customer employee #', maxLength: 40 },
  laborCost: { label: 'Labor cost', number: true, min: 0, max: 1_000_000 },
  comments: { label: 'Comments', maxLength: 2000 },
};

/** Labels of the fields the API may name besides the checked ones (its refusals are shown by these, not by key). */
export const EMPLOYEE_LABELS: Record<string, string> = {
  beginTime: 'Shift begins',
  endTime: 'Shift ends',
  suspensionDate: 'Suspension date',
  suspensionReasonID: 'Suspension reason',
  supervisor_id: 'Supervisor',
  wfl_employee_workflow_factor_ID: 'Workflow factor',
  track1: 'Default tracking (level 1)',
  track2: 'Default tracking (level 2)',
  track3: 'Default tracking (level 3)',
  track4: 'Default tracking (level 4)',
};

/**
 * A reference as the API takes it: a whole number or null. Inputs answer text ('3'); the API refuses a string where
 * it expects an id (`Expected input type "integer_int64", found "3"`), so every id goes through here.
 */
export function idOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isSafeInteger(n) ? n : null;
}

/** The PUT/POST body of an employee form (a whole record: PUT replaces). */
export function employeeBody(form: Partial<Employee>, id?: number): EmployeeInput {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const body: Record<string, unknown> = {
    employeeID: id ?? null,
    employeeNumber: text(form.employeeNumber),
    lastName: text(form.lastName),
    firstName: text(form.firstName),
    badgeNumber: text(form.badgeNumber),
    isActive: form.isActive ?? true,
    beginTime: text(form.beginTime),
    endTime: text(form.endTime),
    supervisor: form.supervisor ?? false,
    supervisor_id: idOrNull(form.supervisor_id),
    track1: idOrNull(form.track1),
    track2: idOrNull(form.track2),
    track3: idOrNull(form.track3),
    track4: idOrNull(form.track4),
    isSuspended: form.isSuspended ?? false,
    suspensionDate: text(form.suspensionDate),
    suspensionReasonID: idOrNull(form.suspensionReasonID),
    email: text(form.email),
    phone: text(form.phone),
    laborCost: form.laborCost === undefined || form.laborCost === null || String(form.laborCost) === '' ? null : Number(form.laborCost),
    comments: text(form.comments),
    company: text(form.company),
    customerEmployeeNum: text(form.customerEmployeeNum),
    wfl_employee_workflow_factor_ID: idOrNull(form.wfl_employee_workflow_factor_ID),
  };
  for (const [key] of ABILITY_FLAGS) body[key] = form[key] ?? key === 'canReturn';
  return body as EmployeeInput;
}
