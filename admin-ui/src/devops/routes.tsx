import { BASIC_ACCESS, FSS_CONNECT_ADMIN } from '../ui';
import { routesFrom, type RouteDef } from '../ui/routing';
import releases from './releases';
import jobs from './jobs';
import errorLog from './errorLog';
import dbtools from './dbtools';
import alerts from './alerts';
import glossary from './glossary';
import jobHistory from './jobHistory';
import errorFilters from './errorFilters';
import dbtoolsHistory from './dbtoolsHistory';
import alertRecipients from './alertRecipients';
import trainingLinks from './trainingLinks';
import { DbToolsView } from './dbtools/DbToolsView';
import { DbToolsHistory } from './dbtoolsHistory/DbToolsHistory';
import { TrainingPage } from './trainingLinks/TrainingLinks';

/**
 * The devops resources and the permission each needs; App registers them as <Resource>s for its holders. The ones
 * without a list (job history, error filters, object history, recipients, training links) are listed inside another
 * screen or under an address that names what to list.
 */
export const DEVOPS_RESOURCES = {
  releases: { definition: releases, permission: FSS_CONNECT_ADMIN },
  jobs: { definition: jobs, permission: FSS_CONNECT_ADMIN },
  jobHistory: { definition: jobHistory, permission: FSS_CONNECT_ADMIN },
  errorLog: { definition: errorLog, permission: FSS_CONNECT_ADMIN },
  errorFilters: { definition: errorFilters, permission: FSS_CONNECT_ADMIN },
  dbtools: { definition: dbtools, permission: FSS_CONNECT_ADMIN },
  dbtoolsHistory: { definition: dbtoolsHistory, permission: FSS_CONNECT_ADMIN },
  alerts: { definition: alerts, permission: FSS_CONNECT_ADMIN },
  alertRecipients: { definition: alertRecipients, permission: FSS_CONNECT_ADMIN },
  glossary: { definition: glossary, permission: BASIC_ACCESS },
  trainingLinks: { definition: trainingLinks, permission: BASIC_ACCESS },
} as const;

/**
 * Spec 2 route table: the addresses users know. Each renders its resource's screen (as react-admin's own
 * /<resource> routes do) under the same permission guard; a user without it sees the unauthorized page.
 */
export const DEVOPS_ROUTES: (RouteDef & { resource?: keyof typeof DEVOPS_RESOURCES })[] = [
  { path: '/devops/aspReleases', resource: 'releases', page: releases.list, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/aspReleaseDetail/:id', resource: 'releases', page: releases.show, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/aspReleaseAdd', resource: 'releases', page: releases.create, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/dbtools', resource: 'dbtools', page: dbtools.list, permission: FSS_CONNECT_ADMIN },
  {
    path: '/devops/dbtoolsView/:schema_name/:object_name/:database_name/:from_where/:objectId',
    resource: 'dbtools',
    page: DbToolsView,
    permission: FSS_CONNECT_ADMIN,
  },
  {
    path: '/devops/dbtoolsHistory/:schema_name/:object_name/:database_name',
    resource: 'dbtoolsHistory',
    page: DbToolsHistory,
    permission: FSS_CONNECT_ADMIN,
  },
  { path: '/devops/jobList', resource: 'jobs', page: jobs.list, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/errorList', resource: 'errorLog', page: errorLog.list, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/alertAuditing', resource: 'alerts', page: alerts.list, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/alertAuditingInfo/:id', resource: 'alerts', page: alerts.show, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/glossary', resource: 'glossary', page: glossary.list, permission: BASIC_ACCESS },
  { path: '/devops/training/:id', resource: 'trainingLinks', page: TrainingPage, permission: BASIC_ACCESS },
];

export const devopsRoutes = () => routesFrom(DEVOPS_ROUTES);
