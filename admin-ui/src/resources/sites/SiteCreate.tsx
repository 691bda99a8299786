import { Create, SimpleForm } from 'react-admin';
import { SiteInputs } from './SiteInputs';

export const SiteCreate = () => (
  <Create redirect="show">
    <SimpleForm
      defaultValues={{ is_active: true, customer_portal_catalog: false, asp8_rfq: false, show_ctb_usage: false, erp_type_id: 0 }}
    >
      <SiteInputs />
    </SimpleForm>
  </Create>
);
