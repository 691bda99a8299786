import { Create, PasswordInput, SimpleForm, required } from 'react-admin';
import { validatePassword } from '../../lib/passwordRule';
import { UserInputs } from './UserInputs';

export const UserCreate = () => (
  <Create redirect="show">
    <SimpleForm
      defaultValues={{
        is_active: true,
        is_locked: false,
        fss_employee: false,
        supplier_portal_user: false,
        customer_portal_user: false,
        is_punchin_user: false,
        site_ids: [],
        roles: [],
      }}
    >
      <UserInputs />
      <PasswordInput source="password" validate={[required(), validatePassword]} />
    </SimpleForm>
  </Create>
);
