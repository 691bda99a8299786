import { BooleanField, DataTable, List, SearchInput, SelectField } from 'react-admin';
import { PageTitle } from '../../ui';
import { ERP_TYPES } from './erpTypes';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const SiteList = () => (
  <>
    <PageTitle title="Sites" />
    <List title={false} filters={filters} sort={{ field: 'site_code', order: 'ASC' }} perPage={25}>
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
  </>
);
