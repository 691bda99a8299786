import { useMemo, useState } from 'react';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { useParams } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import type { GridColumn } from '../../grid/types';
import type { WithId } from '../../dataProvider/search';
import { DEVOPS_TRAINING, PageTitle, RouteLink } from '../../ui';
import { DiffDialog, type DiffView } from '../dbtools/DiffDialog';
import { fetchDiff } from '../dbtools/DbToolsView';
import { COMPARE_ONLY_TWO, FAILED_TO_LOAD, compareSelection, environmentOfDatabase, objectLabel, viewRoute, type DbObjectRow } from '../dbtools/dbtools';

export type DbHistoryRecord = WithId<DbObjectRow>;

export const HISTORY_COLUMNS: GridColumn<DbHistoryRecord>[] = [
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

/** Compare: enabled with exactly two rows chosen; the older (lower audit id) goes left. */
function CompareToolbar({ environmentName, onDiff }: { environmentName: string | null; onDiff: (diff: DiffView) => void }) {
  const { data = [], selectedIds } = useListContext<DbHistoryRecord>();
  const [busy, setBusy] = useState(false);
  const selection = data.filter((row) => selectedIds.includes(row.id));
  const exactlyTwo = selection.length === 2;

  const historySource = async (row: DbHistoryRecord) => {
    const answer = await callApi('post', '/V1/DevOps/DBTools/GetHistorySource', {
      body: {
        schema_name: row.schema_name,
        object_name: row.object_name,
        database_name: row.database_name,
        environment_name: environmentName ?? undefined,
        objectAuditLog_ID: row.objectAuditLog_ID,
      },
      quiet: true,
    });
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
      let left: string;
      let right: string;
      try {
        [left, right] = await Promise.all([historySource(rule.left), historySource(rule.right)]);
      } catch {
        notify(FAILED_TO_LOAD, 'error');
        return;
      }
      const answer = await fetchDiff(left, right);
      onDiff({
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

  return (
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
  );
}

/** /devops/dbtoolsHistory/:schema_name/:object_name/:database_name — the dbtoolsHistory resource for one object. */
export function DbToolsHistory() {
  const { schema_name = '', object_name = '', database_name = '' } = useParams();
  const environment_name = environmentOfDatabase(database_name);
  const [diff, setDiff] = useState<DiffView | null>(null);
  const filter = useMemo(
    () => ({ object_name, schema_name, database_name, environment_name }),
    [object_name, schema_name, database_name, environment_name],
  );

  return (
    <Box sx={{ p: 2 }} data-testid="dbtools-history">
      <PageTitle title="Database Tools History" category={DEVOPS_TRAINING} backTo="/devops/dbtools" backLabel="Return to Database Tools" backTestId="dbtools-return" />
      <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="dbtools-history-object">
        {schema_name}.{object_name} ({database_name})
      </Typography>
      <GridList
        resource="dbtoolsHistory"
        settingsKey="dbtoolsHistory"
        columns={HISTORY_COLUMNS}
        defaultSort={{ field: 'last_modified_date', direction: 'desc' }}
        filter={filter}
      >
        <DataGrid id="dbtoolsHistory" selectable toolbar={<CompareToolbar environmentName={environment_name} onDiff={setDiff} />} />
      </GridList>
      <DiffDialog diff={diff} onClose={() => setDiff(null)} />
    </Box>
  );
}
