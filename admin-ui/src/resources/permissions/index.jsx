import KeyIcon from '@mui/icons-material/Key';
import {
  Create,
  DataTable,
  Edit,
  List,
  SearchInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
} from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const PermissionList = () => (
  <List filters={filters} sort={{ field: 'permission_name', order: 'ASC' }} perPage={25}>
    <DataTable>
      <DataTable.Col source="id" label="Permission ID" />
      <DataTable.Col source="permission_name" label="Permission" />
      <DataTable.Col source="description" />
    </DataTable>
  </List>
);

const PermissionShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" label="Permission ID" />
      <TextField source="permission_name" label="Permission" />
      <TextField source="description" />
    </SimpleShowLayout>
  </Show>
);

const PermissionFields = () => (
  <>
    <TextInput source="permission_name" label="Permission" validate={required()} />
    <TextInput source="description" multiline fullWidth />
  </>
);

const PermissionEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <PermissionFields />
    </SimpleForm>
  </Edit>
);

const PermissionCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <PermissionFields />
    </SimpleForm>
  </Create>
);

export default {
  list: PermissionList,
  show: PermissionShow,
  edit: PermissionEdit,
  create: PermissionCreate,
  icon: KeyIcon,
  recordRepresentation: 'permission_name',
};
