import GroupsIcon from '@mui/icons-material/Groups';
import { EmployeeGroupsPage } from './EmployeeGroupsPage';
import type { EmployeeGroupRecord } from './employeeGroups';

// Address: /employee/employeegroups (search) and /employee/employeegroups?id= (detail).
export default {
  list: EmployeeGroupsPage,
  show: EmployeeGroupsPage,
  icon: GroupsIcon,
  recordRepresentation: (record: EmployeeGroupRecord) => record.description,
};
