import { useState } from 'react';
import { Stack, TableCell, TableRow, TextField } from '@mui/material';
import { callApi } from '../../../shared/api';
import { GuardedButton } from '../../../grid/GuardedButton';
import { yesNo } from '../../../items/common';
import { fieldErrorsOf, LoadState, Rows, Section, useLoad } from '../../../ui';
import { RemoveButton, run } from './parts';

export function DeliveryTab({ id, canEdit }: { id: number; canEdit: boolean }) {
  const rows = useLoad((signal) => callApi('post', '/V1/Employee/Group/DeliveryLocation', { body: { employee_group_id: id }, signal, quiet: true }), [id]);
  const [location, setLocation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () =>
    run(
      () => callApi('post', '/V1/Employee/Group/DeliveryLocation/Insert', { body: { employee_group_id: id, location, is_default: (rows.data ?? []).length === 0 }, local400: true }),
      `Delivery location ${location.toUpperCase()} added.`,
      () => {
        setLocation('');
        setError(null);
        rows.reload();
      },
      (e) => setError(Object.values(fieldErrorsOf(e).fields)[0] ?? fieldErrorsOf(e).form),
    );
  return (
    <Section title="Delivery Locations" testId="group-panel-delivery">
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
          <TextField size="small" label="Location" value={location} onChange={(e) => setLocation(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ htmlInput: { 'data-testid': 'group-delivery-location' } }} />
          <GuardedButton variant="contained" onClick={add} data-testid="group-delivery-add">
            Add
          </GuardedButton>
        </Stack>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="delivery locations">
        <Rows columns={['Location', 'Description', 'Default', '']} empty="No delivery locations." count={rows.data?.length ?? 0}>
          {(rows.data ?? []).map((d) => (
            <TableRow key={d.delivery_location_id} data-testid="group-delivery-row">
              <TableCell>{d.location}</TableCell>
              <TableCell>{d.description}</TableCell>
              <TableCell>{yesNo(d.is_default)}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <RemoveButton
                    onClick={() =>
                      void run(
                        () => callApi('delete', '/V1/Employee/Group/DeliveryLocation/Delete/{employee_group_id}/{delivery_location_id}', { path: { employee_group_id: id, delivery_location_id: d.delivery_location_id } }),
                        `Delivery location ${d.location} removed.`,
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
