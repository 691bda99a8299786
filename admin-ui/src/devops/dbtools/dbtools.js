import { addDays, todayIso } from '../../grid/format';

export const DBTOOLS_PATH = '/api/V1/DevOps/DBTools';
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
export const notInEnvironment = (env) => `This object doesnt exist in ${env}`;

/** 90 days back to tomorrow. */
export function defaultDbSearch(now = new Date(), defaults = {}) {
  const today = todayIso(now);
  return {
    environment_name: defaults.environment_name || DEFAULT_ENVIRONMENT,
    object_name: defaults.object_name || null,
    network_name: defaults.network_name || '',
    startDate: addDays(today, -90),
    endDate: addDays(today, 1),
  };
}

const canon = (s) => String(s || '').toLowerCase();

/**
 * The environment a database name points at: the one whose name the database name contains, else null (the API
 * then picks the environment by database name; several environments may share one database).
 */
export function environmentOfDatabase(databaseName) {
  const db = canon(databaseName);
  return ENVIRONMENTS.find((e) => db.includes(canon(e.value)))?.value ?? null;
}

/** The database searched in an environment: from the API's environment list, else null (the API decides). */
export function databaseOfEnvironment(environment, environments = []) {
  return environments.find((e) => canon(e.environment_name) === canon(environment))?.database_name || null;
}

/** A Compare To button is hidden when the current database name contains that environment. */
export function compareTargets(databaseName) {
  const db = canon(databaseName);
  return ENVIRONMENTS.filter((e) => !db.includes(canon(e.value)));
}

/**
 * The database to compare with in another environment: the API's database for it, else the current name's prefix
 * (the current environment's part removed) plus the lower-cased environment.
 */
export function compareDatabaseName(currentDatabase, targetEnvironment, environments = []) {
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
export function compareSelection(rows) {
  if (!Array.isArray(rows) || rows.length !== 2) return { ok: false, message: COMPARE_ONLY_TWO };
  const [left, right] = [...rows].sort((a, b) => Number(a.objectAuditLog_ID) - Number(b.objectAuditLog_ID));
  return { ok: true, left, right };
}

export const objectLabel = (row) => `${row.schema_name}.${row.object_name}`;

export function viewRoute({ schema_name, object_name, database_name }, fromWhere, objectId) {
  const seg = (v) => encodeURIComponent(v ?? '');
  return `/devops/dbtoolsView/${seg(schema_name)}/${seg(object_name)}/${seg(database_name)}/${seg(fromWhere)}/${seg(objectId ?? 0)}`;
}

export function historyRoute({ schema_name, object_name, database_name }) {
  const seg = (v) => encodeURIComponent(v ?? '');
  return `/devops/dbtoolsHistory/${seg(schema_name)}/${seg(object_name)}/${seg(database_name)}`;
}
