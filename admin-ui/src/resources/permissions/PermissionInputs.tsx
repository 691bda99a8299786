import { TextInput, required } from 'react-admin';

/** The fields of create and edit. */
export const PermissionInputs = () => (
  <>
    <TextInput source="permission_name" label="Permission" validate={required()} />
    <TextInput source="description" multiline fullWidth />
  </>
);
