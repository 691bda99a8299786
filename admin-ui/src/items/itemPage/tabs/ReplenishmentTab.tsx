import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, Grid, Stack, TextField, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { callApi, type Schema } from '../../../shared/api';
import { notify } from '../../../shared/events';
import { formatQuantity } from '../../../shared/numbers';
import { GuardedButton } from '../../../grid/GuardedButton';
import { SelectField } from '../../../grid/SelectField';
import { useHasPermission } from '../../../ui';
import { ITEM_EDIT, REPL_TYPE_OPTIONS, replTypeName, yesNo } from '../../common';
import { InfoRow, Section, fieldErrorsOf, nameWithCode, useLoad } from '../../../ui';
import { QUANTITY_FIELDS, replenishmentBody, replenishmentForm, type ReplenishmentForm } from '../replenishment';

type Cip = Schema<'Cip'>;

const inputProps = (testId: string) => ({ 'data-testid': testId, inputMode: 'decimal' }) as InputHTMLAttributes<HTMLInputElement>;

/** Replenishment: min, max, lot, reorder, number of lots, keep full and type; changed by ItemEdit holders. */
export function ReplenishmentTab({ cip, onSaved }: { cip: Cip; onSaved: () => void }) {
  const canEdit = useHasPermission(ITEM_EDIT);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ReplenishmentForm>(() => replenishmentForm(cip));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Cip | null>(null);
  const current = saved && saved.cip_no === cip.cip_no && saved.updated_at >= cip.updated_at ? saved : cip;
  const source = useLoad(
    (signal) => callApi('get', '/V1/Item/CIP/ReplenishmentSource/{cip_no}', { path: { cip_no: cip.cip_no }, signal, quiet: true }),
    [cip.cip_no, current.updated_at],
  );
  const keepFull = useLoad(
    (signal) => callApi('get', '/V1/Item/CIP/KeepFull/EditCheck/{cip_no}', { path: { cip_no: cip.cip_no }, signal, quiet: true }),
    [cip.cip_no, current.updated_at],
    canEdit,
  );

  const set = (patch: Partial<ReplenishmentForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    // A field's error clears when its value changes (spec 1 section 5).
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const startEditing = () => {
    setForm(replenishmentForm(current));
    setErrors({});
    setFormError(null);
    setEditing(true);
  };
  const save = async () => {
    const { body, errors: local } = replenishmentBody(cip.cip_no, form);
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    setFormError(null);
    try {
      const answer = await callApi('post', '/V1/Item/CIP/Replenishment/Update', { body, local400: true });
      setSaved(answer.cip);
      setEditing(false);
      notify(answer.message || 'Replenishment settings saved.', 'success');
      onSaved();
    } catch (error) {
      const { fields, form: message } = fieldErrorsOf(error);
      // Messages about a field the form does not show go with the form's own.
      const shown = new Set<string>(['repl_type', 'keep_full', ...QUANTITY_FIELDS.map((f) => f.field)]);
      const other = Object.entries(fields).filter(([field]) => !shown.has(field)).map(([, m]) => m);
      setErrors(fields);
      setFormError([...(message ? [message] : []), ...other].join('\n') || null);
    } finally {
      setBusy(false);
    }
  };

  const keepFullLocked = keepFull.data ? !keepFull.data.editable : false;
  return (
    <Section
      title="Replenishment"
      testId="item-replenishment"
      actions={
        canEdit && !editing ? (
          <Button size="small" variant="contained" startIcon={<EditIcon />} onClick={startEditing} data-testid="item-repl-edit">
            Edit
          </Button>
        ) : null
      }
    >
      {!editing ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <InfoRow label="Type" value={replTypeName(current.repl_type)} testId="item-repl-value-repl_type" />
            {QUANTITY_FIELDS.map(({ field, label }) => (
              <InfoRow key={field} label={label} value={formatQuantity(current[field])} testId={`item-repl-value-${field}`} />
            ))}
            <InfoRow label="Keep Full" value={yesNo(current.keep_full)} testId="item-repl-value-keep_full" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <InfoRow label="Source" value={source.data?.source} testId="item-repl-source" />
            <InfoRow label="Vendor" value={nameWithCode(source.data?.vend_name, source.data?.vend_code)} testId="item-repl-vendor" />
            <InfoRow label="Kanban bins" value={source.data?.kanban_bin_count} />
            <InfoRow label="Dispenser bins" value={source.data?.dispenser_bin_count} />
          </Grid>
        </Grid>
      ) : (
        <Stack spacing={2} data-testid="item-repl-form">
          {formError && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="item-repl-error">
              {formError}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap alignItems="flex-start">
            <SelectField
              testId="item-repl-repl_type"
              label="Type"
              value={form.repl_type}
              options={REPL_TYPE_OPTIONS}
              onChange={(v) => set({ repl_type: Number(v) })}
              error={Boolean(errors.repl_type)}
              helperText={errors.repl_type}
            />
            {QUANTITY_FIELDS.map(({ field, label }) => (
              <TextField
                key={field}
                size="small"
                label={label}
                value={form[field]}
                onChange={(e) => set({ [field]: e.target.value })}
                error={Boolean(errors[field])}
                helperText={errors[field]}
                sx={{ width: 150 }}
                slotProps={{ htmlInput: inputProps(`item-repl-${field}`) }}
              />
            ))}
          </Stack>
          <Tooltip title={keepFullLocked ? (keepFull.data?.message ?? '') : ''}>
            <FormControlLabel
              label="Keep Full"
              disabled={keepFullLocked}
              control={
                <Checkbox
                  checked={form.keep_full}
                  onChange={(e) => set({ keep_full: e.target.checked })}
                  slotProps={{ input: { 'data-testid': 'item-repl-keep_full' } as InputHTMLAttributes<HTMLInputElement> }}
                />
              }
            />
          </Tooltip>
          {errors.keep_full && <Alert severity="error">{errors.keep_full}</Alert>}
          <Stack direction="row" spacing={1}>
            <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid="item-repl-save">
              Save
            </GuardedButton>
            <Button onClick={() => setEditing(false)} data-testid="item-repl-cancel">
              Cancel
            </Button>
          </Stack>
        </Stack>
      )}
    </Section>
  );
}
