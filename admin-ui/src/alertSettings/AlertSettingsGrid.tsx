// One user's alert settings at one site (docs/alerts.md "Alert settings"): every type they may receive there, by
// category, a check box per channel, the filters, Save (PUT Alerts with the changed types only) and "Apply to all
// sites". The same grid serves "My Alert Settings" and the administrator's tab on a user's page.
import { useEffect, useMemo, useState, type HTMLAttributes, type InputHTMLAttributes } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { ConfirmDialog, LoadState, serverErrors, statusOf, useApi } from '../ui';
import {
  CHANNELS,
  PRIORITY_CHOICES,
  SETTING_LABELS,
  changedInputs,
  draftAfterSave,
  groupByCategory,
  isDirty,
  isRequisitionType,
  priorityText,
  shown,
  withChange,
  type AlertSetting,
  type Draft,
  type EditableKey,
  type Editable,
} from './settings';
import { TrackingCodeDialog } from './TrackingCodeDialog';
import { wantsTexts } from './contactInfo';

export interface AlertSettingsGridProps {
  userId: number;
  siteId: number;
  /** The site's code, for the messages ('Copy the settings at ACME-NORTH ...'). */
  siteCode?: string;
  /** The caller's own settings ('my sites') or another user's ('the user's sites'). */
  own: boolean;
  /** Told whether some active type is ticked for Text, saved or not (the page warns when no number is saved). */
  onTextWanted?: (wanted: boolean) => void;
}

type SaveState = 'idle' | 'saving' | 'saved';

/** The server's refusal of a save, each line led by the type it is about ('PO approved: Requisition priority must ...'). */
function saveErrors(error: unknown, sent: readonly { asp_notification_type_id: number }[], rows: readonly AlertSetting[]): string | null {
  const names = sent.map((input) => rows.find((r) => r.asp_notification_type_id === input.asp_notification_type_id)?.notification_name ?? 'Alert type');
  // The API names a field by its place in the body (`settings[0].filter_req_priority`): said by the field's label.
  const labels: Record<string, string> = { ...SETTING_LABELS };
  sent.forEach((_, i) => {
    for (const [key, label] of Object.entries(SETTING_LABELS)) labels[`settings[${i}].${key}`] = label;
  });
  const { fields, form } = serverErrors(error, labels);
  const lines = Object.entries(fields).flatMap(([key, text]) => {
    if (!text) return [];
    const index = /^settings\[(\d+)\]/.exec(key);
    const name = index ? names[Number(index[1])] : undefined;
    return [name ? `${name}: ${text}` : text];
  });
  if (form) lines.push(form);
  return lines.length ? lines.join('\n') : null;
}

export function AlertSettingsGrid({ userId, siteId, siteCode, own, onTextWanted }: AlertSettingsGridProps) {
  const loaded = useApi('get', '/V1/Alerts/{userId}/{siteId}', { path: { userId, siteId }, quiet: true });
  // The answer of the last save (every type's settings), until the next load replaces it.
  const [answer, setAnswer] = useState<AlertSetting[] | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [copying, setCopying] = useState(false);
  const [codesFor, setCodesFor] = useState<AlertSetting | null>(null);

  // Another user or site: nothing of the previous one's stays.
  useEffect(() => {
    setAnswer(null);
    setDraft({});
    setSaveState('idle');
    setError(null);
  }, [userId, siteId]);
  useEffect(() => setAnswer(null), [loaded.data]);

  const rows = useMemo(() => answer ?? loaded.data ?? [], [answer, loaded.data]);
  const groups = useMemo(() => groupByCategory(rows), [rows]);
  const dirty = isDirty(draft);
  const textWanted = useMemo(() => wantsTexts(rows.map((r) => shown(r, draft))), [rows, draft]);
  useEffect(() => onTextWanted?.(textWanted), [onTextWanted, textWanted]);

  const change = <K extends EditableKey>(row: AlertSetting, key: K, value: Editable[K]) => {
    setDraft((d) => withChange(d, row, key, value));
    setSaveState('idle');
    setError(null);
  };

  const save = async () => {
    const settings = changedInputs(draft);
    if (!settings.length) return;
    setSaveState('saving');
    setError(null);
    try {
      const saved = await callApi('put', '/V1/Alerts', { body: { asp_users_id: userId, site_id: siteId, settings }, quiet: true, local400: true });
      setAnswer(saved);
      setDraft(draftAfterSave(draft, saved));
      setSaveState('saved');
    } catch (e) {
      setSaveState('idle');
      setError(saveErrors(e, settings, rows) ?? 'The alert settings could not be saved.');
    }
  };

  const applyToAll = async () => {
    setCopying(true);
    setError(null);
    try {
      const result = await callApi('post', '/V1/Alerts/Sites/UpdateAll', { body: { asp_users_id: userId, site_id: siteId }, quiet: true, local400: true });
      notify(result.message, 'success');
      setConfirmAll(false);
    } catch (e) {
      setConfirmAll(false);
      setError(serverErrors(e, SETTING_LABELS).form ?? 'The alert settings could not be copied.');
    } finally {
      setCopying(false);
    }
  };

  if (statusOf(loaded.error) === 404) {
    return (
      <Alert severity="info" data-testid="alert-settings-unavailable">
        {own
          ? 'You have no alert settings at this site.'
          : "This user's alert settings at this site are not open to you: the user has no access to the site, or is not one of the users you administer."}
      </Alert>
    );
  }

  const where = siteCode ? ` at ${siteCode}` : '';
  const sitesWord = own ? 'all my sites' : "all the user's sites";
  return (
    <LoadState loading={loaded.loading && !answer} error={loaded.error} what="alert settings">
      <Box data-testid="alert-settings">
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={!dirty || saveState === 'saving'} onClick={() => void save()} data-testid="alert-settings-save">
            Save
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="alert-settings-status" aria-live="polite">
            {saveState === 'saving' ? 'Saving...' : dirty ? 'Unsaved changes' : saveState === 'saved' ? 'Saved' : ''}
          </Typography>
          {saveState === 'saving' && <CircularProgress size={16} />}
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="outlined" disabled={dirty || rows.length === 0} onClick={() => setConfirmAll(true)} data-testid="alert-settings-apply-all">
            {own ? 'Apply to all my sites' : "Apply to all the user's sites"}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }} data-testid="alert-settings-error">
            {error}
          </Alert>
        )}
        <Table size="small" data-testid="alert-settings-table">
          <TableHead>
            <TableRow>
              <TableCell>Alert</TableCell>
              {CHANNELS.map((c) => (
                <TableCell key={c.key} align="center" sx={{ whiteSpace: 'nowrap' }}>
                  {c.label}
                </TableCell>
              ))}
              <TableCell>Filters</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={CHANNELS.length + 2}>No alert types reach {own ? 'you' : 'this user'} at this site.</TableCell>
              </TableRow>
            )}
            {groups.flatMap((group) => [
              <TableRow key={`c-${group.categoryId}`} data-testid={`alert-category-${group.categoryId}`}>
                <TableCell colSpan={CHANNELS.length + 2} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                  {group.category}
                </TableCell>
              </TableRow>,
              ...group.rows.map((saved) => {
                const row = shown(saved, draft);
                const typeId = row.asp_notification_type_id;
                const changed = Boolean(draft[typeId]);
                return (
                  <TableRow key={typeId} data-testid={`alert-type-${typeId}`} selected={changed}>
                    <TableCell>
                      <Tooltip title={row.notification_description || ''} placement="bottom-start">
                        <span>{row.notification_name}</span>
                      </Tooltip>
                    </TableCell>
                    {CHANNELS.map((c) => (
                      <TableCell key={c.key} align="center" padding="checkbox">
                        <Checkbox
                          checked={row[c.key]}
                          onChange={(e) => change(saved, c.key, e.target.checked)}
                          slotProps={{ input: { 'aria-label': `${row.notification_name}: ${c.label}`, 'data-testid': `alert-${typeId}-${c.key}` } as InputHTMLAttributes<HTMLInputElement> }}
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
                        <Button
                          size="small"
                          startIcon={<FilterListIcon fontSize="small" />}
                          onClick={() => setCodesFor(saved)}
                          data-testid={`alert-${typeId}-codes`}
                        >
                          {row.filter_tracking_codes ? `Tracking codes (${row.track_count})` : 'Tracking codes: off'}
                        </Button>
                        {isRequisitionType(typeId) && (
                          <>
                            <TextField
                              select
                              size="small"
                              label="Priority"
                              sx={{ width: 170 }}
                              value={row.filter_req_priority ?? ''}
                              onChange={(e) => change(saved, 'filter_req_priority', e.target.value === '' ? null : Number(e.target.value))}
                              slotProps={{
                                inputLabel: { shrink: true },
                                select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': `alert-${typeId}-priority` } as HTMLAttributes<HTMLDivElement> },
                              }}
                            >
                              {PRIORITY_CHOICES.map((p) => (
                                <MenuItem key={p ?? 'none'} value={p ?? ''} data-testid={`priority-option-${p ?? 'none'}`}>
                                  {priorityText(p)}
                                </MenuItem>
                              ))}
                            </TextField>
                            <Stack direction="row" alignItems="center">
                              <Checkbox
                                size="small"
                                checked={row.req_urgent_only}
                                onChange={(e) => change(saved, 'req_urgent_only', e.target.checked)}
                                slotProps={{ input: { 'aria-label': `${row.notification_name}: Urgent only`, 'data-testid': `alert-${typeId}-req_urgent_only` } as InputHTMLAttributes<HTMLInputElement> }}
                              />
                              <Typography variant="body2">Urgent only</Typography>
                            </Stack>
                          </>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              }),
            ])}
          </TableBody>
        </Table>
      </Box>
      <ConfirmDialog
        open={confirmAll}
        title={own ? 'Apply to all my sites?' : "Apply to all the user's sites?"}
        message={`Copy the saved alert settings${where} (channels and filters, not the tracking-code lists) to ${sitesWord} of this client, replacing the settings there.`}
        confirmLabel="Apply to all sites"
        busy={copying}
        onConfirm={() => void applyToAll()}
        onCancel={() => setConfirmAll(false)}
      />
      {codesFor && (
        <TrackingCodeDialog
          userId={userId}
          siteId={siteId}
          setting={shown(codesFor, draft)}
          onClose={(changed) => {
            setCodesFor(null);
            if (changed) loaded.reload();
          }}
        />
      )}
    </LoadState>
  );
}
