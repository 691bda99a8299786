import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { callApi, type Schema } from '../../../shared/api';
import { notify } from '../../../shared/events';
import { GuardedButton } from '../../../grid/GuardedButton';
import { ActionButton, useHasPermission } from '../../../ui';
import { ITEM_EDIT } from '../../common';
import { InfoRow, LoadState, Section, fieldErrorsOf, useApi } from '../../../ui';
import { CribDevices } from './CribDevices';

type Cip = Schema<'Cip'>;
type Alternate = Schema<'AlternateLocation'>;

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

/** Alternate locations: other places in the crib where the CIP is stocked; each must fit the site's segments. */
function AlternateLocations({ cip, onChanged }: { cip: Cip; onChanged: () => void }) {
  const canEdit = useHasPermission(ITEM_EDIT);
  const list = useApi('get', '/V1/Item/CIP/AlternateLocation/{cip_no}', { path: { cip_no: cip.cip_no }, quiet: true });
  const [editing, setEditing] = useState<Alternate | 'new' | null>(null);
  const [location, setLocation] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const start = (row: Alternate | 'new') => {
    setEditing(row);
    setLocation(row === 'new' ? '' : row.location);
    setNotes(row === 'new' ? '' : (row.notes ?? ''));
    setError({});
    setFormError(null);
  };
  const save = async () => {
    try {
      const body = { location: location.trim().toUpperCase(), notes: notes.trim() || null };
      if (editing === 'new') await callApi('post', '/V1/Item/CIP/AlternateLocation/Insert', { body: { ...body, cip_no: cip.cip_no }, local400: true });
      else if (editing) await callApi('put', '/V1/Item/CIP/AlternateLocation/Update', { body: { ...body, alternate_location_id: editing.alternate_location_id }, local400: true });
      notify('Alternate location saved.', 'success');
      setEditing(null);
      list.reload();
      onChanged();
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setError(fields);
      setFormError(form);
    }
  };
  return (
    <Section
      title="Alternate locations"
      testId="item-alternate-locations"
      actions={
        canEdit && !editing ? (
          <Button size="small" startIcon={<AddIcon />} onClick={() => start('new')} data-testid="item-alt-add">
            Add
          </Button>
        ) : null
      }
    >
      {editing && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <TextField
              size="small"
              label="Location"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              error={Boolean(error.location)}
              helperText={error.location}
              slotProps={{ htmlInput: testInput('item-alt-location') }}
            />
            <TextField size="small" label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} error={Boolean(error.notes)} helperText={error.notes} />
            <GuardedButton variant="contained" onClick={save} data-testid="item-alt-save">
              Save
            </GuardedButton>
            <Button onClick={() => setEditing(null)}>Cancel</Button>
          </Stack>
        </Stack>
      )}
      <LoadState loading={list.loading} error={list.error} what="alternate locations">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Location</TableCell>
              <TableCell>Segments</TableCell>
              <TableCell>Notes</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data ?? []).map((row) => (
              <TableRow key={row.alternate_location_id} data-testid="item-alt-row">
                <TableCell>{row.location}</TableCell>
                <TableCell>{[row.loc_seg1, row.loc_seg2, row.loc_seg3, row.loc_seg4, row.loc_seg5].filter(Boolean).join(' / ')}</TableCell>
                <TableCell>{row.notes}</TableCell>
                <TableCell align="right">
                  {canEdit && (
                    <>
                      <Tooltip title="Change">
                        <IconButton size="small" onClick={() => start(row)} aria-label="Change">
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <ActionButton
                        permission={ITEM_EDIT}
                        size="small"
                        color="error"
                        startIcon={<DeleteIcon fontSize="small" />}
                        perform={() => callApi('delete', '/V1/Item/CIP/AlternateLocation/{id}', { path: { id: row.alternate_location_id }, quiet: true })}
                        confirm={{ title: 'Remove the alternate location?', message: `Remove alternate location ${row.location} of this CIP.`, confirmLabel: 'Remove', danger: true }}
                        successMessage={`Alternate location ${row.location} removed.`}
                        onDone={() => {
                          list.reload();
                          onChanged();
                        }}
                        testId="item-alt-remove"
                      >
                        Remove
                      </ActionButton>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {list.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>None.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </LoadState>
    </Section>
  );
}

interface VirtualRow {
  location: string;
  description: string;
}

/** Virtual locations: places outside the crib still counted as its stock; saved as one list. */
function VirtualLocations({ cip, onChanged }: { cip: Cip; onChanged: () => void }) {
  const canEdit = useHasPermission(ITEM_EDIT);
  const list = useApi('get', '/V1/Item/CIP/VirtualLocation/{cip_no}', { path: { cip_no: cip.cip_no }, quiet: true });
  const [rows, setRows] = useState<VirtualRow[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const start = () => {
    setRows((list.data ?? []).map((v) => ({ location: v.location, description: v.description ?? '' })));
    setErrors({});
    setFormError(null);
  };
  const save = async () => {
    if (!rows) return;
    try {
      await callApi('post', '/V1/Item/CIP/VirtualLocation/Save', {
        body: {
          cip_no: cip.cip_no,
          virtual_locations: rows.filter((r) => r.location.trim()).map((r) => ({ location: r.location.trim().toUpperCase(), description: r.description.trim() || null })),
        },
        local400: true,
      });
      notify('Virtual locations saved.', 'success');
      setRows(null);
      list.reload();
      onChanged();
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setErrors(fields);
      // Errors of a list entry name it (virtual_locations[0].location); they are listed with the form's.
      setFormError([...(form ? [form] : []), ...Object.entries(fields).map(([f, m]) => `${f}: ${m}`)].join('\n') || null);
    }
  };
  return (
    <Section
      title="Virtual locations"
      testId="item-virtual-locations"
      actions={
        canEdit && !rows ? (
          <Button size="small" startIcon={<EditIcon />} onClick={start} disabled={list.loading} data-testid="item-virtual-edit">
            Edit
          </Button>
        ) : null
      }
    >
      {rows ? (
        <Stack spacing={1}>
          {formError && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {formError}
            </Alert>
          )}
          {rows.map((row, i) => (
            <Stack key={i} direction="row" spacing={1}>
              <TextField
                size="small"
                label="Location"
                value={row.location}
                error={Boolean(errors[`virtual_locations[${i}].location`])}
                onChange={(e) => setRows((r) => r!.map((x, j) => (j === i ? { ...x, location: e.target.value } : x)))}
              />
              <TextField size="small" label="Description" value={row.description} onChange={(e) => setRows((r) => r!.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))} />
              <IconButton onClick={() => setRows((r) => r!.filter((_, j) => j !== i))} aria-label="Remove">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Stack direction="row" spacing={1}>
            <Button startIcon={<AddIcon />} onClick={() => setRows((r) => [...(r ?? []), { location: '', description: '' }])} disabled={rows.length >= 50}>
              Add a location
            </Button>
            <GuardedButton variant="contained" onClick={save} data-testid="item-virtual-save">
              Save
            </GuardedButton>
            <Button onClick={() => setRows(null)}>Cancel</Button>
          </Stack>
        </Stack>
      ) : (
        <LoadState loading={list.loading} error={list.error} what="virtual locations">
          {(list.data ?? []).map((v) => (
            <InfoRow key={v.virtual_location_id} label={v.location} value={v.description} testId="item-virtual-row" />
          ))}
          {list.data?.length === 0 && 'None.'}
        </LoadState>
      )}
    </Section>
  );
}

/** Locations: the CIP's own location, its alternate and virtual locations, and the crib devices holding it. */
export function LocationsTab({ cip, onChanged }: { cip: Cip; onChanged: () => void }) {
  return (
    <>
      <Section title="Location" testId="item-location-main">
        <InfoRow label="Location" value={cip.location} />
        <InfoRow label="Segments" value={[cip.loc_seg1, cip.loc_seg2, cip.loc_seg3, cip.loc_seg4, cip.loc_seg5].filter(Boolean).join(' / ')} />
      </Section>
      <AlternateLocations cip={cip} onChanged={onChanged} />
      <VirtualLocations cip={cip} onChanged={onChanged} />
      <CribDevices cipNo={cip.cip_no} />
    </>
  );
}
