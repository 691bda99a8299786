// The tracking code's dialogs: add or edit (the supervisor picked by name, never typed as an id), and suspend with
// a reason; both save the whole code (Update) from the code as loaded.
import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { callApi, type Schema } from '../../shared/api';
import { notify } from '../../shared/events';
import { EmployeePicker, fieldErrorsOf } from '../../ui';
import { SUSPENSION_REASONS, type TrackingCodeDetail } from '../trackingCodes';

/** A full update from the code as loaded, with `patch` applied (item restrictions unchanged). */
export function saveFull(code: TrackingCodeDetail, patch: Partial<Schema<'TrackingCodeUpdate'>>) {
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
  return callApi('put', '/V1/TrackingCode/Update', { body, local400: true });
}

export function EditDialog({ level, code, onClose, onSaved }: { level: number; code: TrackingCodeDetail | null; onClose: () => void; onSaved: (c: TrackingCodeDetail) => void }) {
  const [form, setForm] = useState({
    trackingNumber: code?.trackingNumber ?? '',
    description: code?.description ?? '',
    trackingCodeGroup: code?.trackingCodeGroup ?? '',
    supervisor: code?.supervisor ?? null,
    isActive: code?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = async () => {
    const patch = {
      trackingNumber: form.trackingNumber,
      description: form.description || null,
      trackingCodeGroup: form.trackingCodeGroup || null,
      supervisor: form.supervisor,
      isActive: form.isActive,
    };
    try {
      const saved = code
        ? await saveFull(code, patch)
        : await callApi('post', '/V1/TrackingCode/Create', { body: { trackingLevelID: level, ...patch }, local400: true });
      onSaved(saved);
    } catch (error) {
      const e = fieldErrorsOf(error);
      setErrors(e.fields);
      setFormError(e.form);
    }
  };
  const field = (key: 'trackingNumber' | 'description' | 'trackingCodeGroup', label: string) => (
    <TextField
      size="small"
      label={label}
      value={form[key]}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      slotProps={{ htmlInput: { 'data-testid': `tracking-form-${key}` } }}
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
          <EmployeePicker
            label="Supervisor"
            value={form.supervisor}
            onChange={(key) => setForm((f) => ({ ...f, supervisor: key === null ? null : Number(key) }))}
            testId="tracking-form-supervisor"
            error={errors.supervisor}
            width="100%"
          />
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

export function SuspendDialog({ code, onClose, onSaved }: { code: TrackingCodeDetail; onClose: () => void; onSaved: () => void }) {
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
