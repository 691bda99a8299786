import { useEffect, useMemo, useState, type InputHTMLAttributes } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, Paper, Stack, Typography } from '@mui/material';
import { useGetList, useGetOne, useListContext, type Identifier } from 'react-admin';
import { legacyJumpUrl } from '../../lib/config';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { GridList, type GridListState } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { useRunSearch } from '../../grid/useRunSearch';
import type { GridColumn } from '../../grid/types';
import type { WithId } from '../../dataProvider/search';
import { toGridSort } from '../../grid/pager';
import type { Schema } from '../../shared/api';
import { useUserContext } from '../../shell/UserContextProvider';
import { DEVOPS_TRAINING, DateInput, PageTitle, RouteLink, TextInput } from '../../ui';
import { HELP_IDS } from '../help/developerHelp';
import {
  ALERT_STATE_KEY,
  alertDateMessages,
  alertFieldErrors,
  defaultAlertForm,
  type AlertForm,
  type AlertRow,
  type AlertType,
} from './alertSearch';

export type AlertRecord = WithId<AlertRow>;
type AlertTypeRecord = WithId<AlertType>;
type SiteCodeRecord = WithId<Schema<'SiteCode'>>;

/** What 'Return to Auditing List' comes back to within the session: the form, the search and the list state. */
interface StoredSearch {
  form: AlertForm;
  query: Record<string, unknown>;
  grid: GridListState;
}

function readState(): StoredSearch | null {
  try {
    return JSON.parse(sessionStorage.getItem(ALERT_STATE_KEY) || 'null') as StoredSearch | null;
  } catch {
    return null;
  }
}

const NO_TYPES: AlertTypeRecord[] = [];
const NO_SITES: SiteCodeRecord[] = [];
// Look-ups: a failure leaves the drop-downs short, without a toast.
const quiet = { quiet: true };

/** Which type id a row's notification_type stands for (an id, or a description found in the type list). */
export function typeIdOf(row: Partial<AlertRow>, types: readonly AlertType[]): number | null {
  if (row?.type_notification_id !== undefined && row?.type_notification_id !== null) return row.type_notification_id;
  const value = row?.notification_type;
  if (value !== null && value !== undefined && /^\d+$/.test(String(value))) return Number(value);
  return types.find((t) => String(t.description).toLowerCase() === String(value).toLowerCase())?.type_notification_id ?? null;
}

/** 'Alert Type Information': the type and its description (the alertTypes resource's getOne). */
export function AlertTypeDialog({ open, typeId, label, onClose }: { open: boolean; typeId: Identifier | null; label?: string; onClose: () => void }) {
  const { data, isPending, error } = useGetOne<AlertTypeRecord>('alertTypes', { id: typeId ?? '' }, { enabled: open && typeId !== null });
  // Without a type, or when it cannot be read, the description is blank.
  const description = typeId === null || error ? '' : data?.description;
  const loading = typeId !== null && !error && isPending;
  return (
    <Dialog open={open} onClose={onClose} data-testid="alert-type-dialog">
      <DialogTitle>Alert Type Information</DialogTitle>
      <DialogContent>
        {loading ? (
          <CircularProgress size={55} />
        ) : (
          <>
            <Typography>
              <b>Type:</b> {label}
            </Typography>
            <Typography data-testid="alert-type-description">
              <b>Description:</b> {description}
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

function alertColumns(
  siteCode: string | undefined,
  types: readonly AlertType[],
  showType: (info: { typeId: number | null; label?: string }) => void,
): GridColumn<AlertRecord>[] {
  return [
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
          onClick={() => showType({ typeId: typeIdOf(row, types), label: row.notification_type ?? undefined })}
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
}

function AlertSearchForm({
  stored,
  searched,
  onSearched,
  types,
}: {
  stored: StoredSearch | null;
  searched: boolean;
  onSearched: (searched: boolean) => void;
  types: readonly AlertTypeRecord[];
}) {
  const [form, setForm] = useState<AlertForm>(() => stored?.form || defaultAlertForm());
  const { filterValues, page, perPage, sort, setFilters } = useListContext<AlertRecord>();
  const search = useRunSearch(() => onSearched(true));
  const { data: sites = NO_SITES } = useGetList<SiteCodeRecord>('alertSiteCodes', { meta: quiet });
  const errors = alertFieldErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const set = (patch: Partial<AlertForm>) => setForm((f) => ({ ...f, ...patch }));

  // The list state is reused by 'Return to Auditing List'.
  useEffect(() => {
    if (!searched) return;
    const state: StoredSearch = { form, query: filterValues, grid: { page, pageSize: perPage, sort: toGridSort(sort) } };
    sessionStorage.setItem(ALERT_STATE_KEY, JSON.stringify(state)); // conventions-ok: kept in session storage, not shown
  }, [searched, form, filterValues, page, perPage, sort]);

  const runSearch = () => {
    if (invalid) return;
    const messages = alertDateMessages(form);
    if (messages.length) {
      messages.forEach((m) => notify(m, 'error'));
      return;
    }
    // The form as entered is the list's filter; the resource turns it into the search body (alertSearchBody).
    search({ ...form });
  };
  const clear = () => {
    sessionStorage.removeItem(ALERT_STATE_KEY);
    setForm(defaultAlertForm());
    setFilters({}, undefined, false);
    onSearched(false);
  };

  const numberField = (field: 'po_no' | 'wo_no' | 'req_no' | 'cip_no', label: string, helpId?: number) => (
    <TextInput
      label={label}
      helpId={helpId}
      testId={`alert-${field}`}
      value={form[field]}
      error={errors[field]}
      onChange={(v) => set({ [field]: v })}
      slotProps={{ htmlInput: { 'data-testid': `alert-${field}`, inputMode: 'numeric', 'aria-label': label } as InputHTMLAttributes<HTMLInputElement> }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }} useFlexGap>
        {numberField('po_no', 'ASP PO Number', HELP_IDS.poNumber)}
        {numberField('wo_no', 'WO Number')}
        {numberField('req_no', 'Requisition Number')}
        {numberField('cip_no', 'CIP ID')}
        <DateInput label="Start Date" testId="alert-start-date" value={form.date_start} error={errors.date_start} onChange={(v) => set({ date_start: v || null })} />
        <DateInput label="Stop Date" testId="alert-end-date" value={form.date_end} error={errors.date_end} onChange={(v) => set({ date_end: v || null })} />
        <SelectField<number | ''>
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
          <GuardedButton variant="contained" disabled={invalid} onClick={runSearch} data-testid="alert-search-button">
            Search
          </GuardedButton>
          <GuardedButton variant="outlined" onClick={clear} data-testid="alert-clear">
            Clear
          </GuardedButton>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Alert Auditing: the alerts resource, searched on demand; the search is kept for the session. */
export function AlertList() {
  const [stored] = useState(readState);
  const [searched, setSearched] = useState(() => Boolean(stored?.query));
  const [typeInfo, setTypeInfo] = useState<{ typeId: number | null; label?: string } | null>(null);
  const { context } = useUserContext();
  const { data: types = NO_TYPES } = useGetList<AlertTypeRecord>('alertTypes', { meta: quiet });
  const siteCode = context?.currentSite?.siteCode;
  const columns = useMemo(() => alertColumns(siteCode, types, setTypeInfo), [siteCode, types]);

  return (
    <Box sx={{ p: 2 }} data-testid="alert-search">
      <PageTitle title="Alert Auditing" category={DEVOPS_TRAINING} />
      <GridList
        resource="alerts"
        settingsKey="alertAuditing"
        columns={columns}
        defaultSort={{ field: 'notification_id', direction: 'asc' }}
        enabled={searched}
        initialState={stored ? { ...stored.grid, filter: stored.query } : undefined}
      >
        <AlertSearchForm stored={stored} searched={searched} onSearched={setSearched} types={types} />
        <DataGrid id="alertAuditing" exportable />
      </GridList>
      <AlertTypeDialog open={Boolean(typeInfo)} typeId={typeInfo?.typeId ?? null} label={typeInfo?.label} onClose={() => setTypeInfo(null)} />
    </Box>
  );
}
