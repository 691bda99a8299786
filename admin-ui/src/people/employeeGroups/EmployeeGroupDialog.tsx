import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, Stack, TextField } from '@mui/material';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { fieldErrorsOf, useLoad } from '../../ui';
import { ENFORCED_LEVELS, GROUP_TYPES, emptyGroupForm, groupBody, groupForm, type EmployeeGroup, type EmployeeGroupForm } from './employeeGroups';

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

/** Create an employee group at the current site, or change one (EmployeeGroupEdit). */
export function EmployeeGroupDialog({ group, siteId, onClose, onSaved }: { group: EmployeeGroup | null; siteId: number | null; onClose: () => void; onSaved: (g: EmployeeGroup) => void }) {
  const [form, setForm] = useState<EmployeeGroupForm>(() => (group ? groupForm(group) : emptyGroupForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const site = group?.site_id ?? siteId;
  const approvers = useLoad(
    (signal) => callApi('get', '/V1/Employee/Group/Site/{site_id}/EmployeeGroupType/{type}', { path: { site_id: site ?? 0, type: 2 }, signal, quiet: true }),
    [site],
    site !== null,
  );
  const set = (patch: Partial<EmployeeGroupForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const save = async () => {
    const local: Record<string, string> = {};
    if (!form.description.trim()) local.description = 'Please enter a value for Description.';
    const body = groupBody(form, group, local);
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    setFormError(null);
    try {
      const saved = group ? await callApi('put', '/V1/Employee/Group', { body, local400: true }) : await callApi('post', '/V1/Employee/Group', { body, local400: true });
      notify(`Employee group ${saved.description} saved.`, 'success');
      onSaved(saved);
    } catch (e) {
      const { fields, form: message } = fieldErrorsOf(e);
      setErrors(fields);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };
  const text = (field: keyof EmployeeGroupForm, label: string, required = false) => (
    <TextField
      size="small"
      fullWidth
      label={label}
      required={required}
      value={String(form[field] ?? '')}
      onChange={(e) => set({ [field]: e.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      slotProps={{ htmlInput: testInput(`group-${field}`) }}
    />
  );
  const approverOptions = [{ value: '', label: 'None' }, ...(approvers.data ?? []).filter((a) => a.employeeGroupID !== group?.employeeGroupID).map((a) => ({ value: String(a.employeeGroupID), label: a.description }))];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="group-dialog">
      <DialogTitle>{group ? `Employee group ${group.description}` : 'New employee group'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {formError && <Alert severity="error">{formError}</Alert>}
          {text('description', 'Description', true)}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <SelectField testId="group-group_type" label="Type" value={form.group_type} options={GROUP_TYPES} onChange={(v) => set({ group_type: Number(v) })} error={Boolean(errors.group_type)} helperText={errors.group_type} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <SelectField testId="group-enforced_level" label="Enforced level" value={form.enforced_level} options={ENFORCED_LEVELS} onChange={(v) => set({ enforced_level: Number(v) })} error={Boolean(errors.enforced_level)} helperText={errors.enforced_level} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <SelectField testId="group-approver" label="Approver group" value={form.approver_group_id} options={approverOptions} onChange={(v) => set({ approver_group_id: String(v) })} error={Boolean(errors.approver_group_id)} helperText={errors.approver_group_id} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>{text('limitDaily', 'Daily limit')}</Grid>
            <Grid size={{ xs: 6, md: 3 }}>{text('limitWeekly', 'Weekly limit')}</Grid>
            <Grid size={{ xs: 6, md: 3 }}>{text('limitMonthly', 'Monthly limit')}</Grid>
            <Grid size={{ xs: 6, md: 3 }}>{text('limitYearly', 'Yearly limit')}</Grid>
            <Grid size={{ xs: 6, md: 3 }}>{text('costLimit', 'Cost limit')}</Grid>
            <Grid size={{ xs: 6, md: 3 }}>{text('budget_amount', 'Budget')}</Grid>
          </Grid>
          <Stack direction="row" spacing={2}>
            <FormControlLabel label="Default group" control={<Checkbox checked={form.defaultGroup} onChange={(e) => set({ defaultGroup: e.target.checked })} />} />
            <FormControlLabel label="VMI" control={<Checkbox checked={form.vmi} onChange={(e) => set({ vmi: e.target.checked })} />} />
            <FormControlLabel label="Bypass SR approval" control={<Checkbox checked={form.bypass_SR_approval} onChange={(e) => set({ bypass_SR_approval: e.target.checked })} />} />
          </Stack>
          {errors.defaultGroup && <Alert severity="error">{errors.defaultGroup}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid="group-save">
          Save
        </GuardedButton>
      </DialogActions>
    </Dialog>
  );
}
