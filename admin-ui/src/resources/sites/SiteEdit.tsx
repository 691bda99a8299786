import { Edit, SimpleForm } from 'react-admin';
import { SiteInputs } from './SiteInputs';

export const SiteEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <SiteInputs />
    </SimpleForm>
  </Edit>
);
