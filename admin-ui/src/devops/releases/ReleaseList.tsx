import { Box } from '@mui/material';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import type { GridColumn } from '../../grid/types';
import { DEVOPS_TRAINING, FSS_CONNECT_ADMIN_ID, PageTitle, RouteLink, useHasPermission } from '../../ui';
import { HELP_IDS } from '../help/developerHelp';
import type { ReleaseRecord } from './releases';

export const RELEASE_COLUMNS: GridColumn<ReleaseRecord>[] = [
  {
    field: 'release_number',
    header: 'Release Number',
    configurable: false,
    helpId: HELP_IDS.releaseNumber,
    render: (row) => (
      <RouteLink to={`/devops/aspReleaseDetail/${row.release_id}`} data-testid={`release-link-${row.release_id}`}>
        {row.release_number}
      </RouteLink>
    ),
  },
  { field: 'release_title', header: 'Title', truncate: true },
  { field: 'release_date', header: 'Date', kind: 'date' },
  { field: 'released_by_user', header: 'Released By' },
  { field: 'major_release', header: 'Major Release', kind: 'boolean' },
];

export function ReleaseList() {
  // The spec checks this one by the permission's id.
  const canAdd = useHasPermission(FSS_CONNECT_ADMIN_ID);
  return (
    <Box sx={{ p: 2 }} data-testid="releases-page">
      <PageTitle title="ASP Releases" category={DEVOPS_TRAINING}>
        {canAdd && (
          <RouteLink to="/devops/aspReleaseAdd" data-testid="release-add-link">
            Add a Release
          </RouteLink>
        )}
      </PageTitle>
      <GridList
        resource="releases"
        settingsKey="aspReleases"
        columns={RELEASE_COLUMNS}
        defaultSort={{ field: 'release_number', direction: 'desc' }}
      >
        <DataGrid id="releases" exportable />
      </GridList>
    </Box>
  );
}
