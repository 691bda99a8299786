import { routesFrom, type RouteDef } from '../ui/routing';
import employeeGroups from './employeeGroups';
import { EMPLOYEE_GROUPS_ROUTE, EMPLOYEE_GROUP_VIEW } from './employeeGroups/employeeGroups';

/** The people resources and the permission each needs (App registers them for its holders). */
export const PEOPLE_RESOURCE_DEFINITIONS = {
  employeeGroups: { definition: employeeGroups, permission: EMPLOYEE_GROUP_VIEW },
} as const;

export const PEOPLE_ROUTES: RouteDef[] = [
  { path: EMPLOYEE_GROUPS_ROUTE, page: employeeGroups.list, permission: EMPLOYEE_GROUP_VIEW, resource: 'employeeGroups' },
];

export const peopleRoutes = () => routesFrom(PEOPLE_ROUTES);
