import { useState } from 'react';
import { Stack, TableCell, TableRow, TextField } from '@mui/material';
import { callApi } from '../../../shared/api';
import { GuardedButton } from '../../../grid/GuardedButton';
import { fieldErrorsOf, LoadState, RouteLink, Rows, Section, useLoad } from '../../../ui';
import type { EmployeeGroup } from '../employeeGroups';
import { RemoveButton, run } from './parts';

export function AssetsTab({ group, canEdit }: { group: EmployeeGroup; canEdit: boolean }) {
  const id = group.employeeGroupID;
  const rows = useLoad((signal) => callApi('post', '/V1/Employee/Group/Assets/Search', { body: { employee_group_id: id, pageSize: 100 }, signal, quiet: true }), [id]);
  const [cipNo, setCipNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () =>
    run(
      () => callApi('post', '/V1/Employee/Group/Assets', { body: { employee_group_id: id, cip_no: Number(cipNo) }, local400: true }),
      `CIP ${cipNo} added.`,
      () => {
        setCipNo('');
        setError(null);
        rows.reload();
      },
      (e) => setError(Object.values(fieldErrorsOf(e).fields)[0] ?? fieldErrorsOf(e).form),
    );
  return (
    <Section title="Assets" testId="group-panel-assets">
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
          <TextField size="small" label="CIP Id" value={cipNo} onChange={(e) => setCipNo(e.target.value.replace(/\D/g, ''))} error={Boolean(error)} helperText={error} />
          <GuardedButton variant="contained" onClick={add} disabled={!cipNo}>
            Add
          </GuardedButton>
        </Stack>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="assets">
        <Rows columns={['CIP', 'Description', 'Notes', '']} empty="No assets." count={rows.data?.resultList.length ?? 0}>
          {(rows.data?.resultList ?? []).map((a) => (
            <TableRow key={a.cip_no} data-testid="group-asset-row">
              <TableCell>
                <RouteLink to={`/item/cip/${a.cip_no}`}>{a.cip_code}</RouteLink>
              </TableCell>
              <TableCell>{a.description}</TableCell>
              <TableCell>{a.notes}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <RemoveButton
                    onClick={() =>
                      void run(
                        () => callApi('delete', '/V1/Employee/Group/Assets/{site_id}/{employee_group_id}/{cip_no}', { path: { site_id: group.site_id, employee_group_id: id, cip_no: a.cip_no } }),
                        `CIP ${a.cip_code} removed.`,
                        rows.reload,
                      )
                    }
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}
