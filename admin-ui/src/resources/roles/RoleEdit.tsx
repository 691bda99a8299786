import { Edit, SimpleForm } from 'react-admin';
import { RoleInputs } from './RoleInputs';

export const RoleEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <RoleInputs />
    </SimpleForm>
  </Edit>
);
