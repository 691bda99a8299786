import { BooleanInput, NumberInput, SelectInput, TextInput, required } from 'react-admin';
import { normalizeSiteCode } from '../../lib/sites';
import { ERP_TYPES } from './erpTypes';

/** The fields of create and edit. */
export const SiteInputs = () => (
  <>
    <TextInput source="site_code" label="Site code" validate={required()} parse={normalizeSiteCode} />
    <TextInput source="site_name" label="Name" validate={required()} />
    <NumberInput source="client_id" label="Client ID" validate={required()} />
    <TextInput source="client_code" label="Client" />
    <SelectInput source="erp_type_id" label="ERP type" choices={ERP_TYPES} validate={required()} />
    <BooleanInput source="is_active" label="Active" />
    <BooleanInput source="customer_portal_catalog" label="Customer portal catalog" />
    <BooleanInput source="asp8_rfq" label="ASP 8 RFQ screens" />
    <BooleanInput source="show_ctb_usage" label="Show CTB usage" />
  </>
);
