import { useEffect, useState, type InputHTMLAttributes } from 'react';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, MenuItem, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, TextField,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PasswordIcon from '@mui/icons-material/Password';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { useLocation, useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { formatFactor, formatMoney, formatQuantity } from '../../shared/numbers';
import { formatDateTime } from '../../grid/format';
import { GuardedButton } from '../../grid/GuardedButton';
import { PageBanner, RouteLink, useHasPermission } from '../../ui';
import { InfoRow, LoadState, Section, fieldErrorsOf, notifyRefusal, useLoad } from '../../ui';
import {
  ABILITY_FLAGS, EMPLOYEE_SEARCH_ROUTE, EMP_EDIT, EMP_PIN, INVALID_ROUTE_GUARD, employeeBody, employeeGuardMessage, employeeRoute, fullName, routeId,
  validPin, type Employee,
} from './employees';
import { EmployeeNumberLink } from './EmployeePopup';

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;
type Form = Partial<Employee>;

/** The employee form (new at the current site, or a whole-record change). */
function EmployeeForm({ employee, onSaved, onCancel }: { employee: Employee | null; onSaved: (e: Employee) => void; onCancel: () => void }) {
  const [form, setForm] = useState<Form>(() => employee ?? { isActive: true, canReturn: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Form) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const save = async () => {
    setBusy(true);
    setFormError(null);
    try {
      const body = employeeBody(form, employee?.employeeID);
      const saved = employee ? await callApi('put', '/V1/Employee', { body, local400: true }) : await callApi('post', '/V1/Employee', { body, local400: true });
      notify(saved.message, 'success');
      onSaved(saved.employee);
    } catch (e) {
      const { fields, form: message } = fieldErrorsOf(e);
      setErrors(fields);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };
  const text = (field: keyof Employee, label: string, required = false, type = 'text') => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <TextField
        fullWidth
        size="small"
        type={type}
        label={label}
        required={required}
        value={form[field] === null || form[field] === undefined ? '' : String(form[field])}
        onChange={(e) => set({ [field]: e.target.value === '' ? null : e.target.value } as Form)}
        error={Boolean(errors[field])}
        helperText={errors[field]}
        slotProps={{ htmlInput: testInput(`employee-${field}`), inputLabel: type === 'time' || type === 'date' ? { shrink: true } : undefined }}
      />
    </Grid>
  );
  const check = (field: keyof Employee, label: string) => (
    <FormControlLabel
      key={field}
      label={label}
      control={<Checkbox checked={Boolean(form[field])} onChange={(e) => set({ [field]: e.target.checked } as Form)} slotProps={{ input: testInput(`employee-${field}`) }} />}
    />
  );
  return (
    <Section title={employee ? 'Edit employee' : 'New employee'} testId="employee-form">
      {formError && <Alert severity="error" sx={{ mb: 2 }}>{formError}</Alert>}
      <Grid container spacing={2}>
        {text('employeeNumber', 'Employee #', true)}
        {text('lastName', 'Last Name', true)}
        {text('firstName', 'First Name', true)}
        {text('badgeNumber', 'Badge')}
        {text('email', 'Email')}
        {text('phone', 'Phone')}
        {text('company', 'Company')}
        {text('customerEmployeeNum', 'Customer Employee #')}
        {text('beginTime', 'Shift begins', false, 'time')}
        {text('endTime', 'Shift ends', false, 'time')}
        {text('laborCost', 'Labor Cost', false, 'number')}
        {text('suspensionDate', 'Suspension Date', false, 'date')}
        {text('track1', 'Default Track 1 (id)', false, 'number')}
        {text('track2', 'Default Track 2 (id)', false, 'number')}
        {text('comments', 'Comments')}
      </Grid>
      <Stack direction="row" sx={{ flexWrap: 'wrap', mt: 1 }}>
        {check('isActive', 'Active')}
        {check('isSuspended', 'Suspended')}
        {check('supervisor', 'Supervisor')}
        {ABILITY_FLAGS.map(([field, label]) => check(field, label))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid="employee-save">
          Save
        </GuardedButton>
        <Button onClick={onCancel} data-testid="employee-cancel">
          Cancel
        </Button>
      </Stack>
    </Section>
  );
}

/** Set the employee's PIN (EmpPinUpdate): 4 to 8 digits, entered twice, never shown again. */
function PinDialog({ employee, onClose, onSaved }: { employee: Employee; onClose: () => void; onSaved: () => void }) {
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!validPin(pin)) return setError('The PIN must be 4 to 8 digits.');
    if (pin !== confirm) return setError('The PIN fields do not match.');
    try {
      await callApi('put', '/V1/Employee/Pin/Update/{id}/{pin}', { path: { id: employee.employeeID, pin: pin.trim() }, local400: true });
      notify('The PIN was updated.', 'success');
      onSaved();
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setError(fields.pin ?? form);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="pin-dialog">
      <DialogTitle>PIN for {fullName(employee)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField size="small" type="password" label="New PIN" value={pin} onChange={(e) => { setPin(e.target.value); setError(null); }} slotProps={{ htmlInput: { ...testInput('pin-new'), inputMode: 'numeric', autoComplete: 'off' } }} />
          <TextField size="small" type="password" label="Confirm PIN" value={confirm} onChange={(e) => { setConfirm(e.target.value); setError(null); }} slotProps={{ htmlInput: { ...testInput('pin-confirm'), inputMode: 'numeric', autoComplete: 'off' } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <GuardedButton variant="contained" onClick={save} data-testid="pin-save">
          Save PIN
        </GuardedButton>
      </DialogActions>
    </Dialog>
  );
}

/** Name the employee's supervisor from the site's supervisors (AddSupervisor). */
function SupervisorDialog({ employee, onClose, onSaved }: { employee: Employee; onClose: () => void; onSaved: () => void }) {
  const supervisors = useLoad(
    (signal) => callApi('post', '/V1/Employee/EmployeeSupervisorSearch', { query: { pageSize: 200, sortField: 'lastName' }, signal, quiet: true }),
    [],
  );
  const [choice, setChoice] = useState<string>(employee.supervisor_id ? String(employee.supervisor_id) : '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      await callApi('post', '/V1/Employee/AddSupervisor', { body: { employeeIds: [employee.employeeID], supervisor_id: choice ? Number(choice) : null }, local400: true });
      notify('Supervisor saved.', 'success');
      onSaved();
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setError(fields.supervisor_id ?? fields.employeeIds ?? form);
    }
  };
  const options = (supervisors.data?.resultList ?? []).filter((s) => s.employeeID !== employee.employeeID);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="supervisor-dialog">
      <DialogTitle>Supervisor of {fullName(employee)}</DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <TextField select fullWidth size="small" label="Supervisor" value={choice} onChange={(e) => setChoice(e.target.value)} slotProps={{ htmlInput: testInput('supervisor-select') }}>
          <MenuItem value="">(none)</MenuItem>
          {options.map((s) => (
            <MenuItem key={s.employeeID} value={String(s.employeeID)} data-testid={`supervisor-option-${s.employeeNumber}`}>
              {s.employeeNumber} {s.lastName}, {s.firstName} ({s.supervisedCount})
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <GuardedButton variant="contained" onClick={save} data-testid="supervisor-save">
          Save
        </GuardedButton>
      </DialogActions>
    </Dialog>
  );
}

/** An employee's item limits with a small form to set or remove one (EMP ItemLimit). */
function ItemLimits({ employeeId, limits, canEdit, onChanged }: { employeeId: number; limits: { cid_no: number; cust_item_code?: string | null; cust_desc1?: string | null; period: string; quantity: number }[]; canEdit: boolean; onChanged: () => void }) {
  const [cid, setCid] = useState('');
  const [period, setPeriod] = useState('week');
  const [qty, setQty] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async (cidNo: number, p: string, quantity: number | null) => {
    try {
      await callApi('post', '/V1/Employee/ItemLimit', { body: { employeeID: employeeId, cid_no: cidNo, period: p, quantity }, local400: true });
      setErrors({});
      onChanged();
    } catch (e) {
      setErrors(fieldErrorsOf(e).fields);
      notifyRefusal(e);
    }
  };
  return (
    <Section title="Item limits" testId="employee-item-limits">
      <Table size="small">
        <TableHead>
          <TableRow><TableCell>CID</TableCell><TableCell>Item</TableCell><TableCell>Period</TableCell><TableCell align="right">Quantity</TableCell><TableCell /></TableRow>
        </TableHead>
        <TableBody>
          {limits.map((l) => (
            <TableRow key={`${l.cid_no}-${l.period}`}>
              <TableCell>{l.cid_no}</TableCell>
              <TableCell>{l.cust_item_code} {l.cust_desc1}</TableCell>
              <TableCell>{l.period}</TableCell>
              <TableCell align="right">{formatQuantity(l.quantity)}</TableCell>
              <TableCell>{canEdit && <Button size="small" onClick={() => save(l.cid_no, l.period, null)}>Remove</Button>}</TableCell>
            </TableRow>
          ))}
          {!limits.length && <TableRow><TableCell colSpan={5}>No item limits.</TableCell></TableRow>}
        </TableBody>
      </Table>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <TextField size="small" label="CID" value={cid} onChange={(e) => setCid(e.target.value)} error={Boolean(errors.cid_no)} helperText={errors.cid_no} />
          <TextField select size="small" label="Period" value={period} onChange={(e) => setPeriod(e.target.value)} sx={{ minWidth: 120 }}>
            {['day', 'week', 'month', 'year'].map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>)}
          </TextField>
          <TextField size="small" label="Quantity" value={qty} onChange={(e) => setQty(e.target.value)} error={Boolean(errors.quantity)} helperText={errors.quantity} />
          <Button variant="outlined" onClick={() => save(Number(cid), period, qty.trim() ? Number(qty) : null)} disabled={!cid.trim()}>
            Set limit
          </Button>
        </Stack>
      )}
    </Section>
  );
}

/**
 * The employee page (`/employee?id=`): its route guard (a missing id: 'Invalid route guard'; ids below 1: a new
 * employee; a refused lookup: the guard's message, then the search), the record, the employees it supervises, item
 * limits, history; Edit, PIN and Supervisor for their permission holders.
 */
export function EmployeePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = routeId(location.search);
  const canEdit = useHasPermission(EMP_EDIT);
  const canPin = useHasPermission(EMP_PIN);
  const id = route.kind === 'id' ? route.id : 0;
  const detail = useLoad((signal) => callApi('get', '/V1/Employee/Common/{id}', { path: { id }, signal, quiet: true }), [id], route.kind === 'id');
  const history = useLoad((signal) => callApi('get', '/V1/Employee/Audit/Detail/{id}', { path: { id }, signal, quiet: true }), [id, detail.data], route.kind === 'id' && Boolean(detail.data));
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'pin' | 'supervisor' | null>(null);

  useEffect(() => {
    if (route.kind === 'missing') {
      notify(INVALID_ROUTE_GUARD, 'error');
      navigate(EMPLOYEE_SEARCH_ROUTE, { replace: true });
    } else if (detail.error) {
      notify(employeeGuardMessage(detail.error), 'error');
      navigate(EMPLOYEE_SEARCH_ROUTE, { replace: true });
    }
  }, [route.kind, detail.error, navigate]);

  if (route.kind === 'new') {
    return (
      <Box sx={{ p: 2 }} data-testid="employee-page">
        <PageBanner title="New Employee" />
        {canEdit ? (
          <EmployeeForm employee={null} onSaved={(e) => navigate(employeeRoute(e.employeeID), { replace: true })} onCancel={() => navigate(EMPLOYEE_SEARCH_ROUTE)} />
        ) : (
          <Alert severity="warning">You may not add employees.</Alert>
        )}
      </Box>
    );
  }
  const e = detail.data?.employee;
  const reload = () => {
    setDialog(null);
    detail.reload();
  };
  return (
    <Box sx={{ p: 2 }} data-testid="employee-page">
      <PageBanner title={e ? `Employee ${e.employeeNumber}: ${fullName(e)}` : 'Employee'}>
        {e && canEdit && !editing && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="employee-edit">
            Edit
          </Button>
        )}
        {e && canPin && (
          <Button variant="outlined" startIcon={<PasswordIcon />} onClick={() => setDialog('pin')} data-testid="employee-pin">
            {e.hasPin ? 'Change PIN' : 'Set PIN'}
          </Button>
        )}
        {e && canEdit && (
          <Button variant="outlined" startIcon={<SupervisorAccountIcon />} onClick={() => setDialog('supervisor')} data-testid="employee-supervisor">
            Supervisor
          </Button>
        )}
      </PageBanner>
      <LoadState loading={detail.loading} error={null} what="employee">
        {e && detail.data && (
          <Stack spacing={2}>
            {editing ? (
              <EmployeeForm employee={e} onSaved={() => { setEditing(false); detail.reload(); }} onCancel={() => setEditing(false)} />
            ) : (
              <Section title="Employee" testId="employee-detail">
                <Grid container spacing={1}>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Employee #" value={e.employeeNumber} testId="employee-number" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Name" value={fullName(e)} testId="employee-name" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Badge" value={e.badgeNumber ?? ''} testId="employee-badge" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Site" value={e.siteCode ?? ''} /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Active" value={e.isActive ? 'Yes' : 'No'} testId="employee-active" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Suspended" value={e.isSuspended ? `Yes${e.suspensionDate ? ` (${e.suspensionDate})` : ''}` : 'No'} /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="PIN" value={e.hasPin ? 'Set' : 'Not set'} testId="employee-has-pin" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Supervisor" value={e.supervisorName ?? ''} testId="employee-supervisor-name" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Email" value={e.email ?? ''} testId="employee-email" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Phone" value={e.phone ?? ''} testId="employee-phone" /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Company" value={e.company ?? ''} /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Labor cost" value={formatMoney(e.laborCost, { currency: 'USD' })} /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Shift" value={e.beginTime && e.endTime ? `${e.beginTime.slice(0, 5)} - ${e.endTime.slice(0, 5)}` : ''} /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Workflow factor" value={detail.data.factorDescription ? `${detail.data.factorDescription} (${formatFactor(e.factor_value)})` : ''} /></Grid>
                  <Grid size={{ xs: 6, md: 3 }}><InfoRow label="Default tracking" value={[e.track1, e.track2, e.track3, e.track4].filter((t) => t !== null && t !== undefined).join(', ')} /></Grid>
                  <Grid size={{ xs: 12 }}><InfoRow label="Abilities" value={ABILITY_FLAGS.filter(([f]) => e[f]).map(([, l]) => l).join(', ') || 'none'} /></Grid>
                </Grid>
              </Section>
            )}
            <Section title="Supervises" testId="employee-supervises">
              {detail.data.supervises.length ? (
                <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                  {detail.data.supervises.map((s) => (
                    <span key={s.employeeID}>
                      <EmployeeNumberLink employeeId={s.employeeID} number={s.employeeNumber} /> {s.lastName}, {s.firstName}
                    </span>
                  ))}
                </Stack>
              ) : (
                'Nobody.'
              )}
            </Section>
            <ItemLimits employeeId={e.employeeID} limits={detail.data.itemLimits} canEdit={canEdit} onChanged={detail.reload} />
            <Section title="History" testId="employee-history">
              <Table size="small">
                <TableHead>
                  <TableRow><TableCell>When</TableCell><TableCell>What</TableCell><TableCell>Who</TableCell><TableCell>Changes</TableCell></TableRow>
                </TableHead>
                <TableBody>
                  {(history.data ?? []).map((h) => (
                    <TableRow key={h.audit_event_id}>
                      <TableCell>{formatDateTime(h.occurred_at)}</TableCell>
                      <TableCell>{h.action}</TableCell>
                      <TableCell>{h.changed_by}{h.acting_as ? ` as ${h.acting_as}` : ''}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{JSON.stringify(h.changes)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Section>
            <RouteLink to={EMPLOYEE_SEARCH_ROUTE}>Back to the employee search</RouteLink>
          </Stack>
        )}
      </LoadState>
      {e && dialog === 'pin' && <PinDialog employee={e} onClose={() => setDialog(null)} onSaved={reload} />}
      {e && dialog === 'supervisor' && <SupervisorDialog employee={e} onClose={() => setDialog(null)} onSaved={reload} />}
    </Box>
  );
}
