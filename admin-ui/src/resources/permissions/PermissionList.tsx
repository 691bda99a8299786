import { DataTable, List, SearchInput } from 'react-admin';
import { PageTitle } from '../../ui';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const PermissionList = () => (
  <>
    <PageTitle title="Permissions" />
    <List title={false} filters={filters} sort={{ field: 'permission_name', order: 'ASC' }} perPage={25}>
      <DataTable>
        <DataTable.Col source="id" label="Permission ID" />
        <DataTable.Col source="permission_name" label="Permission" />
        <DataTable.Col source="description" />
      </DataTable>
    </List>
  </>
);
