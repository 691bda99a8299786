import { TableCell, TableRow } from '@mui/material';
import { callApi } from '../../../shared/api';
import { formatDateTime } from '../../../grid/format';
import { LoadState, Section, useLoad } from '../../../ui';
import { Rows } from './parts';

const HISTORY_PATHS = {
  group: '/V1/Employee/Group/Audit/Detail/{employee_group_id}',
  limits: '/V1/Employee/Group/ItemGroup/Limits/Audit/Detail/{employee_group_id}',
  delivery: '/V1/Employee/Group/DeliveryLocation/Audit/Detail/{employee_group_id}',
  assigned: '/V1/Employee/Group/Assigned/Audit/Detail/{employee_group_id}',
  tracking: '/V1/Employee/Group/TrackingRestriction/Audit/Detail/{employee_group_id}',
  assets: '/V1/Employee/Group/Assets/Audit/Detail/{employee_group_id}',
} as const;

export function HistoryTab({ id, round }: { id: number; round: number }) {
  const rows = useLoad(
    async (signal) => {
      const parts = await Promise.all(
        Object.entries(HISTORY_PATHS).map(async ([what, path]) => (await callApi('get', path, { path: { employee_group_id: id }, signal, quiet: true })).map((r) => ({ ...r, what }))),
      );
      return parts.flat().sort((a, b) => b.audit_event_id - a.audit_event_id);
    },
    [id, round],
  );
  return (
    <Section title="History" testId="group-panel-history">
      <LoadState loading={rows.loading} error={rows.error} what="history">
        <Rows columns={['When', 'What', 'Action', 'By', 'Changes']} empty="No changes recorded." count={rows.data?.length ?? 0}>
          {(rows.data ?? []).map((r) => (
            <TableRow key={r.audit_event_id} data-testid="group-history-row">
              <TableCell>{formatDateTime(r.occurred_at)}</TableCell>
              <TableCell>{r.what}</TableCell>
              <TableCell>{r.action}</TableCell>
              <TableCell>{r.acting_as ? `${r.changed_by} as ${r.acting_as}` : r.changed_by}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 480, overflowWrap: 'anywhere' }}>{JSON.stringify(r.changes)}</TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}
