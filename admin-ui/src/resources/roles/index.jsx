import SecurityIcon from '@mui/icons-material/Security';
import {
  AutocompleteArrayInput,
  ChipField,
  Create,
  DataTable,
  Edit,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  SearchInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  SingleFieldList,
  TextField,
  TextInput,
  required,
} from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const RoleList = () => (
  <List filters={filters} sort={{ field: 'role_name', order: 'ASC' }} perPage={25}>
    <DataTable>
      <DataTable.Col source="id" />
      <DataTable.Col source="role_name" label="Role" />
      <DataTable.Col source="description" />
    </DataTable>
  </List>
);

const RoleShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" />
      <TextField source="role_name" label="Role" />
      <TextField source="description" />
      <ReferenceArrayField source="permission_ids" reference="permissions" label="Permissions">
        <SingleFieldList linkType="show">
          <ChipField source="permission_name" />
        </SingleFieldList>
      </ReferenceArrayField>
    </SimpleShowLayout>
  </Show>
);

const RoleFields = () => (
  <>
    <TextInput source="role_name" label="Role" validate={required()} />
    <TextInput source="description" multiline fullWidth />
    <ReferenceArrayInput source="permission_ids" reference="permissions" perPage={100}>
      <AutocompleteArrayInput label="Permissions" optionText="permission_name" />
    </ReferenceArrayInput>
  </>
);

const RoleEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <RoleFields />
    </SimpleForm>
  </Edit>
);

const RoleCreate = () => (
  <Create redirect="show">
    <SimpleForm defaultValues={{ permission_ids: [] }}>
      <RoleFields />
    </SimpleForm>
  </Create>
);

export default {
  list: RoleList,
  show: RoleShow,
  edit: RoleEdit,
  create: RoleCreate,
  icon: SecurityIcon,
  recordRepresentation: 'role_name',
};
