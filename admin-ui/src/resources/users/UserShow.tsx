import {
  ArrayField,
  BooleanField,
  ChipField,
  DataTable,
  DateField,
  EmailField,
  ReferenceArrayField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  SingleFieldList,
  TextField,
  useRecordContext,
} from 'react-admin';
import { RecordTabs } from '../../ui';
import { UserAlertSettings } from '../../alertSettings/UserAlertSettings';
import type { UserRecord } from '.';

// The user's page: the account (Details) and, for the administrator, the user's alert settings by site.
export const UserShow = () => (
  <Show>
    <UserTabs />
  </Show>
);

function UserTabs() {
  const record = useRecordContext<UserRecord>();
  return (
    <RecordTabs
      id="user"
      tabs={[
        { key: 'details', label: 'Details', content: <UserDetails /> },
        { key: 'alerts', label: 'Alert settings', content: record ? <UserAlertSettings userId={record.id} siteIds={record.site_ids} /> : null },
      ]}
    />
  );
}

const UserDetails = () => (
    <SimpleShowLayout>
      <TextField source="id" />
      <TextField source="user_id" label="User ID" />
      <TextField source="fname" label="First name" />
      <TextField source="lname" label="Last name" />
      <EmailField source="email" />
      <BooleanField source="is_active" label="Active" />
      <BooleanField source="is_locked" label="Locked" />
      <BooleanField source="fss_employee" label="Provider employee" />
      <BooleanField source="supplier_portal_user" label="Supplier portal user" />
      <BooleanField source="customer_portal_user" label="Customer portal user" />
      <BooleanField source="is_punchin_user" label="Punch-in user" />
      <DateField source="password_expiration_Date" label="Password expires" showTime />
      <ReferenceArrayField source="site_ids" reference="sites" label="Sites">
        <SingleFieldList linkType="show">
          <ChipField source="site_code" />
        </SingleFieldList>
      </ReferenceArrayField>
      <ArrayField source="roles" label="Roles by site">
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="site_id" label="Site">
            <ReferenceField source="site_id" reference="sites" />
          </DataTable.Col>
          <DataTable.Col source="security_role_id" label="Role">
            <ReferenceField source="security_role_id" reference="roles" />
          </DataTable.Col>
        </DataTable>
      </ArrayField>
    </SimpleShowLayout>
);
