// Device tokens of the current site (docs/devices.md): issue one for a crib station or a named device (the secret is
// shown once, in a dialog with a copy button), list them without the secret with their last use, revoke. Stations
// are named and picked by their description and code, never by their id.
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { callApi, type Schema } from '../shared/api';
import { notify } from '../shared/events';
import { ConfirmDialog, PageTitle, StationPicker, formatDateTime, nameWithCode, useApi } from '../ui';
import { LoadState, Section, fieldErrorsOf, notifyRefusal, useLoad } from '../ui';

type DeviceToken = Schema<'DeviceToken'>;
type StationRow = Pick<Schema<'Station'>, 'station_id' | 'station_code' | 'description'>;

const when = (value: string | null | undefined) => formatDateTime(value);

/** A token's station as people know it ('Front crib (ST-01)'); a station this site no longer lists: said so. */
export function stationName(stations: readonly StationRow[] | undefined, id: number | null | undefined): string {
  if (id === null || id === undefined) return '';
  const found = stations?.find((s) => s.station_id === id);
  if (found) return nameWithCode(found.description, found.station_code);
  return stations ? 'a station no longer at this site' : '';
}

export function DeviceTokensPage() {
  const tokens = useLoad((signal) => callApi('get', '/V1/Device/Token', { signal }), []);
  const [issuing, setIssuing] = useState(false);
  // Every station of the site, active or not (a token may name one since closed): 500 is the largest page.
  const stations = useApi('post', '/V1/Crib/Station/Search', { body: { pageSize: 500, sortField: 'station_code' }, quiet: true });
  const [stationId, setStationId] = useState<number | null>(null);
  const [deviceName, setDeviceName] = useState('');
  const [validDays, setValidDays] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<DeviceToken | null>(null);

  const issue = async () => {
    try {
      const answer = await callApi('post', '/V1/Device/Token', {
        body: { station_id: stationId, device_name: deviceName.trim() || null, valid_days: validDays.trim() ? Number(validDays) : null },
      });
      setIssuing(false);
      setStationId(null);
      setDeviceName('');
      setValidDays('');
      setErrors({ fields: {}, form: null });
      setSecret(answer.token);
      tokens.reload();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  const revoke = async (token: DeviceToken) => {
    try {
      await callApi('delete', '/V1/Device/Token/{id}', { path: { id: token.device_token_id } });
      notify(`Token of ${token.device_name} revoked.`, 'success');
      tokens.reload();
    } catch (error) {
      notifyRefusal(error);
    }
  };

  return (
    <>
      <PageTitle title="Device Tokens" />
      <Section
        title="Device tokens of this site"
        testId="device-tokens"
        actions={
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setIssuing(true)} data-testid="issue-token">
            Issue token
          </Button>
        }
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A device sends its token in the header Token with every report. The token is shown once when issued.
        </Typography>
        <LoadState loading={tokens.loading} error={tokens.error} what="device token list">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Device</TableCell>
                <TableCell>Station</TableCell>
                <TableCell>Token</TableCell>
                <TableCell>Issued</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell>Revoked</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(tokens.data ?? []).map((t) => (
                <TableRow key={t.device_token_id} data-testid={`token-${t.device_token_id}`}>
                  <TableCell>{t.device_name}</TableCell>
                  <TableCell data-testid={`token-station-${t.device_token_id}`}>{stationName(stations.data?.resultList, t.station_id)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{t.token_prefix}…</TableCell>
                  <TableCell>
                    {when(t.created_at)} {t.created_by ? `by ${t.created_by}` : ''}
                  </TableCell>
                  <TableCell>{when(t.last_used_at) || 'never'}</TableCell>
                  <TableCell data-testid={`token-expires-${t.device_token_id}`}>{when(t.expires_at) || 'when revoked'}</TableCell>
                  <TableCell>{t.revoked_at ? `${when(t.revoked_at)} by ${t.revoked_by ?? ''}` : ''}</TableCell>
                  <TableCell>
                    {!t.revoked_at && (
                      <Button color="error" size="small" onClick={() => setRevoking(t)}>
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {tokens.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>No device tokens yet.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </LoadState>
      </Section>

      <Dialog open={issuing} onClose={() => setIssuing(false)} fullWidth maxWidth="sm">
        <DialogTitle>Issue a device token</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <StationPicker
              label="Station (optional)"
              value={stationId}
              onChange={(key) => setStationId(key === null ? null : Number(key))}
              testId="token-station"
              error={errors.fields.station_id}
              width="100%"
            />
            <TextField
              label="Device name"
              value={deviceName}
              onChange={(e) => setDeviceName(e.target.value)}
              error={Boolean(errors.fields.device_name)}
              helperText={errors.fields.device_name ?? 'Defaults to the station code.'}
              slotProps={{ htmlInput: { 'data-testid': 'token-name', maxLength: 100 } }}
            />
            <TextField
              label="Valid for (days, optional)"
              type="number"
              value={validDays}
              onChange={(e) => setValidDays(e.target.value)}
              error={Boolean(errors.fields.valid_days)}
              helperText={errors.fields.valid_days ?? 'Empty: until revoked. Device administrators are told 14 days before it expires.'}
              slotProps={{ htmlInput: { 'data-testid': 'token-valid-days', min: 1, max: 3650 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIssuing(false)}>Cancel</Button>
          <Button variant="contained" onClick={issue} data-testid="issue-confirm">
            Issue
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={secret !== null} onClose={() => setSecret(null)} fullWidth maxWidth="sm">
        <DialogTitle>The device token</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy it into the device now: it is not stored and cannot be shown again.
          </Alert>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="issued-token">
            {secret}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => secret && void navigator.clipboard?.writeText(secret)}>Copy</Button>
          <Button variant="contained" onClick={() => setSecret(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke the token?"
        message={`The device ${revoking?.device_name ?? ''} can no longer report with it.`}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
          setRevoking(null);
        }}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
