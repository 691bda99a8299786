import StoreIcon from '@mui/icons-material/Store';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { normalizeSiteCode } from '../../lib/sites';

// Spec 1 section 4, ERP type enumeration.
export const ERP_TYPES = [
  { id: 0, name: 'None' },
  { id: 1, name: 'Enterprise' },
  { id: 2, name: 'SXE' },
  { id: 3, name: 'FreescaleSAP' },
  { id: 4, name: 'Trilogie' },
  { id: 5, name: 'TrilogieWD' },
  { id: 6, name: 'TrilogieIntegrated' },
  { id: 7, name: 'NetSuite' },
];

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const SiteList = () => (
  <List filters={filters} sort={{ field: 'site_code', order: 'ASC' }} perPage={25}>
    <DataTable>
      <DataTable.Col source="site_code" label="Site code" />
      <DataTable.Col source="site_name" label="Name" />
      <DataTable.Col source="client_code" label="Client" />
      <DataTable.Col source="erp_type_id" label="ERP">
        <SelectField source="erp_type_id" choices={ERP_TYPES} />
      </DataTable.Col>
      <DataTable.Col source="is_active" label="Active" field={BooleanField} />
    </DataTable>
  </List>
);

const SiteShow = () => (
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

const SiteFields = () => (
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

const SiteEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <SiteFields />
    </SimpleForm>
  </Edit>
);

const SiteCreate = () => (
  <Create redirect="show">
    <SimpleForm
      defaultValues={{ is_active: true, customer_portal_catalog: false, asp8_rfq: false, show_ctb_usage: false, erp_type_id: 0 }}
    >
      <SiteFields />
    </SimpleForm>
  </Create>
);

export default {
  list: SiteList,
  show: SiteShow,
  edit: SiteEdit,
  create: SiteCreate,
  icon: StoreIcon,
  recordRepresentation: 'site_code',
};
