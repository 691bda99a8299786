import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { api } from '../../shared/api';
import { legacyJumpUrl } from '../../lib/config';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { useUserContext } from '../../shell/UserContextProvider';
import { DateInput, PageBanner, RouteLink, TextInput, DEVOPS_TRAINING } from '../common';
import { HELP_IDS } from '../help/developerHelp';
import {
  ALERT_PATH,
  ALERT_STATE_KEY,
  alertDateMessages,
  alertFieldErrors,
  alertSearchBody,
  defaultAlertForm,
} from './alertSearch';

const load = (request) => api.post(`${ALERT_PATH}/Search`, request);

function readState() {
  try {
    return JSON.parse(sessionStorage.getItem(ALERT_STATE_KEY) || 'null');
  } catch {
    return null;
  }
}

/** Which type id a row's notification_type stands for (an id, or a description found in the type list). */
export function typeIdOf(row, types) {
  if (row?.type_notification_id !== undefined && row?.type_notification_id !== null) return row.type_notification_id;
  const value = row?.notification_type;
  if (value !== null && value !== undefined && /^\d+$/.test(String(value))) return Number(value);
  return types.find((t) => String(t.description).toLowerCase() === String(value).toLowerCase())?.type_notification_id ?? null;
}

/** 'Alert Type Information': the type and its description (GET /api/V1/AlertAuditing/Type?type_id=). */
export function AlertTypeDialog({ open, typeId, label, onClose }) {
  const [info, setInfo] = useState(null);
  useEffect(() => {
    if (!open) return undefined;
    if (typeId === null || typeId === undefined) {
      setInfo({ description: '' });
      return undefined;
    }
    let live = true;
    setInfo(null);
    api
      .get(`${ALERT_PATH}/Type?type_id=${encodeURIComponent(typeId)}`)
      .then((answer) => live && setInfo(answer || {}))
      .catch(() => live && setInfo({ description: '' }));
    return () => {
      live = false;
    };
  }, [open, typeId]);
  return (
    <Dialog open={open} onClose={onClose} data-testid="alert-type-dialog">
      <DialogTitle>Alert Type Information</DialogTitle>
      <DialogContent>
        {!info ? (
          <CircularProgress size={55} />
        ) : (
          <>
            <Typography>
              <b>Type:</b> {label}
            </Typography>
            <Typography data-testid="alert-type-description">
              <b>Description:</b> {info.description}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function AlertAuditing() {
  const stored = useMemo(readState, []);
  const { context } = useUserContext();
  const [form, setForm] = useState(() => stored?.form || defaultAlertForm());
  const [query, setQuery] = useState(() => stored?.query || null);
  const [gridState, setGridState] = useState(() => stored?.grid);
  const [types, setTypes] = useState([]);
  const [sites, setSites] = useState([]);
  const [typeInfo, setTypeInfo] = useState(null);
  const errors = alertFieldErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const set = (patch) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    api.get('/api/V1/Type/GetAllAlertTypes', { quiet: true }).then((l) => setTypes(Array.isArray(l) ? l : [])).catch(() => undefined);
    api.get('/api/V1/Type/GetAllSiteCodes', { quiet: true }).then((l) => setSites(Array.isArray(l) ? l : [])).catch(() => undefined);
  }, []);

  // The list state is reused by 'Return to Auditing List'.
  useEffect(() => {
    if (query) sessionStorage.setItem(ALERT_STATE_KEY, JSON.stringify({ form, query, grid: gridState }));
  }, [form, query, gridState]);

  const search = () => {
    if (invalid) return;
    const messages = alertDateMessages(form);
    if (messages.length) {
      messages.forEach((m) => notify(m, 'error'));
      return;
    }
    setQuery(alertSearchBody(form));
  };
  const clear = () => {
    sessionStorage.removeItem(ALERT_STATE_KEY);
    setForm(defaultAlertForm());
    setQuery(null);
  };

  const siteCode = context?.currentSite?.siteCode;
  const columns = [
    {
      field: 'notification_id',
      header: 'Notification Id',
      kind: 'number',
      render: (row) => (
        <RouteLink to={`/devops/alertAuditingInfo/${row.notification_id}`} data-testid={`alert-link-${row.notification_id}`}>
          {row.notification_id}
        </RouteLink>
      ),
    },
    {
      field: 'po_no',
      header: 'PO No',
      render: (row) =>
        row.po_no ? (
          <Link href={legacyJumpUrl({ siteCode, page: 'PO', argument: 'po_no', value: row.po_no })} data-testid="alert-po-link">
            {row.po_no}
          </Link>
        ) : (
          ''
        ),
    },
    {
      field: 'notification_type',
      header: 'Notification Type',
      render: (row) => (
        <Link
          component="button"
          type="button"
          onClick={() => setTypeInfo({ typeId: typeIdOf(row, types), label: row.notification_type })}
          data-testid="alert-type-link"
        >
          {row.notification_type}
        </Link>
      ),
    },
    { field: 'wo_no', header: 'WO No' },
    { field: 'req_no', header: 'Req No' },
    { field: 'cip_no', header: 'CIP No' },
    { field: 'created_timestamp', header: 'Date', kind: 'datetime' },
  ];

  const numberField = (field, label, helpId) => (
    <TextInput
      label={label}
      helpId={helpId}
      testId={`alert-${field}`}
      value={form[field]}
      error={errors[field]}
      onChange={(v) => set({ [field]: v })}
      slotProps={{ htmlInput: { 'data-testid': `alert-${field}`, inputMode: 'numeric', 'aria-label': label } }}
    />
  );

  return (
    <Box sx={{ p: 2 }} data-testid="alert-search">
      <PageBanner title="Alert Auditing" category={DEVOPS_TRAINING} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }} useFlexGap>
          {numberField('po_no', 'ASP PO Number', HELP_IDS.poNumber)}
          {numberField('wo_no', 'WO Number')}
          {numberField('req_no', 'Requisition Number')}
          {numberField('cip_no', 'CIP ID')}
          <DateInput label="Start Date" testId="alert-start-date" value={form.date_start} error={errors.date_start} onChange={(v) => set({ date_start: v || null })} />
          <DateInput label="Stop Date" testId="alert-end-date" value={form.date_end} error={errors.date_end} onChange={(v) => set({ date_end: v || null })} />
          <SelectField
            testId="alert-type"
            helpId={HELP_IDS.alertType}
            label="Alert Type"
            value={form.alert_type}
            onChange={(v) => set({ alert_type: v })}
            options={[{ value: '', label: 'All' }, ...types.map((t) => ({ value: t.type_notification_id, label: t.description }))]}
            sx={{ minWidth: 200 }}
          />
          <SelectField
            testId="alert-site-code"
            helpId={HELP_IDS.siteCode}
            label="Site Code"
            value={form.site_code}
            onChange={(v) => set({ site_code: v })}
            options={[{ value: '', label: 'All' }, ...sites.map((s) => ({ value: s.site_code, label: s.site_code }))]}
            sx={{ minWidth: 160 }}
          />
          <Stack direction="row" spacing={1}>
            <GuardedButton variant="contained" disabled={invalid} onClick={search} data-testid="alert-search-button">
              Search
            </GuardedButton>
            <GuardedButton variant="outlined" onClick={clear} data-testid="alert-clear">
              Clear
            </GuardedButton>
          </Stack>
        </Stack>
      </Paper>
      <DataGrid
        id="alertAuditing"
        settingsKey="alertAuditing"
        columns={columns}
        defaultSort={{ field: 'notification_id', direction: 'asc' }}
        load={load}
        query={query}
        initialState={gridState}
        onStateChange={setGridState}
        exportPath={`${ALERT_PATH}/Search/Export`}
        rowKey={(row, i) => `${row.notification_id}-${i}`}
      />
      <AlertTypeDialog open={Boolean(typeInfo)} typeId={typeInfo?.typeId ?? null} label={typeInfo?.label} onClose={() => setTypeInfo(null)} />
    </Box>
  );
}
