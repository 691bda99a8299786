import { AutocompleteArrayInput, ReferenceArrayInput, TextInput, required } from 'react-admin';

/** The fields of create and edit. */
export const RoleInputs = () => (
  <>
    <TextInput source="role_name" label="Role" validate={required()} />
    <TextInput source="description" multiline fullWidth />
    <ReferenceArrayInput source="permission_ids" reference="permissions" perPage={100}>
      <AutocompleteArrayInput label="Permissions" optionText="permission_name" />
    </ReferenceArrayInput>
  </>
);
