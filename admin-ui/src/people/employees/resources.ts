// The employee resource's calls for the data provider's registry: the grid's paged search with its export, and the
// record by id.
import { callApi } from '../../shared/api';
import { pagedSearch, type ResourceCalls } from '../../dataProvider/search';
import { employeeCriteria, type EmployeeSearchForm } from './employees';

export const EMPLOYEE_RESOURCES = {
  employees: {
    list: pagedSearch({
      path: '/V1/Employee/EmployeeSearch',
      criteria: (filter: EmployeeSearchForm) => employeeCriteria(filter),
      id: (row) => row.employeeID,
      exportable: true,
    }),
    getOne: async (id, options) => {
      const e = await callApi('get', '/V1/Employee/{id}', { ...options, path: { id: Number(id) } });
      return { data: { ...e, id: e.employeeID } };
    },
  },
} satisfies Record<string, ResourceCalls>;
