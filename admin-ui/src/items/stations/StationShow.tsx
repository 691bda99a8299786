import { useState } from 'react';
import { Alert, Box, Button, Grid, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useParams } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { formatQuantity } from '../../shared/numbers';
import { formatDateTime } from '../../ui';
import { GuardedButton } from '../../grid/GuardedButton';
import { PageTitle, RouteLink, useHasPermission } from '../../ui';
import { cipCodeKind, RefName } from '../itemPage/refs';
import { CRIB_DEVICE_ADMIN, cipRoute, yesNo } from '../common';
import { InfoRow, LoadState, Section, fieldErrorsOf, notifyRefusal, useApi } from '../../ui';
import { StationDialog } from './StationDialog';
import { useStationTypes } from './StationList';
import { STATION_LIST_ROUTE, type StationBin } from './stations';

interface BinForm {
  station_bin_id: number | null;
  bin_code: string;
  capacity: string;
}

/** A station (`/item/stations/:id`) with its bins and the CIPs they hold; bins are kept by CribDeviceAdmin holders. */
export function StationShow() {
  const { id } = useParams();
  const stationId = Number(id);
  const canEdit = useHasPermission(CRIB_DEVICE_ADMIN);
  const types = useStationTypes();
  const detail = useApi('get', '/V1/Crib/Station/{id}', { path: { id: stationId }, quiet: true }, { enabled: Number.isSafeInteger(stationId) });
  const [editing, setEditing] = useState(false);
  const [bin, setBin] = useState<BinForm | null>(null);
  const [binErrors, setBinErrors] = useState<Record<string, string>>({});
  const [binError, setBinError] = useState<string | null>(null);
  const station = detail.data?.station;
  const isKanban = station?.station_type === 100;

  const saveBin = async () => {
    if (!bin) return;
    const capacity = bin.capacity.trim() === '' ? null : Number(bin.capacity);
    if (capacity !== null && !Number.isFinite(capacity)) return setBinErrors({ capacity: 'Please enter a valid value for Capacity' });
    const body = { station_bin_id: bin.station_bin_id, station_id: stationId, bin_code: bin.bin_code.trim().toUpperCase(), capacity };
    try {
      if (bin.station_bin_id) await callApi('put', '/V1/Crib/StationBin', { body: { ...body, station_bin_id: bin.station_bin_id }, local400: true });
      else await callApi('post', '/V1/Crib/StationBin', { body, local400: true });
      notify(`Bin ${body.bin_code} saved.`, 'success');
      setBin(null);
      detail.reload();
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setBinErrors(fields);
      setBinError(form);
    }
  };
  const removeBin = async (b: StationBin) => {
    try {
      await callApi('delete', '/V1/Crib/StationBin/{id}', { path: { id: b.station_bin_id } });
      notify(`Bin ${b.bin_code} removed.`, 'success');
      detail.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  const startBin = (b: StationBin | null) => {
    setBin(b ? { station_bin_id: b.station_bin_id, bin_code: b.bin_code, capacity: b.capacity === null || b.capacity === undefined ? '' : String(b.capacity) } : { station_bin_id: null, bin_code: '', capacity: '' });
    setBinErrors({});
    setBinError(null);
  };

  return (
    <Box sx={{ p: 2 }} data-testid="station-detail">
      <PageTitle title={station ? `Station ${station.station_code}` : 'Station'} backTo={STATION_LIST_ROUTE}>
        {canEdit && station && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="station-edit">
            Edit
          </Button>
        )}
      </PageTitle>
      <LoadState loading={detail.loading} error={detail.error || (!Number.isSafeInteger(stationId) ? new Error('invalid') : null)} what="station">
        {station && detail.data && (
          <>
            <Section title="Station">
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <InfoRow label="Code" value={station.station_code} testId="station-detail-code" />
                  <InfoRow label="Description" value={station.description} />
                  <InfoRow label="Type" value={station.station_type_name} />
                  <InfoRow label="Active" value={yesNo(station.is_active)} />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <InfoRow label="Location" value={station.location} />
                  <InfoRow label="Serial Number" value={station.serial_no} />
                  <InfoRow label="Bins" value={`${station.used_bin_count} of ${station.bin_count} in use`} />
                  <InfoRow label="Updated" value={formatDateTime(station.updated_at)} />
                </Grid>
              </Grid>
            </Section>
            {!isKanban && (
              <Section
                title="Bins"
                testId="station-bins"
                actions={
                  canEdit && !bin ? (
                    <Button size="small" startIcon={<AddIcon />} onClick={() => startBin(null)} data-testid="station-bin-add">
                      Add Bin
                    </Button>
                  ) : null
                }
              >
                {bin && (
                  <Stack spacing={1} sx={{ mb: 2 }}>
                    {binError && <Alert severity="error">{binError}</Alert>}
                    <Stack direction="row" spacing={1} alignItems="flex-start">
                      <TextField size="small" label="Bin Code" value={bin.bin_code} onChange={(e) => setBin({ ...bin, bin_code: e.target.value })} error={Boolean(binErrors.bin_code)} helperText={binErrors.bin_code} />
                      <TextField size="small" label="Capacity" value={bin.capacity} onChange={(e) => setBin({ ...bin, capacity: e.target.value })} error={Boolean(binErrors.capacity)} helperText={binErrors.capacity} />
                      <GuardedButton variant="contained" onClick={saveBin} data-testid="station-bin-save">
                        Save
                      </GuardedButton>
                      <Button onClick={() => setBin(null)}>Cancel</Button>
                    </Stack>
                  </Stack>
                )}
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Bin</TableCell>
                      <TableCell align="right">Capacity</TableCell>
                      <TableCell>CIP</TableCell>
                      <TableCell>Customer Part</TableCell>
                      <TableCell>Description</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {detail.data.bins.map((b) => (
                      <TableRow key={b.station_bin_id} data-testid="station-bin-row">
                        <TableCell>{b.bin_code}</TableCell>
                        <TableCell align="right">{formatQuantity(b.capacity)}</TableCell>
                        <TableCell>{b.cip_no ? <RouteLink to={cipRoute(b.cip_no)}>{b.cip_code}</RouteLink> : 'Free'}</TableCell>
                        <TableCell>{b.cust_item_code}</TableCell>
                        <TableCell>{b.cust_desc1}</TableCell>
                        <TableCell align="right">
                          {canEdit && (
                            <>
                              <Tooltip title="Change">
                                <IconButton size="small" onClick={() => startBin(b)} aria-label="Change">
                                  <EditIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                              <Tooltip title="Remove">
                                <IconButton size="small" onClick={() => void removeBin(b)} aria-label="Remove">
                                  <DeleteIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            </>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                    {detail.data.bins.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={6}>No bins.</TableCell>
                      </TableRow>
                    )}
                  </TableBody>
                </Table>
              </Section>
            )}
            {isKanban && (
              <Section title="Kanban bins" testId="station-kanban-bins">
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Card</TableCell>
                      <TableCell>CIP</TableCell>
                      <TableCell align="right">Qty</TableCell>
                      <TableCell>Location</TableCell>
                      <TableCell>Last scan</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {detail.data.kanban_bins.map((k) => (
                      <TableRow key={k.kanban_bin_id} data-testid="station-kanban-row">
                        <TableCell>{k.tool_code}</TableCell>
                        <TableCell>
                          <RouteLink to={cipRoute(k.cip_no)}>
                            <RefName kind={cipCodeKind} value={k.cip_no} />
                          </RouteLink>
                        </TableCell>
                        <TableCell align="right">{formatQuantity(k.bin_qty)}</TableCell>
                        <TableCell>{k.location}</TableCell>
                        <TableCell>{formatDateTime(k.last_scan_at)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Section>
            )}
            {editing && (
              <StationDialog
                station={station}
                types={types}
                onClose={() => setEditing(false)}
                onSaved={() => {
                  setEditing(false);
                  detail.reload();
                }}
              />
            )}
          </>
        )}
      </LoadState>
    </Box>
  );
}
