import { useSearchParams } from 'react-router';
import { EmployeeGroupList } from './EmployeeGroupList';
import { EmployeeGroupShow } from './EmployeeGroupShow';

/** `/employee/employeegroups`: the search, or with `?id=` one group (the address spec 1's route table gives). */
export function EmployeeGroupsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id === null ? <EmployeeGroupList /> : <EmployeeGroupShow id={Number(id)} />;
}
