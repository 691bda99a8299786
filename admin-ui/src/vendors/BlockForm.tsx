// One block of the vendor detail (spec 4 section 3): its fields read, and with the block's permission edited and
// saved through its Update call; the server's validation messages appear under their fields.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Grid, Stack, TextField } from '@mui/material';
import { api } from '../shared/api';
import { notify } from '../shared/events';
import { useHasPermission } from '../devops/common';
import { fieldErrorsOf, InfoRow, LoadState, useLoad } from '../items/ui';
import { updateBody, type Block, type Values } from './vendors';

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v));

export function BlockForm({ block, code, onSaved }: { block: Block; code: string; onSaved?: () => void }) {
  const [version, setVersion] = useState(0);
  const loaded = useLoad((signal) => api.get<Values>(`/api/V1/Vendor/${block.get}/${encodeURIComponent(code)}`, { signal }), [block.get, code, version]);
  const mayEdit = useHasPermission(block.permission ?? '__none__') && Boolean(block.update);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.data) setValues(loaded.data);
  }, [loaded.data]);
  const save = async () => {
    setSaving(true);
    try {
      await api.post(`/api/V1/Vendor/${block.update}/Update`, updateBody(block, code, values), { local400: true });
      notify(`${block.title} saved.`, 'success');
      setErrors({});
      setFormError(null);
      setEditing(false);
      setVersion((n) => n + 1);
      onSaved?.();
    } catch (error) {
      const { fields, form } = fieldErrorsOf(error);
      setErrors(fields);
      setFormError(form);
    } finally {
      setSaving(false);
    }
  };
  return (
    <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} what="vendor">
      <Box data-testid={`vendor-block-${block.key}`}>
        {!editing && (
          <>
            {block.fields.map((f) => (
              <InfoRow key={f.name} label={f.label} value={shown(loaded.data?.[f.name])} testId={`vendor-${block.key}-${f.name}`} />
            ))}
            {mayEdit && (
              <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setEditing(true)} data-testid={`vendor-edit-${block.key}`}>
                Edit
              </Button>
            )}
          </>
        )}
        {editing && (
          <>
            {formError && <Alert severity="error" sx={{ mb: 1 }}>{formError}</Alert>}
            <Grid container spacing={2}>
              {block.fields.filter((f) => !f.readOnly).map((f) => (
                <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
                  {f.kind === 'bool' ? (
                    <FormControlLabel label={f.label}
                      control={<Checkbox checked={Boolean(values[f.name])} onChange={(e) => setValues({ ...values, [f.name]: e.target.checked })}
                        inputProps={{ 'data-testid': `vendor-input-${f.name}` } as object} />} />
                  ) : (
                    <TextField fullWidth size="small" label={f.list ? `${f.label} (${f.kind === 'list' ? 'id' : 'code'})` : f.label}
                      type={f.kind === 'number' || f.kind === 'list' ? 'number' : 'text'} multiline={f.kind === 'multiline'}
                      value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                      error={Boolean(errors[f.name])} helperText={errors[f.name]} inputProps={{ 'data-testid': `vendor-input-${f.name}` }} />
                  )}
                  {f.kind === 'bool' && errors[f.name] && <Box sx={{ color: 'error.main', fontSize: 12 }}>{errors[f.name]}</Box>}
                </Grid>
              ))}
            </Grid>
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button variant="contained" disabled={saving} onClick={save} data-testid={`vendor-save-${block.key}`}>
                Save
              </Button>
              <Button onClick={() => { setEditing(false); setErrors({}); setFormError(null); if (loaded.data) setValues(loaded.data); }}>Cancel</Button>
            </Stack>
          </>
        )}
      </Box>
    </LoadState>
  );
}
