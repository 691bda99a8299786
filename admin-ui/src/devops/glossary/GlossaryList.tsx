import { Box } from '@mui/material';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import type { GridColumn } from '../../grid/types';
import type { WithId } from '../../dataProvider/search';
import type { Schema } from '../../shared/api';
import { HELP_IDS } from '../help/developerHelp';
import { DEVOPS_TRAINING, FSS_CONNECT_ADMIN, PageTitle, RouteLink, useHasPermission } from '../../ui';

export type GlossaryRecord = WithId<Schema<'GlossaryTerm'>>;

export const GLOSSARY_COLUMNS: GridColumn<GlossaryRecord>[] = [
  {
    field: 'label',
    header: 'Label',
    helpId: HELP_IDS.glossaryLabel,
    // As the spec has it: the label links to the release-detail route with the glossary id.
    render: (row) => (
      <RouteLink to={`/devops/aspReleaseDetail/${row.glossary_id}`} data-testid={`glossary-link-${row.glossary_id}`}>
        {row.label}
      </RouteLink>
    ),
  },
  { field: 'description', header: 'Description', truncate: true },
  { field: 'abbrevation', header: 'Abbrevation' },
  { field: 'location', header: 'Location', truncate: true },
  { field: 'notes', header: 'Notes', truncate: true },
  { field: 'status', header: 'Status' },
  { field: 'created_by_user', header: 'Created By' },
  { field: 'created_date', header: 'Created Date', kind: 'date' },
  { field: 'last_modified_by_user', header: 'Last Modified By' },
  { field: 'last_modified_date', header: 'Last Modified Date', kind: 'date' },
  { field: 'approved_by_user', header: 'Approved By' },
  { field: 'approved_date', header: 'Approved Date', kind: 'date' },
];

export function GlossaryList() {
  const isAdmin = useHasPermission(FSS_CONNECT_ADMIN);
  return (
    <Box sx={{ p: 2 }} data-testid="glossary">
      <PageTitle title="Glossary" category={DEVOPS_TRAINING}>
        {isAdmin && (
          <RouteLink to="/devops/aspReleaseAdd" data-testid="glossary-add-link">
            Add a Glossary Term
          </RouteLink>
        )}
      </PageTitle>
      <GridList resource="glossary" settingsKey="glossary" columns={GLOSSARY_COLUMNS} defaultSort={{ field: 'label', direction: 'desc' }}>
        <DataGrid id="glossary" exportable />
      </GridList>
    </Box>
  );
}
