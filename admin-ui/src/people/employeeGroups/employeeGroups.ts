import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';

export type EmployeeGroup = Schema<'EmployeeGroup'>;
export type EmployeeGroupRecord = WithId<EmployeeGroup>;

export const EMPLOYEE_GROUP_VIEW = 'EmployeeGroupView';
export const EMPLOYEE_GROUP_EDIT = 'EmployeeGroupEdit';
export const EMPLOYEE_GROUPS_ROUTE = '/employee/employeegroups';
export const employeeGroupRoute = (id: number | string) => `${EMPLOYEE_GROUPS_ROUTE}?id=${id}`;

export const GROUP_TYPES = [
  { value: 1, label: 'Limit' },
  { value: 2, label: 'Approver' },
  { value: 3, label: 'Delivery' },
];
export const ENFORCED_LEVELS = [
  { value: 0, label: 'None (shown only)' },
  { value: 1, label: 'Warn' },
  { value: 2, label: 'Enforce' },
];
export const PERIODS = [
  { value: 1, label: 'Daily' },
  { value: 2, label: 'Weekly' },
  { value: 3, label: 'Monthly' },
  { value: 4, label: 'Yearly' },
];

export interface EmployeeGroupFilter {
  text?: string | null;
  group_type?: number | string | null;
}

/** The Group/Search body besides paging: empty inputs as null. */
export function employeeGroupCriteria(filter: EmployeeGroupFilter) {
  const type = filter.group_type === '' || filter.group_type === null || filter.group_type === undefined ? null : Number(filter.group_type);
  const text = typeof filter.text === 'string' && filter.text.trim() ? filter.text.trim() : null;
  return { text, group_type: Number.isInteger(type) ? type : null };
}

/** The form of the group dialog: every amount as typed. */
export interface EmployeeGroupForm {
  description: string;
  group_type: number;
  enforced_level: number;
  vmi: boolean;
  defaultGroup: boolean;
  limitDaily: string;
  limitWeekly: string;
  limitMonthly: string;
  limitYearly: string;
  costLimit: string;
  budget_amount: string;
  approver_group_id: string;
  bypass_SR_approval: boolean;
}

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export const emptyGroupForm = (): EmployeeGroupForm => ({
  description: '',
  group_type: 1,
  enforced_level: 2,
  vmi: false,
  defaultGroup: false,
  limitDaily: '',
  limitWeekly: '',
  limitMonthly: '',
  limitYearly: '',
  costLimit: '',
  budget_amount: '',
  approver_group_id: '',
  bypass_SR_approval: false,
});

export const groupForm = (g: EmployeeGroup): EmployeeGroupForm => ({
  description: g.description,
  group_type: g.group_type,
  enforced_level: g.enforced_level,
  vmi: g.vmi,
  defaultGroup: g.defaultGroup,
  limitDaily: text(g.limitDaily),
  limitWeekly: text(g.limitWeekly),
  limitMonthly: text(g.limitMonthly),
  limitYearly: text(g.limitYearly),
  costLimit: text(g.costLimit),
  budget_amount: text(g.budget_amount),
  approver_group_id: text(g.approver_group_id),
  bypass_SR_approval: g.bypass_SR_approval,
});

/** An amount as the API takes it: blank is none; anything else not a number is reported by the caller. */
export function parseAmount(v: string): number | null | 'invalid' {
  const t = v.trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : 'invalid';
}

export const AMOUNT_FIELDS = ['limitDaily', 'limitWeekly', 'limitMonthly', 'limitYearly', 'costLimit', 'budget_amount'] as const;

/** The PUT/POST body of the form; `errors` gets 'Please enter a valid value' for amounts that are not numbers. */
export function groupBody(form: EmployeeGroupForm, previous: EmployeeGroup | null, errors: Record<string, string>): Schema<'EmployeeGroupInput'> {
  const amounts: Record<string, number | null> = {};
  for (const field of AMOUNT_FIELDS) {
    const v = parseAmount(form[field]);
    if (v === 'invalid') errors[field] = 'Please enter a valid number.';
    amounts[field] = v === 'invalid' ? null : v;
  }
  return {
    ...(previous ?? {}),
    employee_group_id: previous?.employeeGroupID ?? null,
    description: form.description.trim(),
    group_type: Number(form.group_type),
    enforced_level: Number(form.enforced_level),
    vmi: form.vmi,
    defaultGroup: form.defaultGroup,
    limitDaily: amounts.limitDaily,
    limitWeekly: amounts.limitWeekly,
    limitMonthly: amounts.limitMonthly,
    limitYearly: amounts.limitYearly,
    costLimit: amounts.costLimit,
    budget_amount: amounts.budget_amount,
    approver_group_id: form.approver_group_id ? Number(form.approver_group_id) : null,
    bypass_SR_approval: form.bypass_SR_approval,
  } as Schema<'EmployeeGroupInput'>;
}

