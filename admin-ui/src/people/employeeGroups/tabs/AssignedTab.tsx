import { useState } from 'react';
import { Checkbox, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { callApi } from '../../../shared/api';
import { GuardedButton } from '../../../grid/GuardedButton';
import { yesNo } from '../../../items/common';
import { fieldErrorsOf, LoadState, Rows, Section, useLoad } from '../../../ui';
import { RemoveButton, run } from './parts';

export function AssignedTab({ id, canEdit, onChange }: { id: number; canEdit: boolean; onChange: () => void }) {
  const [showAll, setShowAll] = useState(false);
  const rows = useLoad(
    (signal) => callApi('post', '/V1/Employee/Group/Assigned/Search', { body: { employee_group_id: id, inGroup: showAll ? null : true, pageSize: 100 }, signal, quiet: true }),
    [id, showAll],
  );
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const changed = () => {
    rows.reload();
    onChange();
  };
  const assign = () =>
    run(
      () => callApi('post', '/V1/Employee/Group/Assigned/Insert', { body: { employee_group_id: id, employeeNumbers: [number.trim()] }, local400: true }),
      `Employee ${number.trim()} assigned.`,
      () => {
        setNumber('');
        setError(null);
        changed();
      },
      (e) => setError(Object.values(fieldErrorsOf(e).fields)[0] ?? fieldErrorsOf(e).form),
    );
  return (
    <Section title="Assigned Employees" testId="group-panel-assigned">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} alignItems="flex-start">
        {canEdit && (
          <>
            <TextField size="small" label="Employee number" value={number} onChange={(e) => setNumber(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ htmlInput: { 'data-testid': 'group-assign-number' } }} />
            <GuardedButton variant="contained" onClick={assign} disabled={!number.trim()} data-testid="group-assign">
              Assign
            </GuardedButton>
          </>
        )}
        <Stack direction="row" alignItems="center">
          <Checkbox checked={showAll} onChange={(e) => setShowAll(e.target.checked)} inputProps={{ 'aria-label': 'Show every employee of the site' }} />
          Show every employee of the site
        </Stack>
      </Stack>
      <LoadState loading={rows.loading} error={rows.error} what="employees">
        <Rows columns={['Number', 'Name', 'Badge', 'Active', 'In group', '']} empty="No employees." count={rows.data?.resultList.length ?? 0}>
          {(rows.data?.resultList ?? []).map((e) => (
            <TableRow key={e.employeeID} data-testid="group-assigned-row" data-employee-number={e.employeeNumber}>
              <TableCell>{e.employeeNumber}</TableCell>
              <TableCell>{`${e.lastName}, ${e.firstName}`}</TableCell>
              <TableCell>{e.badgeNumber}</TableCell>
              <TableCell>{yesNo(e.isActive)}</TableCell>
              <TableCell>{yesNo(e.inGroup)}</TableCell>
              <TableCell align="right">
                {canEdit && e.inGroup && (
                  <RemoveButton
                    testId={`group-unassign-${e.employeeNumber}`}
                    onClick={() =>
                      void run(
                        () => callApi('delete', '/V1/Employee/Group/Assigned/Delete/{employee_group_id}/{employee_number}', { path: { employee_group_id: id, employee_number: e.employeeNumber } }),
                        `Employee ${e.employeeNumber} removed from the group.`,
                        changed,
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
