// The employee form: new at the current site, or a whole-record change (PUT replaces). Fields are grouped as a
// person reads them; the default tracking codes are pickers of the site's levels (name and code shown, the code's id
// sent as a number); what can be checked here is checked before sending, all at once, and the server's refusals
// land at their fields by label.
import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, Grid, Stack, TextField, Typography } from '@mui/material';
import { callApi } from '../../../shared/api';
import { notify } from '../../../shared/events';
import { GuardedButton } from '../../../grid/GuardedButton';
import { RecordPicker, Section, hasErrors, serverErrors, trackingCodeKind, validateForm, type FormErrors } from '../../../ui';
import type { TrackingLevel } from '../../../trackingCodes/trackingCodes';
import { ABILITY_FLAGS, EMPLOYEE_LABELS, EMPLOYEE_RULES, TRACK_FIELDS, employeeBody, idOrNull, type Employee, type TrackField } from '../employees';

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;
type Form = Partial<Employee>;


/**
 * The default-tracking pickers to show: one per active level of the site, named by the level, plus any level the
 * employee already has a default at (so a default at a level switched off can still be seen and cleared).
 */
export function trackPickers(levels: readonly Pick<TrackingLevel, 'trackingLevelID' | 'description' | 'isActive'>[] | undefined, form: Form): { field: TrackField; level: number; label: string }[] {
  return TRACK_FIELDS.map((field, i) => {
    const level = i + 1;
    const found = levels?.find((l) => l.trackingLevelID === level);
    const shown = found ? found.isActive : levels === undefined;
    return { field, level, label: `Default ${found?.description ?? `tracking level ${level}`}`, shown: shown || idOrNull(form[field]) !== null };
  })
    .filter((p) => p.shown)
    .map(({ field, level, label }) => ({ field, level, label }));
}

/** The fields this form shows an input for (besides the tracking pickers). */
const SHOWN = new Set<string>([...Object.keys(EMPLOYEE_RULES), 'beginTime', 'endTime', 'suspensionDate']);

export interface EmployeeFormProps {
  employee: Employee | null;
  /** The site's tracking levels (undefined while loading). */
  levels: readonly TrackingLevel[] | undefined;
  onSaved: (e: Employee) => void;
  onCancel: () => void;
}

export function EmployeeForm({ employee, levels, onSaved, onCancel }: EmployeeFormProps) {
  const [form, setForm] = useState<Form>(() => employee ?? { isActive: true, canReturn: true });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Form) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const save = async () => {
    const problems = validateForm(EMPLOYEE_RULES, form);
    setErrors(problems);
    setFormError(null);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      const body = employeeBody(form, employee?.employeeID);
      const saved = employee ? await callApi('put', '/V1/Employee', { body, local400: true }) : await callApi('post', '/V1/Employee', { body, local400: true });
      notify(saved.message, 'success');
      onSaved(saved.employee);
    } catch (e) {
      // The tracking fields are said by their level's name ('Default Cost Centre'), as the pickers are labelled.
      const tracks = Object.fromEntries(trackPickers(levels, form).map((p) => [p.field, p.label]));
      const { fields, form: message } = serverErrors(e, { ...EMPLOYEE_LABELS, ...tracks, ...EMPLOYEE_RULES });
      // A refusal of a field the form does not show (the suspension reason, the supervisor) goes above the form.
      const hidden = Object.entries(fields).filter(([key]) => !SHOWN.has(key) && !(key in tracks));
      setErrors(Object.fromEntries(Object.entries(fields).filter(([key]) => SHOWN.has(key) || key in tracks)));
      setFormError([...hidden.map(([, text]) => text), ...(message ? [message] : [])].join('\n') || null);
    } finally {
      setBusy(false);
    }
  };
  const text = (field: keyof Employee, label: string, type = 'text') => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }} key={field}>
      <TextField
        fullWidth
        size="small"
        type={type}
        label={label}
        required={Boolean(EMPLOYEE_RULES[field]?.required)}
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
  const group = (title: string) => (
    <Grid size={{ xs: 12 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
    </Grid>
  );
  return (
    <Section title={employee ? 'Edit employee' : 'New employee'} testId="employee-form">
      {formError && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="employee-form-error">
          {formError}
        </Alert>
      )}
      <Grid container spacing={2}>
        {group('Who')}
        {text('employeeNumber', EMPLOYEE_RULES.employeeNumber.label)}
        {text('lastName', EMPLOYEE_RULES.lastName.label)}
        {text('firstName', EMPLOYEE_RULES.firstName.label)}
        {text('badgeNumber', EMPLOYEE_RULES.badgeNumber.label)}
        {group('Contact')}
        {text('email', EMPLOYEE_RULES.email.label)}
        {text('phone', EMPLOYEE_RULES.phone.label)}
        {text('company', EMPLOYEE_RULES.company.label)}
        {text('customerEmployeeNum', EMPLOYEE_RULES.customerEmployeeNum.label)}
        {group('Work')}
        {text('beginTime', EMPLOYEE_LABELS.beginTime, 'time')}
        {text('endTime', EMPLOYEE_LABELS.endTime, 'time')}
        {text('laborCost', EMPLOYEE_RULES.laborCost.label, 'number')}
        {text('suspensionDate', EMPLOYEE_LABELS.suspensionDate, 'date')}
        {group('Default tracking')}
        {trackPickers(levels, form).map(({ field, level, label }) => (
          <Grid size={{ xs: 12, sm: 6, md: 3 }} key={field}>
            <RecordPicker
              kind={trackingCodeKind(level, label)}
              value={form[field] ?? null}
              onChange={(id) => set({ [field]: idOrNull(id) } as Form)}
              testId={`employee-${field}`}
              width="100%"
              error={errors[field]}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12 }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            size="small"
            label={EMPLOYEE_RULES.comments.label}
            value={form.comments ?? ''}
            onChange={(e) => set({ comments: e.target.value === '' ? null : e.target.value })}
            error={Boolean(errors.comments)}
            helperText={errors.comments}
            slotProps={{ htmlInput: testInput('employee-comments') }}
          />
        </Grid>
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
