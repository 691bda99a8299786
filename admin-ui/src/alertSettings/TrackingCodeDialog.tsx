// A type's tracking-code filter (docs/alerts.md "Filters"): the site's codes with a tick for those the filter lists,
// the filter on or off, saved together with POST Alerts/TrackingCode/Update (the ticks that changed as its insert and
// remove lists). Ticks are kept across the dialog's pages and searches until saved.
import { useState, type InputHTMLAttributes } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { callApi } from '../shared/api';
import { toPageRequest } from '../grid/pager';
import { LoadState, Pager, Rows, TextInput, nameWithCode, serverErrors, useApi } from '../ui';
import { SETTING_LABELS, codeCountAfter, trackingChanges, withTick, type AlertSetting, type CodeTicks } from './settings';

export interface TrackingCodeDialogProps {
  userId: number;
  siteId: number;
  setting: AlertSetting;
  /** `changed`: something was saved (the grid reloads the type's filter). */
  onClose: (changed: boolean) => void;
}

const CODE_LABELS = { ...SETTING_LABELS, insert: 'Tracking codes', remove: 'Tracking codes', filter_tracking_codes: 'Filter by tracking codes' };

export function TrackingCodeDialog({ userId, siteId, setting, onClose }: TrackingCodeDialogProps) {
  const typeId = setting.asp_notification_type_id;
  const [filterOn, setFilterOn] = useState(setting.filter_tracking_codes);
  const [ticks, setTicks] = useState<CodeTicks>({});
  const [search, setSearch] = useState<string | null>(null);
  const [inGroupOnly, setInGroupOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const codes = useApi(
    'post',
    '/V1/Alerts/TrackingCode/Search',
    {
      body: {
        asp_users_id: userId,
        site_id: siteId,
        asp_notification_type_id: typeId,
        search,
        in_group_only: inGroupOnly,
        ...toPageRequest({ page, pageSize, sort: { field: 'trackingNumber', direction: 'asc' } }),
      },
      quiet: true,
    },
  );
  const levels = useApi('get', '/V1/TrackingCode/TrackingLevelsBySite/{site}', { path: { site: siteId }, quiet: true });
  const levelName = (level: number) => levels.data?.find((l) => l.trackingLevelID === level)?.description ?? `Level ${level}`;

  const changes = trackingChanges(ticks);
  const filterChanged = filterOn !== setting.filter_tracking_codes;
  const dirty = filterChanged || changes.insert.length > 0 || changes.remove.length > 0;
  const count = codeCountAfter(setting.track_count, ticks);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await callApi('post', '/V1/Alerts/TrackingCode/Update', {
        body: {
          asp_users_id: userId,
          site_id: siteId,
          asp_notification_type_id: typeId,
          insert: changes.insert,
          remove: changes.remove,
          filter_tracking_codes: filterChanged ? filterOn : null,
        },
        quiet: true,
        local400: true,
      });
      onClose(true);
    } catch (e) {
      const { fields, form } = serverErrors(e, CODE_LABELS);
      setError([...Object.values(fields), ...(form ? [form] : [])].join('\n') || 'The tracking-code filter could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  const rows = codes.data?.resultList ?? [];
  return (
    <Dialog open onClose={busy ? undefined : () => onClose(false)} maxWidth="md" fullWidth data-testid="tracking-filter-dialog">
      <DialogTitle>Tracking codes: {setting.notification_name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          With the filter on, an alert that names tracking codes arrives only when one of them is ticked here; alerts
          without tracking codes are not filtered.
        </Typography>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
          <FormControlLabel
            label={`Filter by tracking codes (${count} ticked)`}
            control={<Switch checked={filterOn} onChange={(e) => setFilterOn(e.target.checked)} slotProps={{ input: { 'data-testid': 'tracking-filter-on' } as InputHTMLAttributes<HTMLInputElement> }} />}
          />
          <TextInput
            label="Search"
            value={search}
            onChange={(v) => {
              setSearch(v ?? null);
              setPage(1);
            }}
            testId="tracking-filter-search"
          />
          <FormControlLabel
            label="Ticked only"
            control={
              <Checkbox
                checked={inGroupOnly}
                onChange={(e) => {
                  setInGroupOnly(e.target.checked);
                  setPage(1);
                }}
                slotProps={{ input: { 'data-testid': 'tracking-filter-in-group' } as InputHTMLAttributes<HTMLInputElement> }}
              />
            }
          />
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }} data-testid="tracking-filter-error">
            {error}
          </Alert>
        )}
        <LoadState loading={codes.loading && !codes.data} error={codes.error} what="tracking codes">
          <Rows columns={['In filter', 'Tracking code', 'Level']} count={rows.length} empty="No tracking codes at this site.">
            {rows.map((code) => {
              const ticked = ticks[code.trackingCodeID] ?? code.inGroup;
              return (
                <TableRow key={code.trackingCodeID} data-testid={`tracking-filter-row-${code.trackingNumber}`}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={ticked}
                      onChange={(e) => setTicks((t) => withTick(t, code.trackingCodeID, code.inGroup, e.target.checked))}
                      slotProps={{ input: { 'aria-label': code.trackingNumber, 'data-testid': `tracking-filter-tick-${code.trackingNumber}` } as InputHTMLAttributes<HTMLInputElement> }}
                    />
                  </TableCell>
                  <TableCell>{nameWithCode(code.description, code.trackingNumber)}</TableCell>
                  <TableCell>{levelName(code.trackingLevelID)}</TableCell>
                </TableRow>
              );
            })}
          </Rows>
          <Pager
            id="tracking-filter"
            page={page}
            pageSize={pageSize}
            total={codes.data?.totalCount ?? 0}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </LoadState>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy} data-testid="tracking-filter-cancel">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || !dirty}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
          data-testid="tracking-filter-save"
        >
          Save filter
        </Button>
      </DialogActions>
    </Dialog>
  );
}
