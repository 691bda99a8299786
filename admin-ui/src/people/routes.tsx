import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import employeeGroups from './employeeGroups';
import { EMPLOYEE_GROUPS_ROUTE, EMPLOYEE_GROUP_VIEW } from './employeeGroups/employeeGroups';

/** The people resources and the permission each needs (App registers them for its holders). */
export const PEOPLE_RESOURCE_DEFINITIONS = {
  employeeGroups: { definition: employeeGroups, permission: EMPLOYEE_GROUP_VIEW },
} as const;

/** The people screens' addresses as <Route> elements for react-admin's <CustomRoutes>. */
export function peopleRoutes() {
  return [
    <Route
      key={EMPLOYEE_GROUPS_ROUTE}
      path={EMPLOYEE_GROUPS_ROUTE}
      element={
        <RequirePermission permission={EMPLOYEE_GROUP_VIEW}>
          <ResourceContextProvider value="employeeGroups">
            <employeeGroups.list />
          </ResourceContextProvider>
        </RequirePermission>
      }
    />,
  ];
}
