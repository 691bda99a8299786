// Tracking codes of one level (`/trackingcode/trackingCodeSearch/{level}`): the search, and with `?id=` the code's
// detail behind the route guard (spec 4 section 2: the code's level must be the route's).
import { useEffect, useState } from 'react';
import {
  Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Paper, Stack, Table, TableBody,
  TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../shared/api';
import { notify } from '../shared/events';
import { HttpError } from '../shared/http';
import { formatMoney } from '../shared/numbers';
import { PageBanner, RouteLink, useHasPermission } from '../ui';
import { fieldErrorsOf, InfoRow, LoadState, Section, useLoad } from '../ui';
import { useTrackingLevels } from './useLevels';
import {
  detailRoute, guardDecision, limitValue, NOT_FOUND, parseLevel, searchRoute, SUSPENSION_REASONS, TRACKING_CODE_EDIT,
  type TrackingCodeDetail, type TrackingCodeRow,
} from './trackingCodes';

const money = (v: unknown) => formatMoney(v, { blank: '—' });

export function TrackingCodePage() {
  const { level: raw } = useParams();
  const [params] = useSearchParams();
  const id = params.get('id');
  const level = parseLevel(raw);
  if (id !== null) return <GuardedDetail level={level} id={id} />;
  if (level === null) return <Typography sx={{ p: 2 }}>Invalid route guard</Typography>;
  return <SearchScreen level={level} />;
}

function useLevelName(level: number | null): string {
  const { levels } = useTrackingLevels();
  return levels?.find((l) => l.trackingLevelID === level)?.description ?? (level ? `Level ${level}` : '');
}

// ---- search

function SearchScreen({ level }: { level: number }) {
  const name = useLevelName(level);
  const canEdit = useHasPermission(TRACKING_CODE_EDIT);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState('true');
  const [query, setQuery] = useState<{ text: string; active: string }>({ text: '', active: 'true' });
  const [adding, setAdding] = useState(false);
  const loaded = useLoad(
    (signal) =>
      api.post<{ resultList: TrackingCodeRow[]; totalCount: number }>(
        '/api/V1/TrackingCode/TrackingCodesBySearch',
        { trackingLevelID: level, pageSize: 100, text: query.text || null, isActive: query.active === '' ? null : query.active === 'true' },
        { signal },
      ),
    [level, query],
  );
  return (
    <Box sx={{ p: 2 }} data-testid="tracking-search-page" data-level={level}>
      <PageBanner title={`Tracking Codes: ${name}`}>
        {canEdit && (
          <Button variant="contained" onClick={() => setAdding(true)} data-testid="tracking-add">
            Add Code
          </Button>
        )}
      </PageBanner>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); setQuery({ text, active }); }}>
          <TextField size="small" label="Number or description" value={text} onChange={(e) => setText(e.target.value)} inputProps={{ 'data-testid': 'tracking-search-text' }} />
          <TextField size="small" select label="Active" value={active} onChange={(e) => setActive(e.target.value)} sx={{ minWidth: 120 }} SelectProps={{ inputProps: { 'data-testid': 'tracking-search-active' } }}>
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="true">Active</MenuItem>
            <MenuItem value="false">Inactive</MenuItem>
          </TextField>
          <Button type="submit" variant="contained" data-testid="tracking-search-button">
            Search
          </Button>
        </Stack>
      </Paper>
      <LoadState loading={loaded.loading} error={loaded.error} what="tracking code list">
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="tracking-total">
          {loaded.data?.totalCount ?? 0} codes
        </Typography>
        <Table size="small" data-testid="tracking-codes">
          <TableHead>
            <TableRow>
              {['Number', 'Description', 'Group', 'Daily', 'Weekly', 'Monthly', 'Yearly', 'Supervisor', 'Active', 'Suspended'].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(loaded.data?.resultList ?? []).map((c) => (
              <TableRow key={c.trackingCodeId} data-testid="tracking-row" data-number={c.trackingNumber}>
                <TableCell>
                  <RouteLink to={detailRoute(level, c.trackingCodeId)} data-testid={`tracking-link-${c.trackingNumber}`}>
                    {c.trackingNumber}
                  </RouteLink>
                </TableCell>
                <TableCell>{c.description}</TableCell>
                <TableCell>{c.trackingCodeGroup}</TableCell>
                <TableCell>{money(c.limitDaily)}</TableCell>
                <TableCell>{money(c.limitWeekly)}</TableCell>
                <TableCell>{money(c.limitMonthly)}</TableCell>
                <TableCell>{money(c.limitYearly)}</TableCell>
                <TableCell>{c.supervisorName}</TableCell>
                <TableCell>{c.isActive ? 'Yes' : 'No'}</TableCell>
                <TableCell>{c.isSuspended ? 'Yes' : 'No'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </LoadState>
      {adding && <EditDialog level={level} code={null} onClose={() => setAdding(false)} onSaved={(c) => navigate(detailRoute(level, c.trackingCodeId))} />}
    </Box>
  );
}

// ---- detail behind the route guard

function GuardedDetail({ level, id }: { level: number | null; id: string }) {
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let live = true;
    const back = (message: string) => {
      notify(message, 'error');
      navigate(level ? searchRoute(level) : '/homeMain', { replace: true });
    };
    const early = guardDecision(level, id, { trackingLevelID: level ?? 0 });
    if (early.kind === 'refused') {
      back(early.message);
      return undefined;
    }
    api
      .get<{ trackingLevelID: number }>(`/api/V1/TrackingCode/${id}`, { quiet: true })
      .then((found) => {
        if (!live) return;
        const outcome = guardDecision(level, id, found);
        if (outcome.kind === 'ok') setAllowed(true);
        else back(outcome.message);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const status = error instanceof HttpError ? error.status : 0;
        back(status === 404 || status === 400 ? NOT_FOUND : 'An error occurred fetching this tracking code.');
      });
    return () => {
      live = false;
    };
  }, [level, id, navigate]);
  if (!allowed || level === null) return <Box sx={{ p: 2 }} data-testid="tracking-guard-wait" />;
  return <Detail level={level} id={Number(id)} />;
}

function Detail({ level, id }: { level: number; id: number }) {
  const navigate = useNavigate();
  const canEdit = useHasPermission(TRACKING_CODE_EDIT);
  const name = useLevelName(level);
  const loaded = useLoad((signal) => api.get<TrackingCodeDetail>(`/api/V1/TrackingCode/V2/${id}?level=${level}`, { signal }), [id, level]);
  const refs = useLoad((signal) => api.get<any>(`/api/V1/TrackingCode/Reference/${id}`, { signal, quiet: true }), [id, loaded.data]);
  const history = useLoad((signal) => api.get<any[]>(`/api/V1/TrackingCode/Audit/Detail/${id}`, { signal, quiet: true }), [id, loaded.data]);
  const [editing, setEditing] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const code = loaded.data;
  return (
    <Box sx={{ p: 2 }} data-testid="tracking-detail" data-id={id}>
      <PageBanner title={code ? `${name} ${code.trackingNumber}` : name}>
        <Button onClick={() => navigate(searchRoute(level))} data-testid="tracking-back">
          Back to search
        </Button>
      </PageBanner>
      <LoadState loading={loaded.loading} error={loaded.error} what="tracking code">
        {code && (
          <>
            <Section
              title="General"
              testId="tracking-general"
              actions={
                canEdit && (
                  <Stack direction="row" spacing={1}>
                    <Button onClick={() => setEditing(true)} data-testid="tracking-edit">
                      Edit
                    </Button>
                    {code.isSuspended ? (
                      <Button onClick={() => void saveFull(code, { isSuspended: false }).then(loaded.reload)} data-testid="tracking-reinstate">
                        Reinstate
                      </Button>
                    ) : (
                      <Button color="warning" onClick={() => setSuspending(true)} data-testid="tracking-suspend">
                        Suspend
                      </Button>
                    )}
                  </Stack>
                )
              }
            >
              <InfoRow label="Tracking Number" value={code.trackingNumber} testId="tracking-number" />
              <InfoRow label="Description" value={code.description} testId="tracking-description" />
              <InfoRow label="Level" value={`${code.trackingLevelID} ${code.trackingLevelDescription}`} testId="tracking-level" />
              <InfoRow label="Group" value={code.trackingCodeGroup} testId="tracking-group" />
              <InfoRow label="Active" value={code.isActive ? 'Yes' : 'No'} testId="tracking-active" />
              <InfoRow
                label="Suspended"
                value={code.isSuspended ? `Yes, since ${code.suspensionDate} (${SUSPENSION_REASONS.find((r) => r.value === String(code.suspensionReasonID))?.label ?? ''})` : 'No'}
                testId="tracking-suspended"
              />
              <InfoRow label="Supervisor" value={code.supervisorName} testId="tracking-supervisor" />
            </Section>
            <LimitsSection code={code} canEdit={canEdit} onSaved={loaded.reload} />
            <Section title="Item restrictions" testId="tracking-items">
              {code.restrictedItems.length === 0 ? (
                <Typography variant="body2">Valid for every item.</Typography>
              ) : (
                code.restrictedItems.map((i) => (
                  <Typography key={i.cid_no} variant="body2" data-testid="tracking-item-row">
                    {i.cust_item_code} {i.cust_desc1}
                  </Typography>
                ))
              )}
            </Section>
            <Section title="Where used" testId="tracking-references">
              <Typography variant="body2" data-testid="tracking-ref-summary">
                {refs.data
                  ? `${refs.data.employees.length} employees, ${refs.data.cips.length} CIPs, ${refs.data.groups.length} groups default to or are restricted to this code`
                  : ''}
              </Typography>
              {(refs.data?.employees ?? []).map((e: any) => (
                <Typography key={`e${e.employee_id}`} variant="body2" data-testid="tracking-ref-employee">
                  Employee {e.employee_number} {e.name}
                </Typography>
              ))}
              {(refs.data?.cips ?? []).map((c: any) => (
                <Typography key={`c${c.cip_no}`} variant="body2" data-testid="tracking-ref-cip">
                  CIP {c.cip_code} {c.cust_item_code}
                </Typography>
              ))}
            </Section>
            <Section title="History" testId="tracking-history">
              {(history.data ?? []).map((h: any) => (
                <Typography key={h.audit_event_id} variant="body2" data-testid="tracking-history-row">
                  {new Date(h.occurred_at).toLocaleString()} {h.action} by {h.changed_by}: {Object.keys(h.changes ?? {}).join(', ')}
                </Typography>
              ))}
            </Section>
            {editing && <EditDialog level={level} code={code} onClose={() => setEditing(false)} onSaved={() => { setEditing(false); loaded.reload(); }} />}
            {suspending && <SuspendDialog code={code} onClose={() => setSuspending(false)} onSaved={() => { setSuspending(false); loaded.reload(); }} />}
          </>
        )}
      </LoadState>
    </Box>
  );
}

/** A full update from the code as loaded, with `patch` applied (item restrictions unchanged). */
function saveFull(code: TrackingCodeDetail, patch: Record<string, unknown>) {
  const body = {
    trackingCodeId: code.trackingCodeId,
    trackingNumber: code.trackingNumber,
    description: code.description,
    isActive: code.isActive,
    isSuspended: code.isSuspended,
    suspensionReasonID: code.suspensionReasonID,
    suspensionDate: code.suspensionDate,
    limitDaily: code.limitDaily,
    limitWeekly: code.limitWeekly,
    limitMonthly: code.limitMonthly,
    limitYearly: code.limitYearly,
    overrideDaily: code.overrideDaily,
    overrideWeekly: code.overrideWeekly,
    overrideMonthly: code.overrideMonthly,
    overrideYearly: code.overrideYearly,
    supervisor: code.supervisor,
    trackingCodeGroup: code.trackingCodeGroup,
    ...patch,
  };
  return api.put<TrackingCodeDetail>('/api/V1/TrackingCode/Update', body, { local400: true });
}

const PERIODS = [
  { key: 'Daily', label: 'Daily' },
  { key: 'Weekly', label: 'Weekly' },
  { key: 'Monthly', label: 'Monthly' },
  { key: 'Yearly', label: 'Yearly' },
] as const;

function LimitsSection({ code, canEdit, onSaved }: { code: TrackingCodeDetail; canEdit: boolean; onSaved: () => void }) {
  const initial = () => Object.fromEntries(PERIODS.flatMap((p) => [[`limit${p.key}`, (code as any)[`limit${p.key}`] ?? ''], [`override${p.key}`, Boolean((code as any)[`override${p.key}`])]]));
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Record<string, any>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const body: Record<string, unknown> = { trackingCodeId: code.trackingCodeId };
    for (const p of PERIODS) {
      body[`limit${p.key}`] = limitValue(form[`limit${p.key}`]);
      body[`override${p.key}`] = form[`override${p.key}`];
    }
    try {
      await api.put('/api/V1/TrackingCode/Min3/Update', body, { local400: true });
      setEditing(false);
      setErrors({});
      notify('Limits saved.', 'success');
      onSaved();
    } catch (error) {
      setErrors(fieldErrorsOf(error).fields);
    }
  };
  return (
    <Section
      title="Limits"
      testId="tracking-limits"
      actions={
        canEdit &&
        (editing ? (
          <Stack direction="row" spacing={1}>
            <Button onClick={() => { setForm(initial()); setEditing(false); }} data-testid="tracking-limits-cancel">
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void save()} data-testid="tracking-limits-save">
              Save
            </Button>
          </Stack>
        ) : (
          <Button onClick={() => { setForm(initial()); setEditing(true); }} data-testid="tracking-limits-edit">
            Edit limits
          </Button>
        ))
      }
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Period</TableCell>
            <TableCell>Limit</TableCell>
            <TableCell>Supervisor may override</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PERIODS.map((p) => (
            <TableRow key={p.key}>
              <TableCell>{p.label}</TableCell>
              <TableCell data-testid={`tracking-limit-${p.key.toLowerCase()}`}>
                {editing ? (
                  <TextField
                    size="small"
                    value={form[`limit${p.key}`]}
                    onChange={(e) => setForm((f) => ({ ...f, [`limit${p.key}`]: e.target.value }))}
                    error={Boolean(errors[`limit${p.key}`])}
                    helperText={errors[`limit${p.key}`]}
                    inputProps={{ 'data-testid': `tracking-limit-input-${p.key.toLowerCase()}`, inputMode: 'decimal' }}
                  />
                ) : (
                  money((code as any)[`limit${p.key}`])
                )}
              </TableCell>
              <TableCell data-testid={`tracking-override-${p.key.toLowerCase()}`}>
                {editing ? (
                  <Checkbox
                    checked={Boolean(form[`override${p.key}`])}
                    onChange={(e) => setForm((f) => ({ ...f, [`override${p.key}`]: e.target.checked }))}
                    inputProps={{ 'data-testid': `tracking-override-input-${p.key.toLowerCase()}` } as any}
                  />
                ) : (code as any)[`override${p.key}`] ? (
                  'Yes'
                ) : (
                  'No'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function EditDialog({ level, code, onClose, onSaved }: { level: number; code: TrackingCodeDetail | null; onClose: () => void; onSaved: (c: TrackingCodeDetail) => void }) {
  const [form, setForm] = useState({
    trackingNumber: code?.trackingNumber ?? '',
    description: code?.description ?? '',
    trackingCodeGroup: code?.trackingCodeGroup ?? '',
    supervisor: code?.supervisor ? String(code.supervisor) : '',
    isActive: code?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = async () => {
    const patch = {
      trackingNumber: form.trackingNumber,
      description: form.description || null,
      trackingCodeGroup: form.trackingCodeGroup || null,
      supervisor: form.supervisor.trim() ? Number(form.supervisor) : null,
      isActive: form.isActive,
    };
    try {
      const saved = code
        ? await saveFull(code, patch)
        : await api.post<TrackingCodeDetail>('/api/V1/TrackingCode/Create', { trackingLevelID: level, ...patch }, { local400: true });
      onSaved(saved);
    } catch (error) {
      const e = fieldErrorsOf(error);
      setErrors(e.fields);
      setFormError(e.form);
    }
  };
  const field = (key: keyof typeof form, label: string) => (
    <TextField
      size="small"
      label={label}
      value={form[key] as string}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      inputProps={{ 'data-testid': `tracking-form-${key}` }}
    />
  );
  return (
    <Dialog open onClose={onClose} data-testid="tracking-dialog">
      <DialogTitle>{code ? `Edit ${code.trackingNumber}` : 'New tracking code'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1, minWidth: 360 }}>
          {field('trackingNumber', 'Tracking Number')}
          {field('description', 'Description')}
          {field('trackingCodeGroup', 'Group')}
          {field('supervisor', 'Supervisor (employee id)')}
          <FormControlLabel control={<Checkbox checked={form.isActive} onChange={(e) => setForm((f) => ({ ...f, isActive: e.target.checked }))} />} label="Active" />
          {formError && <Typography color="error">{formError}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} data-testid="tracking-form-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SuspendDialog({ code, onClose, onSaved }: { code: TrackingCodeDetail; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState('1');
  const save = async () => {
    try {
      await saveFull(code, { isSuspended: true, suspensionReasonID: Number(reason), suspensionDate: null });
      onSaved();
    } catch (error) {
      const e = fieldErrorsOf(error);
      notify([...Object.values(e.fields), e.form].filter(Boolean).join('\n'), 'error');
    }
  };
  return (
    <Dialog open onClose={onClose} data-testid="tracking-suspend-dialog">
      <DialogTitle>Suspend {code.trackingNumber}</DialogTitle>
      <DialogContent>
        <TextField select size="small" label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} sx={{ mt: 1, minWidth: 240 }}>
          {SUSPENSION_REASONS.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="warning" onClick={() => void save()} data-testid="tracking-suspend-save">
          Suspend
        </Button>
      </DialogActions>
    </Dialog>
  );
}
