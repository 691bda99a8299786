import { Alert, Checkbox, TableCell, TableRow } from '@mui/material';
import { callApi } from '../../../shared/api';
import { yesNo } from '../../../items/common';
import { LoadState, Rows, Section, useLoad } from '../../../ui';
import { run } from './parts';

export function TrackingTab({ id, canEdit }: { id: number; canEdit: boolean }) {
  const rows = useLoad((signal) => callApi('post', '/V1/Employee/Group/TrackingRestriction/Search', { body: { employee_group_id: id, pageSize: 500 }, signal, quiet: true }), [id]);
  const toggle = (levelId: number, codeId: number, allowed: boolean) => {
    const current = (rows.data?.resultList ?? []).filter((c) => c.tracking_level_id === levelId && c.allowed).map((c) => c.tracking_code_id);
    const next = allowed ? current.filter((c) => c !== codeId) : [...current, codeId];
    void run(
      () => callApi('post', '/V1/Employee/Group/TrackingRestriction/Update', { body: { employee_group_id: id, tracking_level_id: levelId, tracking_code_ids: next } }),
      'Tracking restrictions saved.',
      rows.reload,
    );
  };
  return (
    <Section title="Tracking Restrictions" testId="group-panel-tracking">
      <Alert severity="info" sx={{ mb: 2 }}>
        At a tracking level where the group lists codes, its employees may charge only those codes. A level without any listed code is not restricted.
      </Alert>
      <LoadState loading={rows.loading} error={rows.error} what="tracking codes">
        <Rows columns={['Level', 'Tracking code', 'Description', 'Active', 'Allowed']} empty="No tracking codes at this site." count={rows.data?.resultList.length ?? 0}>
          {(rows.data?.resultList ?? []).map((c) => (
            <TableRow key={c.tracking_code_id} data-testid="group-tracking-row">
              <TableCell>{c.tracking_level_id}</TableCell>
              <TableCell>{c.tracking_number}</TableCell>
              <TableCell>{c.description}</TableCell>
              <TableCell>{yesNo(c.is_active)}</TableCell>
              <TableCell>
                <Checkbox checked={c.allowed} disabled={!canEdit} onChange={() => toggle(c.tracking_level_id, c.tracking_code_id, c.allowed)} inputProps={{ 'aria-label': `Allow ${c.tracking_number}` }} />
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}
