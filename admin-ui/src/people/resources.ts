// The people resources' calls for the data provider's registry (dataProvider/resources.ts spreads them in).
import { pagedSearch, type ResourceCalls } from '../dataProvider/search';
import { employeeGroupCriteria, type EmployeeGroupFilter } from './employeeGroups/employeeGroups';

export const PEOPLE_RESOURCES = {
  employeeGroups: {
    list: pagedSearch({ path: '/V1/Employee/Group/Search', criteria: (filter: EmployeeGroupFilter) => employeeGroupCriteria(filter), id: (row) => row.employeeGroupID }),
  },
} satisfies Record<string, ResourceCalls>;
