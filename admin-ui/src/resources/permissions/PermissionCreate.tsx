import { Create, SimpleForm } from 'react-admin';
import { PermissionInputs } from './PermissionInputs';

export const PermissionCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <PermissionInputs />
    </SimpleForm>
  </Create>
);
