import { Edit, SimpleForm } from 'react-admin';
import { PermissionInputs } from './PermissionInputs';

export const PermissionEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <PermissionInputs />
    </SimpleForm>
  </Edit>
);
