import BadgeIcon from '@mui/icons-material/Badge';
import { EmployeeList } from './EmployeeList';
import { EmployeePage } from './EmployeePage';
import type { EmployeeRecord } from './employees';

// Addresses: /employee/search, /employee?id= (spec 1 route table); workflow factors: /workflow/employee?id=.
export default {
  list: EmployeeList,
  show: EmployeePage,
  edit: EmployeePage,
  create: EmployeePage,
  icon: BadgeIcon,
  recordRepresentation: (record: EmployeeRecord) => `${record.employeeNumber} ${record.lastName}, ${record.firstName}`,
};

export { EmployeePopup, EmployeeNumberLink } from './EmployeePopup';
