import { Create, SimpleForm } from 'react-admin';
import { RoleInputs } from './RoleInputs';

export const RoleCreate = () => (
  <Create redirect="show">
    <SimpleForm defaultValues={{ permission_ids: [] }}>
      <RoleInputs />
    </SimpleForm>
  </Create>
);
