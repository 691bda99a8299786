import { ChipField, ReferenceArrayField, Show, SimpleShowLayout, SingleFieldList, TextField } from 'react-admin';

export const RoleShow = () => (
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
