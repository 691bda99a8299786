import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, Grid, MenuItem, Stack, TextField } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { callApi, type Schema } from '../../../shared/api';
import { notify } from '../../../shared/events';
import { GuardedButton } from '../../../grid/GuardedButton';
import { formatDate } from '../../../ui';
import { useHasPermission } from '../../../ui';
import { ITEM_EDIT } from '../../common';
import { InfoRow, LoadState, Section, fieldErrorsOf, useLoad, useApi } from '../../../ui';

type FieldValue = Schema<'CustomFieldValue'>;

/** The visible values a list field offers (the API pages them; a field has few). */
function ListInput({ field, value, error, onChange }: { field: FieldValue; value: string; error?: string; onChange: (v: string) => void }) {
  const options = useLoad(
    (signal) =>
      callApi('get', '/V1/Item/CID/CustomValuePossible', {
        query: { custom_field_definition_id: field.custom_field_definition_id, pageNumber: 0, pageSize: 500, sortField: 'custom_field_value', sortDirection: 'asc' },
        signal,
        quiet: true,
      }),
    [field.custom_field_definition_id],
  );
  const values = options.data?.itemList ?? [];
  // A value no longer offered stays choosable for the record that holds it.
  const held = value && !values.some((v) => v.custom_field_value === value) ? [value] : [];
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={field.label}
      required={field.is_required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': `item-custom-input-${field.field_no}` } as InputHTMLAttributes<HTMLDivElement> } }}
    >
      <MenuItem value="">&nbsp;</MenuItem>
      {held.map((v) => (
        <MenuItem key={v} value={v}>
          {v}
        </MenuItem>
      ))}
      {values.map((v) => (
        <MenuItem key={v.custom_field_value_possible_id} value={v.custom_field_value}>
          {v.custom_field_value}
          {v.description ? ` - ${v.description}` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

const display = (field: FieldValue) => (field.field_type === 'date' ? formatDate(field.value) || field.value : field.value);

function CustomValues({
  title,
  testId,
  fields,
  loading,
  error,
  onSave,
}: {
  title: string;
  testId: string;
  fields: FieldValue[] | undefined;
  loading: boolean;
  error: unknown;
  onSave: (values: { field_no: number; value: string | null }[]) => Promise<void>;
}) {
  const canEdit = useHasPermission(ITEM_EDIT);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const visible = (fields ?? []).filter((f) => f.is_visible);

  const start = () => {
    setForm(Object.fromEntries(visible.map((f) => [f.field_no, f.value ?? ''])));
    setErrors({});
    setFormError(null);
    setEditing(true);
  };
  const save = async () => {
    const changed = visible.filter((f) => (form[f.field_no] ?? '') !== (f.value ?? ''));
    if (!changed.length) return setEditing(false);
    setBusy(true);
    setFormError(null);
    try {
      await onSave(changed.map((f) => ({ field_no: f.field_no, value: form[f.field_no].trim() === '' ? null : form[f.field_no].trim() })));
      setEditing(false);
    } catch (e) {
      const { fields: byField, form: message } = fieldErrorsOf(e);
      setErrors(byField);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title={title}
      testId={testId}
      actions={
        canEdit && !editing && visible.length > 0 ? (
          <Button size="small" startIcon={<EditIcon />} onClick={start} data-testid={`${testId}-edit`}>
            Edit
          </Button>
        ) : null
      }
    >
      <LoadState loading={loading} error={error} what="item">
        {visible.length === 0 && 'No custom fields are defined for this site.'}
        {!editing &&
          visible.map((f) => <InfoRow key={f.field_no} label={f.label} value={display(f)} testId={`${testId}-value-${f.field_no}`} />)}
        {editing && (
          <Stack spacing={2}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Grid container spacing={2}>
              {visible.map((f) => {
                const key = `custom${f.field_no}`;
                const set = (v: string) => {
                  setForm((x) => ({ ...x, [f.field_no]: v }));
                  setErrors(({ [key]: _, ...rest }) => rest);
                };
                return (
                  <Grid key={f.field_no} size={{ xs: 12, md: 6 }}>
                    {f.field_type === 'list' ? (
                      <ListInput field={f} value={form[f.field_no] ?? ''} error={errors[key]} onChange={set} />
                    ) : (
                      <TextField
                        size="small"
                        fullWidth
                        label={f.label}
                        required={f.is_required}
                        type={f.field_type === 'date' ? 'date' : 'text'}
                        value={form[f.field_no] ?? ''}
                        onChange={(e) => set(e.target.value)}
                        error={Boolean(errors[key])}
                        helperText={errors[key]}
                        slotProps={{
                          inputLabel: f.field_type === 'date' ? { shrink: true } : undefined,
                          htmlInput: { 'data-testid': `item-custom-input-${f.field_no}`, maxLength: f.max_length ?? 500 } as InputHTMLAttributes<HTMLInputElement>,
                        }}
                      />
                    )}
                  </Grid>
                );
              })}
            </Grid>
            <Stack direction="row" spacing={1}>
              <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid={`${testId}-save`}>
                Save
              </GuardedButton>
              <Button onClick={() => setEditing(false)}>Cancel</Button>
            </Stack>
          </Stack>
        )}
      </LoadState>
    </Section>
  );
}

/** Custom fields of the CID and of the CIP, as the site defines them; list fields offer their visible values. */
export function CustomFieldsTab({ cipNo, cidNo }: { cipNo: number; cidNo: number }) {
  const cid = useApi('get', '/V1/Item/CID/Custom/{cid_no}', { path: { cid_no: cidNo }, quiet: true });
  const cip = useApi('get', '/V1/Item/CIP/Custom/Values/{cip_no}', { path: { cip_no: cipNo }, quiet: true });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <CustomValues
          title="CID custom fields"
          testId="item-custom-cid"
          fields={cid.data?.fields}
          loading={cid.loading}
          error={cid.error}
          onSave={async (values) => {
            await callApi('put', '/V1/Item/CID/CustomValues', { body: { cid_no: cidNo, values }, local400: true });
            notify('Custom fields saved.', 'success');
            cid.reload();
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <CustomValues
          title="CIP custom fields"
          testId="item-custom-cip"
          fields={cip.data?.fields}
          loading={cip.loading}
          error={cip.error}
          onSave={async (values) => {
            await callApi('put', '/V1/Item/CIP/Custom', { body: { cip_no: cipNo, values }, local400: true });
            notify('Custom fields saved.', 'success');
            cip.reload();
          }}
        />
      </Grid>
    </Grid>
  );
}
