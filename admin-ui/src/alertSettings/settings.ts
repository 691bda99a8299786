// The alert settings grid's rules (docs/alerts.md "Alert settings"): the types grouped by category, the user's
// unsaved changes kept apart from what the server answered (so Save sends only the types that changed, and a change
// undone by hand is no change), and the tracking-code filter's ticks across the dialog's pages.
import type { Schema } from '../shared/api';

export type AlertSetting = Schema<'AlertSetting'>;
export type AlertSettingInput = Schema<'AlertSettingInput'>;

export const ALERT_SETTINGS_ROUTE = '/alert-settings';
export const ALERT_SETTINGS_TITLE = 'My Alert Settings';
export const SITE_BROADCAST_ROUTE = '/site-broadcast';
export const SITE_BROADCAST_TITLE = 'Site Broadcast';
/** The notification type of a broadcast (kernel::notify::types::SITE_BROADCAST). */
export const SITE_BROADCAST_TYPE = 16;
/** Who may send one: the permissions POST Alerts/Notification/Insert requires. */
export const BROADCAST_PERMISSIONS = ['FSSConnectAdmin', 'SuperUserAdmin', 'UserAdminInternal'] as const;
/** Who has alert settings: the permissions of the settings operations. */
export const SETTINGS_PERMISSIONS = ['BasicAccess', 'CustomerPortalUser', 'SupplierPortalUser'] as const;

/**
 * The requisition types (kernel::notify::types: REQ_NEEDS_APPROVAL, REQ_APPROVED, REQ_REJECTED, REQ_DECIDED): the
 * only events that carry a priority and the urgent flag, so the only ones whose priority filters mean anything.
 */
export const REQUISITION_TYPES: readonly number[] = [3, 4, 5, 17];
export const isRequisitionType = (typeId: number): boolean => REQUISITION_TYPES.includes(typeId);

/** The grid's check-box columns, in order. */
export const CHANNELS = [
  { key: 'enable_inbox', label: 'Inbox' },
  { key: 'enable_email', label: 'E-mail' },
  { key: 'enable_text', label: 'Text' },
  { key: 'enable_toastr', label: 'Toast' },
  { key: 'is_active', label: 'Active' },
] as const;

export type FlagKey = (typeof CHANNELS)[number]['key'] | 'req_urgent_only';
/** What the grid edits of one type (the tracking-code filter is saved by its own dialog). */
export type Editable = Pick<AlertSetting, FlagKey | 'filter_req_priority'>;
export type EditableKey = keyof Editable;
/** Unsaved changes by type id: only the fields whose value differs from the saved one. */
export type Draft = Readonly<Record<number, Partial<Editable>>>;

/** Labels of the fields, for the server's refusals (serverErrors). */
export const SETTING_LABELS: Readonly<Record<string, string>> = {
  enable_inbox: 'Inbox',
  enable_email: 'E-mail',
  enable_text: 'Text',
  enable_toastr: 'Toast',
  is_active: 'Active',
  filter_req_priority: 'Requisition priority',
  req_urgent_only: 'Urgent only',
  asp_notification_type_id: 'Alert type',
  settings: 'Alert settings',
};

export interface CategoryGroup {
  categoryId: number;
  category: string;
  rows: AlertSetting[];
}

/** The rows by category, the categories in the order the server sorts them (its category order), rows by name. */
export function groupByCategory(rows: readonly AlertSetting[]): CategoryGroup[] {
  const groups: CategoryGroup[] = [];
  for (const row of rows) {
    let group = groups.find((g) => g.categoryId === row.notification_category_id);
    if (!group) {
      group = { categoryId: row.notification_category_id, category: row.notification_category, rows: [] };
      groups.push(group);
    }
    group.rows.push(row);
  }
  for (const group of groups) group.rows.sort((a, b) => a.notification_name.localeCompare(b.notification_name));
  return groups;
}

/** One type's settings as shown: the saved ones with the unsaved changes over them. */
export function shown(row: AlertSetting, draft: Draft): AlertSetting {
  const change = draft[row.asp_notification_type_id];
  return change ? { ...row, ...change } : row;
}

/**
 * The draft after setting one field of one type: a value equal to the saved one drops the change (and the type
 * when nothing else changed), so undoing a tick by hand leaves nothing to save.
 */
export function withChange<K extends EditableKey>(draft: Draft, saved: AlertSetting, key: K, value: Editable[K]): Draft {
  const typeId = saved.asp_notification_type_id;
  const change: Partial<Editable> = { ...(draft[typeId] ?? {}) };
  if ((saved[key] ?? null) === (value ?? null)) delete change[key];
  else change[key] = value;
  const next: Record<number, Partial<Editable>> = { ...draft };
  if (Object.keys(change).length) next[typeId] = change;
  else delete next[typeId];
  return next;
}

export const isDirty = (draft: Draft): boolean => Object.keys(draft).length > 0;

/** PUT Alerts' priority that clears the filter: the operation reads an absent or null priority as "keep it". */
export const ANY_PRIORITY = 0;

/**
 * The body's settings for PUT Alerts: one input per changed type with only its changed fields; "Any priority" over a
 * saved priority is sent as `ANY_PRIORITY`.
 */
export function changedInputs(draft: Draft): AlertSettingInput[] {
  return Object.entries(draft)
    .map(([typeId, change]) => {
      const input: AlertSettingInput = { asp_notification_type_id: Number(typeId), ...change };
      if ('filter_req_priority' in change && change.filter_req_priority == null) input.filter_req_priority = ANY_PRIORITY;
      return input;
    })
    .sort((a, b) => a.asp_notification_type_id - b.asp_notification_type_id);
}

/**
 * The draft that is still unsaved once the server answered the saved rows: a change the answer now holds is gone;
 * one made while the save was on its way stays.
 */
export function draftAfterSave(draft: Draft, answer: readonly AlertSetting[]): Draft {
  let next: Draft = draft;
  for (const [typeId, change] of Object.entries(draft)) {
    const saved = answer.find((r) => r.asp_notification_type_id === Number(typeId));
    if (!saved) {
      const rest: Record<number, Partial<Editable>> = { ...next };
      delete rest[Number(typeId)];
      next = rest;
      continue;
    }
    for (const key of Object.keys(change) as EditableKey[]) next = withChange(next, saved, key, change[key] as never);
  }
  return next;
}

/** The requisition priority choices: none (every priority) or 1 (most urgent) .. 9. */
export const PRIORITY_CHOICES: readonly (number | null)[] = [null, 1, 2, 3, 4, 5, 6, 7, 8, 9];
export const priorityText = (p: number | null | undefined): string => (p ? `${p} or more urgent` : 'Any priority');

// ------------------------------------------------------------------------------------ the tracking-code filter

/** The dialog's ticks that differ from what the server said (`inGroup`), by tracking code id. */
export type CodeTicks = Readonly<Record<number, boolean>>;

/** The ticks after the user ticks or clears a code; back to the server's value drops it. */
export function withTick(ticks: CodeTicks, codeId: number, inGroup: boolean, wanted: boolean): CodeTicks {
  const next: Record<number, boolean> = { ...ticks };
  if (wanted === inGroup) delete next[codeId];
  else next[codeId] = wanted;
  return next;
}

/** POST Alerts/TrackingCode/Update's lists from the ticks. */
export function trackingChanges(ticks: CodeTicks): { insert: number[]; remove: number[] } {
  const entries = Object.entries(ticks).map(([id, on]) => [Number(id), on] as const);
  return {
    insert: entries.filter(([, on]) => on).map(([id]) => id).sort((a, b) => a - b),
    remove: entries.filter(([, on]) => !on).map(([id]) => id).sort((a, b) => a - b),
  };
}

/** How many codes the filter lists once the ticks are saved. */
export function codeCountAfter(saved: number, ticks: CodeTicks): number {
  const { insert, remove } = trackingChanges(ticks);
  return saved + insert.length - remove.length;
}
