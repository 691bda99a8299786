import { addDays, todayIso } from '../../shared/format';
import type { Criteria } from '../../dataProvider/search';
import type { Schema } from '../../shared/api';

export type DbObjectRow = Schema<'DbToolsObjectChange'>;
export type DbEnvironment = Schema<'DbToolsEnvironment'>;
export type DbUser = Schema<'DbToolsUser'>;

/** The search form as entered; '' is 'All' users. */
export interface DbSearchForm {
  environment_name: string;
  object_name: string | null;
  network_name: string;
  startDate: string;
  endDate: string;
}
/** The defaults a user can store (`dbtoolsSearch.defaults`). */
export type DbSearchDefaults = Partial<Pick<DbSearchForm, 'environment_name' | 'object_name' | 'network_name'>>;
/** What identifies a database object in routes and source calls. */
export interface DbObjectRef {
  schema_name?: string | null;
  object_name?: string | null;
  database_name?: string | null;
}

export const SEARCH_STATE_KEY = 'dbtoolsSearch';
export const DEFAULTS_SETTING_KEY = 'dbtoolsSearch.defaults';

/** Search environments (spec 2 section 9: DEV, QA, Stage, Prod); `compare` is the Compare To button's label. */
export const ENVIRONMENTS = [
  { value: 'DEV', label: 'Dev', compare: 'DEV' },
  { value: 'QA', label: 'QA', compare: 'QA' },
  { value: 'STAGE', label: 'Stage', compare: 'STAGE' },
  { value: 'PROD', label: 'Prod', compare: 'PROD' },
];
// Local installations map to QA.
export const DEFAULT_ENVIRONMENT = 'QA';

export const COMPARE_ONLY_TWO = 'You can only compare two at a time.';
export const FAILED_TO_LOAD = 'Failed to load data.';
export const COPIED = 'Text copied to clipboard';
export const notInEnvironment = (env: string) => `This object doesnt exist in ${env}`;

/**
 * The defaults the user saved ('Save Defaults'), from the settings the user context carries; none saved, or a value
 * that does not read, is no defaults.
 */
export function savedDbDefaults(settings: readonly { setting_key: string; setting_value?: string | null }[] | null | undefined): DbSearchDefaults {
  const value = settings?.find((s) => s.setting_key === DEFAULTS_SETTING_KEY)?.setting_value;
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return {};
    const { environment_name, object_name, network_name } = parsed as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return { environment_name: text(environment_name), object_name: text(object_name) ?? null, network_name: text(network_name) };
  } catch {
    return {};
  }
}

/** 90 days back to tomorrow. */
export function defaultDbSearch(now = new Date(), defaults: DbSearchDefaults = {}): DbSearchForm {
  const today = todayIso(now);
  return {
    environment_name: defaults.environment_name || DEFAULT_ENVIRONMENT,
    object_name: defaults.object_name || null,
    network_name: defaults.network_name || '',
    startDate: addDays(today, -90),
    endDate: addDays(today, 1),
  };
}

const canon = (s: string | null | undefined) => String(s || '').toLowerCase();

/**
 * The environment a database name points at: the one whose name the database name contains, else null (the API
 * then picks the environment by database name; several environments may share one database).
 */
export function environmentOfDatabase(databaseName: string | null | undefined): string | null {
  const db = canon(databaseName);
  return ENVIRONMENTS.find((e) => db.includes(canon(e.value)))?.value ?? null;
}

/** The database searched in an environment: from the API's environment list, else null (the API decides). */
export function databaseOfEnvironment(environment: string, environments: readonly DbEnvironment[] = []): string | null {
  return environments.find((e) => canon(e.environment_name) === canon(environment))?.database_name || null;
}

/** A Compare To button is hidden when the current database name contains that environment. */
export function compareTargets(databaseName: string | null | undefined) {
  const db = canon(databaseName);
  return ENVIRONMENTS.filter((e) => !db.includes(canon(e.value)));
}

/**
 * The database to compare with in another environment: the API's database for it, else the current name's prefix
 * (the current environment's part removed) plus the lower-cased environment.
 */
export function compareDatabaseName(currentDatabase: string | null | undefined, targetEnvironment: string, environments: readonly DbEnvironment[] = []): string {
  const known = databaseOfEnvironment(targetEnvironment, environments);
  if (known) return known;
  const db = String(currentDatabase || '');
  const current = ENVIRONMENTS.find((e) => canon(db).endsWith(canon(e.value)));
  const prefix = current ? db.slice(0, db.length - current.value.length) : db;
  return `${prefix}${canon(targetEnvironment)}`;
}

/**
 * History compare rule: exactly two selected rows, older (lower audit id) on the left.
 * Answers {ok: true, left, right} or {ok: false, message}.
 */
export function compareSelection<Row extends { objectAuditLog_ID: number }>(
  rows: readonly Row[] | null | undefined,
): { ok: true; left: Row; right: Row } | { ok: false; message: string } {
  if (!Array.isArray(rows) || rows.length !== 2) return { ok: false, message: COMPARE_ONLY_TWO };
  const [left, right] = [...rows].sort((a, b) => Number(a.objectAuditLog_ID) - Number(b.objectAuditLog_ID)) as [Row, Row];
  return { ok: true, left, right };
}

export const objectLabel = (row: DbObjectRef) => `${row.schema_name}.${row.object_name}`;

export function viewRoute({ schema_name, object_name, database_name }: DbObjectRef, fromWhere: number | string, objectId?: number | string | null): string {
  const seg = (v: string | number | null | undefined) => encodeURIComponent(v ?? '');
  return `/devops/dbtoolsView/${seg(schema_name)}/${seg(object_name)}/${seg(database_name)}/${seg(fromWhere)}/${seg(objectId ?? 0)}`;
}

export function historyRoute({ schema_name, object_name, database_name }: DbObjectRef): string {
  const seg = (v: string | number | null | undefined) => encodeURIComponent(v ?? '');
  return `/devops/dbtoolsHistory/${seg(schema_name)}/${seg(object_name)}/${seg(database_name)}`;
}

/** The search criteria: the form's entries with the database the environment maps to ('All' users is null). */
export function buildDbQuery(form: DbSearchForm, environments: readonly DbEnvironment[]): Criteria<'/V1/DevOps/DBTools/GetChangedObjects'> {
  return {
    startDate: form.startDate,
    endDate: form.endDate,
    object_name: form.object_name?.trim() || null,
    network_name: form.network_name || null,
    environment_name: form.environment_name,
    database_name: databaseOfEnvironment(form.environment_name, environments),
    schema_name: null,
  };
}

/** The changed-objects body from the list's filter values (react-admin drops empty ones: they are null here). */
export function changedObjectsCriteria(filter: Criteria<'/V1/DevOps/DBTools/GetChangedObjects'>): Criteria<'/V1/DevOps/DBTools/GetChangedObjects'> {
  return {
    startDate: filter.startDate ?? null,
    endDate: filter.endDate ?? null,
    object_name: filter.object_name ?? null,
    network_name: filter.network_name ?? null,
    environment_name: filter.environment_name ?? null,
    database_name: filter.database_name ?? null,
    schema_name: filter.schema_name ?? null,
  };
}
