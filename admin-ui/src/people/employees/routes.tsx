import type { ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router';
import { RequirePermission } from '../../ui';
import employees from './index';
import { EMP_VIEW } from './employees';
import { WorkflowFactorList, WorkflowFactorPage } from './WorkflowFactors';

/** The employee resource and the permission it needs (App registers it for holders). */
export const EMPLOYEE_RESOURCE_DEFINITIONS = {
  employees: { definition: employees, permission: EMP_VIEW },
} as const;

const ROUTES: { path: string; page: ComponentType; resource?: string }[] = [
  { path: '/employee/search', page: employees.list, resource: 'employees' },
  { path: '/employee', page: employees.show, resource: 'employees' },
  { path: '/workflow/employee/search', page: WorkflowFactorList },
  { path: '/workflow/employee', page: WorkflowFactorPage },
];

/** The employee and workflow factor routes for react-admin's <CustomRoutes> (EmpView). */
export function employeeRoutes() {
  return ROUTES.map(({ path, page: Page, resource }) => (
    <Route
      key={path}
      path={path}
      element={
        <RequirePermission permission={EMP_VIEW}>
          {resource ? (
            <ResourceContextProvider value={resource}>
              <Page />
            </ResourceContextProvider>
          ) : (
            <Page />
          )}
        </RequirePermission>
      }
    />
  ));
}
