import { DataTable, List, SearchInput } from 'react-admin';
import { PageTitle } from '../../ui';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const RoleList = () => (
  <>
    <PageTitle title="Roles" />
    <List title={false} filters={filters} sort={{ field: 'role_name', order: 'ASC' }} perPage={25}>
      <DataTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="role_name" label="Role" />
        <DataTable.Col source="description" />
      </DataTable>
    </List>
  </>
);
