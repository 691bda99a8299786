import { routesFrom, type RouteDef } from '../../ui/routing';
import employees from './index';
import { EMP_VIEW } from './employees';
import { WorkflowFactorList, WorkflowFactorPage } from './WorkflowFactors';

/** The employee resource and the permission it needs (App registers it for holders). */
export const EMPLOYEE_RESOURCE_DEFINITIONS = {
  employees: { definition: employees, permission: EMP_VIEW },
} as const;

/** The employee and workflow factor screens (EmpView). */
export const EMPLOYEE_ROUTES: RouteDef[] = [
  { path: '/employee/search', page: employees.list, permission: EMP_VIEW, resource: 'employees' },
  { path: '/employee', page: employees.show, permission: EMP_VIEW, resource: 'employees' },
  { path: '/workflow/employee/search', page: WorkflowFactorList, permission: EMP_VIEW },
  { path: '/workflow/employee', page: WorkflowFactorPage, permission: EMP_VIEW },
];

export const employeeRoutes = () => routesFrom(EMPLOYEE_ROUTES);
