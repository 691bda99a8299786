import { BooleanField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ERP_TYPES } from './erpTypes';

export const SiteShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" />
      <TextField source="site_code" label="Site code" />
      <TextField source="site_name" label="Name" />
      <TextField source="client_id" label="Client ID" />
      <TextField source="client_code" label="Client" />
      <SelectField source="erp_type_id" label="ERP type" choices={ERP_TYPES} />
      <BooleanField source="is_active" label="Active" />
      <BooleanField source="customer_portal_catalog" label="Customer portal catalog" />
      <BooleanField source="asp8_rfq" label="ASP 8 RFQ screens" />
      <BooleanField source="show_ctb_usage" label="Show CTB usage" />
    </SimpleShowLayout>
  </Show>
);
