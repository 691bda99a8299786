// One block of the vendor detail (spec 4 section 3): its fields read, and with the block's permission edited and
// saved through its Update call; the server's validation messages appear under their fields.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Grid, Stack } from '@mui/material';
import { callApi, type Body } from '../shared/api';
import { notify } from '../shared/events';
import { useHasPermission } from '../ui';
import { fieldErrorsOf, InfoRow, LoadState, useApi } from '../ui';
import { useUserContext } from '../shell/UserContextProvider';
import { useTypeLists } from '../typeLists/TypeListPicker';
import { typeValueText, type TypeListName, type TypeValue } from '../typeLists/lookups';
import { changeField, listsOf, storedAs, updateBody, type Block, type BlockField, type Values } from './vendors';
import { VendorField } from './VendorField';
import { VendorName } from './VendorName';

/** How a stored value reads: a list value by its code and name, another vendor by its name, flags as Yes/No. */
function shown(f: BlockField, v: unknown, lists: Partial<Record<TypeListName, TypeValue[]>>): ReactNode {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (f.kind === 'vendor') return <VendorName code={String(v)} />;
  return f.list ? typeValueText(lists[f.list], storedAs(f), v) : String(v);
}

export function BlockForm({ block, code, onSaved }: { block: Block; code: string; onSaved?: () => void }) {
  const [version, setVersion] = useState(0);
  const loaded = useApi('get', `/V1/Vendor/${block.get}/{code}`, { path: { code } }, { deps: [version] });
  // The block is shown field by field from its field list.
  const record = loaded.data as Values | undefined;
  const mayEdit = useHasPermission(block.permission ?? '__none__') && Boolean(block.update);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const siteId = useUserContext().context?.currentSite?.site_id ?? null;
  const lists = useTypeLists(listsOf(block.fields), siteId);
  useEffect(() => {
    if (record) setValues(record);
  }, [record]);
  const save = async () => {
    setSaving(true);
    try {
      if (!block.update) return;
      // The body is the block's form (its field list), checked by the server field by field.
      const path = `/V1/Vendor/${block.update}/Update` as const;
      await callApi('post', path, { body: updateBody(block, code, values) as Body<typeof path, 'post'>, local400: true });
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
              <InfoRow key={f.name} label={f.label} value={shown(f, record?.[f.name], lists)} testId={`vendor-${block.key}-${f.name}`} />
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
                  <VendorField field={f} values={values} lists={lists} siteId={siteId} error={errors[f.name]} testId={`vendor-input-${f.name}`}
                    onChange={(name, v) => setValues((current) => changeField(current, name, v, lists))} />
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
