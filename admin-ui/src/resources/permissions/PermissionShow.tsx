import { Show, SimpleShowLayout, TextField } from 'react-admin';

export const PermissionShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" label="Permission ID" />
      <TextField source="permission_name" label="Permission" />
      <TextField source="description" />
    </SimpleShowLayout>
  </Show>
);
