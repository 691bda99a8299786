import { BooleanField, DataTable, EmailField, List, SearchInput } from 'react-admin';
import { PageTitle } from '../../ui';
import { hasPermission, ADMIN_PERMISSIONS } from '../../lib/userContext';
import { useUserContext } from '../../shell/UserContextProvider';
import { ImpersonateButton } from './ImpersonateButton';
import type { UserRecord } from './index';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const UserList = () => {
  const { context } = useUserContext();
  // Support staff who administer nobody see the users they may act as, without opening them.
  const administers = ADMIN_PERMISSIONS.some((p) => hasPermission(context, p));
  return (
    <>
      <PageTitle title="Users" />
      <List title={false} filters={filters} sort={{ field: 'user_id', order: 'ASC' }} perPage={25}>
        <DataTable rowClick={administers ? undefined : false} bulkActionButtons={administers ? undefined : false}>
          <DataTable.Col source="user_id" label="User ID" />
          {/* One name column: the row action needs the width of the second one at 1440 pixels. */}
          <DataTable.Col source="lname" label="Name" render={(record: UserRecord) => [record.fname, record.lname].filter(Boolean).join(' ')} />
          <DataTable.Col source="email" field={EmailField} />
          <DataTable.Col source="is_active" label="Active" field={BooleanField} />
          <DataTable.Col source="is_locked" label="Locked" field={BooleanField} />
          <DataTable.Col source="fss_employee" label="Employee" field={BooleanField} />
          <DataTable.Col source="customer_portal_user" label="Customer portal" field={BooleanField} />
          <DataTable.Col source="supplier_portal_user" label="Supplier portal" field={BooleanField} />
          <DataTable.Col label="" disableSort>
            <ImpersonateButton />
          </DataTable.Col>
        </DataTable>
      </List>
  </>
  );
};
