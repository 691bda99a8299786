// The employee page's dialogs: the PIN (EmpPinUpdate) and the supervisor (AddSupervisor, a picker of the site's
// supervisors by name and number).
import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { callApi } from '../../../shared/api';
import { notify } from '../../../shared/events';
import { GuardedButton } from '../../../grid/GuardedButton';
import { fieldErrorsOf, nameWithCode, useLoad } from '../../../ui';
import { fullName, validPin, type Employee } from '../employees';

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

/** Set the employee's PIN (EmpPinUpdate): 4 to 8 digits, entered twice, never shown again. */
export function PinDialog({ employee, onClose, onSaved }: { employee: Employee; onClose: () => void; onSaved: () => void }) {
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
export function SupervisorDialog({ employee, onClose, onSaved }: { employee: Employee; onClose: () => void; onSaved: () => void }) {
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
              {nameWithCode(fullName(s), s.employeeNumber)}: supervises {s.supervisedCount}
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
