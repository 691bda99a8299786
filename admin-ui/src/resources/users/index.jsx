import { useState } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Button } from '@mui/material';
import { AdminPasswordDialog } from '../../shell/AdminPasswordDialog';
import { HELP_IDS } from '../../devops/help/developerHelp';
import {
  ArrayField,
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  ChipField,
  Create,
  DataTable,
  DateField,
  DateTimeInput,
  Edit,
  EmailField,
  List,
  PasswordInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  Show,
  SimpleFormIterator,
  SimpleForm,
  SimpleShowLayout,
  SingleFieldList,
  TextField,
  TextInput,
  ListButton,
  ShowButton,
  TopToolbar,
  email,
  required,
  useRecordContext,
} from 'react-admin';
import { validatePassword } from '../../lib/passwordRule';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const UserList = () => (
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

const UserShow = () => (
  <Show>
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
  </Show>
);

// Shared by create and edit; only create sets a password (changes go through the self-service or reset flows).
const UserFields = () => (
  <>
    <TextInput source="user_id" label="User ID" validate={required()} data-help-id={HELP_IDS.userId} />
    <TextInput source="fname" label="First name" validate={required()} />
    <TextInput source="lname" label="Last name" validate={required()} />
    <TextInput source="email" validate={email()} />
    <BooleanInput source="is_active" label="Active" />
    <BooleanInput source="is_locked" label="Locked" />
    <BooleanInput source="fss_employee" label="Provider employee" />
    <BooleanInput source="supplier_portal_user" label="Supplier portal user" />
    <BooleanInput source="customer_portal_user" label="Customer portal user" />
    <BooleanInput source="is_punchin_user" label="Punch-in user" />
    <DateTimeInput source="password_expiration_Date" label="Password expires" />
    <ReferenceArrayInput source="site_ids" reference="sites" perPage={50}>
      <AutocompleteArrayInput label="Sites" optionText="site_code" />
    </ReferenceArrayInput>
    <ArrayInput source="roles" label="Roles by site">
      <SimpleFormIterator inline>
        <ReferenceInput source="site_id" reference="sites" perPage={50}>
          <AutocompleteInput label="Site" optionText="site_code" validate={required()} />
        </ReferenceInput>
        <ReferenceInput source="security_role_id" reference="roles" perPage={50}>
          <AutocompleteInput label="Role" optionText="role_name" validate={required()} />
        </ReferenceInput>
      </SimpleFormIterator>
    </ArrayInput>
  </>
);

/** Spec 2: an administrator changes another user's password from the user edit screen. */
function ChangeUserPasswordButton() {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button size="small" startIcon={<LockResetIcon />} onClick={() => setOpen(true)} data-testid="admin-password-button">
        Change Password
      </Button>
      <AdminPasswordDialog
        open={open}
        userId={record.id}
        userLabel={record.user_id}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const UserEditActions = () => (
  <TopToolbar>
    <ChangeUserPasswordButton />
    <ShowButton />
    <ListButton />
  </TopToolbar>
);

const UserEdit = () => (
  <Edit mutationMode="pessimistic" actions={<UserEditActions />}>
    <SimpleForm>
      <UserFields />
    </SimpleForm>
  </Edit>
);

const UserCreate = () => (
  <Create redirect="show">
    <SimpleForm
      defaultValues={{ is_active: true, is_locked: false, fss_employee: false, supplier_portal_user: false, customer_portal_user: false, is_punchin_user: false, site_ids: [], roles: [] }}
    >
      <UserFields />
      <PasswordInput source="password" validate={[required(), validatePassword]} />
    </SimpleForm>
  </Create>
);

export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (record) =>
    [record.user_id, [record.fname, record.lname].filter(Boolean).join(' ')].filter(Boolean).join(' - '),
};
