import { Box } from '@mui/material';
import { api } from '../../shared/api';
import { DataGrid } from '../../grid/DataGrid';
import { FSS_CONNECT_ADMIN_ID, PageBanner, RouteLink, useHasPermission, DEVOPS_TRAINING } from '../common';
import { HELP_IDS } from '../help/developerHelp';
import { RELEASES_PATH } from './releases';

export const RELEASE_COLUMNS = [
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

const load = (request) => api.post(`${RELEASES_PATH}/Search`, request);

export function ReleaseList() {
  const canAdd = useHasPermission(FSS_CONNECT_ADMIN_ID);
  return (
    <Box sx={{ p: 2 }} data-testid="releases-page">
      <PageBanner title="ASP Releases" category={DEVOPS_TRAINING}>
        {canAdd && (
          <RouteLink to="/devops/aspReleaseAdd" data-testid="release-add-link">
            Add a Release
          </RouteLink>
        )}
      </PageBanner>
      <DataGrid
        id="releases"
        settingsKey="aspReleases"
        columns={RELEASE_COLUMNS}
        defaultSort={{ field: 'release_number', direction: 'desc' }}
        load={load}
        exportPath={`${RELEASES_PATH}/Search/Export`}
        rowKey="release_id"
      />
    </Box>
  );
}
