// The inputs of a shared vendor form (a detail block, a child record, a site link): one per field, with the server's
// message under the field it names. A list field offers its list's values (GET /V1/Type/SharedVendor).
import { Checkbox, FormControlLabel, Grid, MenuItem, TextField } from '@mui/material';
import type { SharedVendorLists } from '../typeLists/lookups';
import { BrandPicker } from './BrandPicker';
import { fieldOptions, type FieldDef, type FormValues } from './sharedVendors';

export interface FieldsProps {
  fields: readonly FieldDef[];
  form: FormValues;
  setForm: (f: FormValues) => void;
  errors: Record<string, string>;
  /** Each input's data-testid is `<prefix>-<field>`. */
  prefix: string;
  /** The shared-vendor lists, undefined while they load. */
  lists?: SharedVendorLists;
  /** The record as saved (none for a new one): the list values it holds stay offered, by their names. */
  record?: Record<string, unknown> | null;
}

export function Fields({ fields, form, setForm, errors, prefix, lists, record }: FieldsProps) {
  return (
    <Grid container spacing={2}>
      {fields.map((f) => {
        const testId = `${prefix}-${f.field}`;
        if (f.kind === 'bool') {
          return (
            <Grid key={f.field} size={{ xs: 12, md: 4 }}>
              <FormControlLabel
                control={<Checkbox checked={form[f.field] === true} onChange={(e) => setForm({ ...form, [f.field]: e.target.checked })} slotProps={{ input: { 'data-testid': testId } as object }} />}
                label={f.label}
              />
            </Grid>
          );
        }
        if (f.kind === 'brand') {
          return (
            <Grid key={f.field} size={{ xs: 12, md: 6 }}>
              <BrandPicker value={String(form[f.field] ?? '')} onChange={(v) => setForm({ ...form, [f.field]: v })} testId={testId} error={errors[f.field]} />
            </Grid>
          );
        }
        const options = f.kind === 'select' ? fieldOptions(f, lists, record) : [];
        return (
          <Grid key={f.field} size={{ xs: 12, md: f.kind === 'multiline' ? 12 : 4 }}>
            <TextField
              fullWidth
              size="small"
              label={f.label}
              select={f.kind === 'select'}
              type={f.kind === 'date' ? 'date' : 'text'}
              multiline={f.kind === 'multiline'}
              minRows={f.kind === 'multiline' ? 2 : undefined}
              value={form[f.field] ?? ''}
              onChange={(e) => setForm({ ...form, [f.field]: e.target.value })}
              error={Boolean(errors[f.field])}
              helperText={errors[f.field]}
              slotProps={{ htmlInput: { 'data-testid': testId }, inputLabel: f.kind === 'date' ? { shrink: true } : undefined }}
            >
              {f.kind === 'select' && <MenuItem value="">—</MenuItem>}
              {options.map((o) => (
                <MenuItem key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        );
      })}
    </Grid>
  );
}
