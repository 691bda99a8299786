import { BooleanField, DataTable, EmailField, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const UserList = () => (
  <List filters={filters} sort={{ field: 'user_id', order: 'ASC' }} perPage={25}>
    <DataTable>
      <DataTable.Col source="user_id" label="User ID" />
      <DataTable.Col source="fname" label="First name" />
      <DataTable.Col source="lname" label="Last name" />
      <DataTable.Col source="email" field={EmailField} />
      <DataTable.Col source="is_active" label="Active" field={BooleanField} />
      <DataTable.Col source="is_locked" label="Locked" field={BooleanField} />
      <DataTable.Col source="fss_employee" label="Employee" field={BooleanField} />
      <DataTable.Col source="customer_portal_user" label="Customer portal" field={BooleanField} />
      <DataTable.Col source="supplier_portal_user" label="Supplier portal" field={BooleanField} />
    </DataTable>
  </List>
);
