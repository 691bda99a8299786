import { useCallback, useState } from 'react';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { api } from '../../shared/api';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { GuardedButton } from '../../grid/GuardedButton';
import { PageBanner, RouteLink, DEVOPS_TRAINING } from '../common';
import { DiffDialog } from './DiffDialog';
import { fetchDiff } from './DbToolsView';
import {
  COMPARE_ONLY_TWO,
  DBTOOLS_PATH,
  FAILED_TO_LOAD,
  compareSelection,
  environmentOfDatabase,
  objectLabel,
  viewRoute,
} from './dbtools';

export const HISTORY_COLUMNS = [
  {
    field: 'object_name',
    header: 'Object',
    render: (row) => (
      <RouteLink to={viewRoute(row, 2, row.objectAuditLog_ID)} data-testid={`dbtools-history-object-${row.objectAuditLog_ID}`}>
        {objectLabel(row)}
      </RouteLink>
    ),
  },
  { field: 'friendly_name', header: 'User' },
  { field: 'last_modified_date', header: 'Last Modified Date', kind: 'datetime' },
];

export function DbToolsHistory() {
  const { schema_name, object_name, database_name } = useParams();
  const environment_name = environmentOfDatabase(database_name);
  const [selection, setSelection] = useState([]);
  const [diff, setDiff] = useState(null);
  const [busy, setBusy] = useState(false);
  const [query] = useState(() => ({ object_name, schema_name, database_name, environment_name }));
  const load = useCallback((request) => api.post(`${DBTOOLS_PATH}/GetObjectHistory`, request), []);

  const historySource = async (row) => {
    const answer = await api.post(
      `${DBTOOLS_PATH}/GetHistorySource`,
      { schema_name: row.schema_name, object_name: row.object_name, database_name: row.database_name, environment_name, objectAuditLog_ID: row.objectAuditLog_ID },
      { quiet: true },
    );
    return answer?.object_source ?? '';
  };

  const compare = async () => {
    const rule = compareSelection(selection);
    if (!rule.ok) {
      notify(rule.message, 'error');
      return;
    }
    setBusy(true);
    try {
      let left;
      let right;
      try {
        [left, right] = await Promise.all([historySource(rule.left), historySource(rule.right)]);
      } catch {
        notify(FAILED_TO_LOAD, 'error');
        return;
      }
      const answer = await fetchDiff(left, right);
      setDiff({
        ...answer,
        leftLabel: `audit ${rule.left.objectAuditLog_ID} (${rule.left.last_modified_date ?? ''})`,
        rightLabel: `audit ${rule.right.objectAuditLog_ID} (${rule.right.last_modified_date ?? ''})`,
      });
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
  };

  const exactlyTwo = selection.length === 2;

  return (
    <Box sx={{ p: 2 }} data-testid="dbtools-history">
      <PageBanner title="Database Tools History" category={DEVOPS_TRAINING} />
      <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="dbtools-history-object">
        {schema_name}.{object_name} ({database_name})
      </Typography>
      <DataGrid
        id="dbtoolsHistory"
        settingsKey="dbtoolsHistory"
        columns={HISTORY_COLUMNS}
        defaultSort={{ field: 'last_modified_date', direction: 'desc' }}
        load={load}
        query={query}
        selectable
        rowKey="objectAuditLog_ID"
        onSelectionChange={setSelection}
        toolbar={
          <Stack direction="row" spacing={1} alignItems="center">
            <GuardedButton variant="contained" disabled={!exactlyTwo || busy} onClick={compare} data-testid="dbtools-compare">
              Compare
            </GuardedButton>
            {busy && <CircularProgress size={24} />}
            {selection.length > 0 && !exactlyTwo && (
              <Typography variant="body2" color="error" data-testid="dbtools-compare-hint">
                {COMPARE_ONLY_TWO}
              </Typography>
            )}
          </Stack>
        }
      />
      <RouteLink to="/devops/dbtools" data-testid="dbtools-return">
        Return to Database Tools
      </RouteLink>
      <DiffDialog diff={diff} onClose={() => setDiff(null)} />
    </Box>
  );
}
