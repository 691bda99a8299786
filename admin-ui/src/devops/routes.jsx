import { Route } from 'react-router';
import { BASIC_ACCESS, FSS_CONNECT_ADMIN, RequirePermission } from './common';
import { ReleaseList } from './releases/ReleaseList';
import { ReleaseDetail } from './releases/ReleaseDetail';
import { ReleaseAdd } from './releases/ReleaseAdd';
import { JobList } from './jobs/JobList';
import { ErrorLog } from './errors/ErrorLog';
import { DbToolsSearch } from './dbtools/DbToolsSearch';
import { DbToolsView } from './dbtools/DbToolsView';
import { DbToolsHistory } from './dbtools/DbToolsHistory';
import { AlertAuditing } from './alerts/AlertAuditing';
import { AlertAuditingInfo } from './alerts/AlertAuditingInfo';
import { Glossary } from './glossary/Glossary';
import { TrainingPage } from './training/TrainingLinks';

/** Spec 2 route table: path, page, required permission. */
export const DEVOPS_ROUTES = [
  { path: '/devops/aspReleases', title: 'ASP Releases', element: <ReleaseList />, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/aspReleaseDetail/:id', title: 'ASP Release Details', element: <ReleaseDetail />, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/aspReleaseAdd', title: 'ASP Release Add', element: <ReleaseAdd />, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/dbtools', title: 'Database Tools', element: <DbToolsSearch />, permission: FSS_CONNECT_ADMIN },
  {
    path: '/devops/dbtoolsView/:schema_name/:object_name/:database_name/:from_where/:objectId',
    title: 'Database Tools View',
    element: <DbToolsView />,
    permission: FSS_CONNECT_ADMIN,
  },
  {
    path: '/devops/dbtoolsHistory/:schema_name/:object_name/:database_name',
    title: 'Database Tools History',
    element: <DbToolsHistory />,
    permission: FSS_CONNECT_ADMIN,
  },
  { path: '/devops/jobList', title: 'Job List', element: <JobList />, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/errorList', title: 'ASP Error Log', element: <ErrorLog />, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/alertAuditing', title: 'Alert Auditing', element: <AlertAuditing />, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/alertAuditingInfo/:id', title: 'Alert Auditing Info', element: <AlertAuditingInfo />, permission: FSS_CONNECT_ADMIN },
  { path: '/devops/glossary', title: 'Glossary', element: <Glossary />, permission: BASIC_ACCESS },
  { path: '/devops/training/:id', title: 'Training', element: <TrainingPage />, permission: BASIC_ACCESS },
];

/** The devops routes as <Route> elements for react-admin's <CustomRoutes>. */
export function devopsRoutes() {
  return DEVOPS_ROUTES.map((r) => (
    <Route key={r.path} path={r.path} element={<RequirePermission permission={r.permission}>{r.element}</RequirePermission>} />
  ));
}
