// The registry of the spec-shaped resources: resource name -> the API calls behind react-admin's getList, getOne,
// create and update (docs/api-devops.md). Lists are either a paged search (`pagedSearch`, with its Excel export
// twin when `exportable`) or a whole list (`wholeList`); the other methods are the resource's own calls.
import type { Identifier, UpdateParams } from 'react-admin';
import { callApi, type Schema } from '../shared/api';
import { pagedSearch, wholeList, type ResourceCalls, type WithId } from './search';
import { errorLogCriteria, type ErrorLogForm } from '../devops/errorLog/errors';
import { alertSearchBody, type AlertForm } from '../devops/alerts/alertSearch';
import { changedObjectsCriteria } from '../devops/dbtools/dbtools';
import type { JobChange } from '../devops/jobs/jobs';
import { ITEM_RESOURCES } from '../items/resources';
import { EMPLOYEE_RESOURCES } from '../people/employees/resources';
import { TRANSACTION_RESOURCES } from '../transactions/resources';
import { PEOPLE_RESOURCES } from '../people/resources';

/** The API refused a save with `success: false` and said why (e.g. 'Release 8.68 already exists.'). */
export class SaveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveRefused';
  }
}

const withId = <T extends object>(row: T, id: Identifier): WithId<T> => ({ ...row, id });
const numberId = (id: Identifier) => Number(id);

/** The job calls: each kind of change has its own operation; all answer `{message}`. */
async function updateJob({ id, data, previousData }: UpdateParams, options: { quiet?: boolean }) {
  const change = data as JobChange;
  const path = { id: numberId(id) };
  let answer: Schema<'JobMessage'>;
  if ('active' in change) {
    answer = await callApi('put', '/V1/DevOps/Job/{id}/Activation', { ...options, path, body: { active: change.active } });
  } else if ('job_status' in change) {
    answer = await callApi('put', '/V1/DevOps/Job/{id}/Status', { ...options, path, body: { job_status: change.job_status } });
  } else {
    answer = await callApi('put', '/V1/DevOps/Job/{id}/LogLevel', { ...options, path, body: { log_level: change.log_level } });
  }
  return { data: { ...previousData, ...change, id }, meta: { message: answer.message } };
}

export const SEARCH_RESOURCES = {
  releases: {
    list: pagedSearch({ path: '/V1/DevOps/Release/Search', id: (row) => row.release_id, exportable: true }),
    getOne: async (id, options) => {
      const release = await callApi('get', '/V1/DevOps/Release/{id}', { ...options, path: { id: numberId(id) } });
      return { data: withId(release, release.release_id) };
    },
    // `success: false` is an answer, not an HTTP error: it becomes one here so callers have one failure path.
    create: async (data: Schema<'ReleaseInput'>, options) => {
      const saved = await callApi('post', '/V1/DevOps/Release', { ...options, body: data });
      if (!saved.success) throw new SaveRefused(saved.message);
      return { data: withId({ ...data, release_id: saved.release_id }, saved.release_id ?? 0), meta: { message: saved.message } };
    },
  },
  glossary: {
    list: pagedSearch({ path: '/V1/DevOps/Glossary/Search', id: (row) => row.glossary_id, exportable: true }),
  },
  jobs: {
    list: wholeList({ path: '/V1/DevOps/Job', id: (job) => job.job_id }),
    update: updateJob,
  },
  jobHistory: {
    list: pagedSearch({
      path: '/V1/DevOps/Job/{id}/History',
      params: (filter: { job_id?: number }) => ({ id: Number(filter.job_id) }),
      // The job is in the path; the body is paging only.
      criteria: () => ({}),
      id: (run) => run.job_run_id,
      exportable: true,
    }),
  },
  errorLog: {
    list: pagedSearch({
      path: '/V1/DevOps/ErrorLog/Search',
      criteria: (filter: Partial<ErrorLogForm>) => errorLogCriteria(filter),
      id: (row) => row.asp_error_log_ID,
      exportable: true,
    }),
  },
  errorFilters: {
    list: pagedSearch({
      path: '/V1/DevOps/ErrorLog/Filtered/Search',
      criteria: (filter: { start_date?: string; end_date?: string }) => ({ start_date: filter.start_date, end_date: filter.end_date }),
      id: (row) => row.asp_error_log_filter_id,
      exportable: true,
    }),
  },
  dbtools: {
    list: pagedSearch({ path: '/V1/DevOps/DBTools/GetChangedObjects', criteria: changedObjectsCriteria, id: (row) => row.objectAuditLog_ID }),
  },
  dbtoolsHistory: {
    list: pagedSearch({
      path: '/V1/DevOps/DBTools/GetObjectHistory',
      criteria: (filter: { object_name?: string; schema_name?: string; database_name?: string; environment_name?: string | null }) => ({
        object_name: filter.object_name,
        schema_name: filter.schema_name,
        database_name: filter.database_name ?? null,
        environment_name: filter.environment_name ?? null,
      }),
      id: (row) => row.objectAuditLog_ID,
    }),
  },
  alerts: {
    // One notification can be listed once per matching row, so the position makes the id unique.
    list: pagedSearch({
      path: '/V1/AlertAuditing/Search',
      criteria: (filter: Partial<AlertForm>) => alertSearchBody(filter),
      id: (row, index) => `${row.notification_id}-${index}`,
      exportable: true,
    }),
    getOne: async (id, options) => {
      const header = await callApi('get', '/V1/AlertAuditing/{id}', { ...options, path: { id: numberId(id) } });
      return { data: withId(header, header.notification_id) };
    },
  },
  alertRecipients: {
    list: pagedSearch({
      path: '/V1/AlertAuditing/Users',
      criteria: (filter: { notification_id?: number }) => ({ notification_id: Number(filter.notification_id) }),
      id: (row, index) => `${row.username}-${index}`,
    }),
  },
  alertTypes: {
    list: wholeList({ path: '/V1/Type/GetAllAlertTypes', id: (type) => type.type_notification_id }),
    getOne: async (id, options) => {
      const type = await callApi('get', '/V1/AlertAuditing/Type', { ...options, query: { type_id: numberId(id) } });
      return { data: withId(type, type.type_notification_id) };
    },
  },
  alertSiteCodes: {
    list: wholeList({ path: '/V1/Type/GetAllSiteCodes', id: (site) => site.site_id }),
  },
  dbEnvironments: {
    list: wholeList({ path: '/V1/DevOps/DBTools/Environments', id: (env) => env.environment_name }),
  },
  dbUsers: {
    list: wholeList({
      path: '/V1/DevOps/DBTools/GetUserNames/{environment}',
      params: (filter: { environment_name?: string }) => ({ environment: String(filter.environment_name ?? '') }),
      id: (user) => user.network_name,
    }),
  },
  trainingLinks: {
    list: wholeList({
      path: '/V1/Presentation/TrainingLinks',
      query: (filter: { category?: string }) => ({ category: filter.category }),
      id: (link) => link.training_link_id,
    }),
  },
  developerHelp: {
    getOne: async (id, options) => {
      const help = await callApi('get', '/V1/DevOps/DeveloperHelp/{id}', { ...options, path: { id: numberId(id) } });
      return { data: withId(help, help.help_id) };
    },
  },
  ...ITEM_RESOURCES,
  ...EMPLOYEE_RESOURCES,
  ...TRANSACTION_RESOURCES,
  ...PEOPLE_RESOURCES,
} satisfies Record<string, ResourceCalls>;

export type SearchResourceName = keyof typeof SEARCH_RESOURCES;

export const isSearchResource = (resource: string): resource is SearchResourceName =>
  Object.prototype.hasOwnProperty.call(SEARCH_RESOURCES, resource);
