import { useState, type InputHTMLAttributes } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { PageTitle, useHasPermission } from '../../ui';
import { CUSTOM_FIELD_ADMIN, ITEM_EDIT, yesNo } from '../common';
import { LoadState, fieldErrorsOf, notifyRefusal, useLoad, useApi } from '../../ui';
import {
  DEFAULT_MAX_LENGTH,
  ENTITY_TYPES,
  FIELD_TYPES,
  definitionErrors,
  definitionForm,
  emptyDefinitionForm,
  freeSlots,
  newDefinitionBody,
  updateDefinitionBody,
  type Definition,
  type DefinitionForm,
  type EntityType,
  type PossibleValue,
} from './customFields';
import { ImportValuesPanel } from './ImportValuesPanel';

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

function DefinitionDialog({
  entity,
  definition,
  onClose,
  onSaved,
}: {
  entity: EntityType;
  definition: Definition | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const isNew = !definition;
  const [form, setForm] = useState<DefinitionForm>(() => (definition ? definitionForm(definition) : emptyDefinitionForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<DefinitionForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const save = async () => {
    const local = definitionErrors(form, isNew);
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    setFormError(null);
    try {
      if (definition) await callApi('put', '/V1/Item/CID/Custom/Update', { body: updateDefinitionBody(definition.custom_field_definition_id, form), local400: true });
      else await callApi('put', '/V1/Item/CID/Custom/New', { body: newDefinitionBody(entity, form), local400: true });
      notify('Custom field saved.', 'success');
      onSaved();
    } catch (error) {
      const { fields, form: message } = fieldErrorsOf(error);
      setErrors(fields);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="custom-field-dialog">
      <DialogTitle>{isNew ? `New ${entity} custom field` : `Custom field ${definition.field_no}: ${definition.label}`}</DialogTitle>
      <DialogContent dividers>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="custom-field-error">
            {formError}
          </Alert>
        )}
        <Stack spacing={2}>
          <TextField
            size="small"
            label="Label"
            required
            value={form.label}
            onChange={(e) => set({ label: e.target.value })}
            error={Boolean(errors.label)}
            helperText={errors.label}
            slotProps={{ htmlInput: { ...testInput('custom-field-label'), maxLength: 50 } }}
          />
          <SelectField
            testId="custom-field-type"
            label="Type"
            value={form.field_type}
            options={FIELD_TYPES}
            onChange={(field_type) => set({ field_type })}
            error={Boolean(errors.field_type)}
            helperText={errors.field_type}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              size="small"
              label="Max Length"
              placeholder={String(DEFAULT_MAX_LENGTH)}
              value={form.max_length}
              onChange={(e) => set({ max_length: e.target.value })}
              error={Boolean(errors.max_length)}
              helperText={errors.max_length}
              slotProps={{ htmlInput: { ...testInput('custom-field-max-length'), inputMode: 'numeric' } }}
            />
            {isNew && (
              <TextField
                size="small"
                label="Slot (1-20)"
                placeholder="first free"
                value={form.field_no}
                onChange={(e) => set({ field_no: e.target.value })}
                error={Boolean(errors.field_no)}
                helperText={errors.field_no}
                slotProps={{ htmlInput: { ...testInput('custom-field-slot'), inputMode: 'numeric' } }}
              />
            )}
          </Stack>
          <Stack direction="row">
            <FormControlLabel
              label="Required"
              control={<Checkbox checked={form.is_required} onChange={(e) => set({ is_required: e.target.checked })} slotProps={{ input: testInput('custom-field-required') }} />}
            />
            <FormControlLabel
              label="Visible on the item page"
              control={<Checkbox checked={form.is_visible} onChange={(e) => set({ is_visible: e.target.checked })} slotProps={{ input: testInput('custom-field-visible') }} />}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid="custom-field-save">
          Save
        </GuardedButton>
      </DialogActions>
    </Dialog>
  );
}

const VALUES_PAGE = 50;

/** The possible values of a list field: add, show and hide (hidden values are no longer offered). */
function ValuesDialog({ definition, canEdit, onClose }: { definition: Definition; canEdit: boolean; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const [showHidden, setShowHidden] = useState(true);
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const values = useLoad(
    (signal) =>
      callApi('get', '/V1/Item/CID/CustomValuePossible', {
        query: { custom_field_definition_id: definition.custom_field_definition_id, show_hidden: showHidden, pageNumber: page, pageSize: VALUES_PAGE, sortField: 'custom_field_value', sortDirection: 'asc' },
        signal,
        quiet: true,
      }),
    [definition.custom_field_definition_id, page, showHidden],
  );
  const add = async () => {
    if (!value.trim()) return setError('Please enter a valid value for Value');
    try {
      await callApi('post', '/V1/Item/CID/CustomPossibleValue', {
        body: { custom_field_definition_id: definition.custom_field_definition_id, custom_field_value: value.trim(), description: description.trim() || null, is_visible: true },
        local400: true,
      });
      setValue('');
      setDescription('');
      setError(null);
      values.reload();
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setError(Object.values(fields)[0] ?? form);
    }
  };
  const toggle = async (row: PossibleValue) => {
    try {
      await callApi('put', '/V1/Item/CID/CustomValuePossible/Visibility', {
        query: { is_visible: !row.is_visible },
        body: { custom_field_value_possible_ids: [row.custom_field_value_possible_id] },
      });
      values.reload();
    } catch (error) {
      notifyRefusal(error);
    }
  };
  const total = values.data?.totalCount ?? 0;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="custom-values-dialog">
      <DialogTitle>Possible values: {definition.label}</DialogTitle>
      <DialogContent dividers>
        {canEdit && (
          <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ mb: 2 }}>
            <TextField size="small" label="Value" value={value} onChange={(e) => setValue(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ htmlInput: testInput('custom-value-new') }} />
            <TextField size="small" label="Description" value={description} onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: testInput('custom-value-new-description') }} />
            <GuardedButton variant="outlined" startIcon={<AddIcon />} onClick={add} data-testid="custom-value-add">
              Add
            </GuardedButton>
          </Stack>
        )}
        <FormControlLabel label="Show hidden values" control={<Switch checked={showHidden} onChange={(e) => { setShowHidden(e.target.checked); setPage(0); }} />} />
        <LoadState loading={values.loading} error={values.error} what="custom field">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Value</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Visible</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(values.data?.itemList ?? []).map((row) => (
                <TableRow key={row.custom_field_value_possible_id} data-testid="custom-value-row">
                  <TableCell>{row.custom_field_value}</TableCell>
                  <TableCell>{row.description}</TableCell>
                  <TableCell>
                    <Switch
                      size="small"
                      checked={row.is_visible}
                      disabled={!canEdit}
                      onChange={() => void toggle(row)}
                      slotProps={{ input: testInput(`custom-value-visible-${row.custom_field_value_possible_id}`) }}
                    />
                  </TableCell>
                </TableRow>
              ))}
              {values.data && values.data.itemList.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>No values yet.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </LoadState>
        {total > VALUES_PAGE && (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
            <Button size="small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Typography variant="body2">
              {page * VALUES_PAGE + 1} - {Math.min((page + 1) * VALUES_PAGE, total)} of {total}
            </Typography>
            <Button size="small" disabled={(page + 1) * VALUES_PAGE >= total} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="custom-values-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DefinitionsPanel({ entity, canEdit }: { entity: EntityType; canEdit: boolean }) {
  const loaded = useApi('get', '/V1/Item/CIP/Custom/Definitions', { query: { entity_type: entity }, quiet: true });
  const [editing, setEditing] = useState<Definition | 'new' | null>(null);
  const [values, setValues] = useState<Definition | null>(null);
  const definitions = loaded.data?.definitions ?? [];
  return (
    <Box data-testid={`custom-fields-panel-${entity}`}>
      {canEdit && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ mb: 2 }}
          disabled={loaded.loading || freeSlots(definitions) <= 0}
          onClick={() => setEditing('new')}
          data-testid="custom-field-add"
        >
          Add Field
        </Button>
      )}
      <LoadState loading={loaded.loading} error={loaded.error} what="custom fields">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Slot</TableCell>
              <TableCell>Label</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Required</TableCell>
              <TableCell>Visible</TableCell>
              <TableCell>Max Length</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {definitions.map((d) => (
              <TableRow key={d.custom_field_definition_id} data-testid="custom-field-row" data-field-no={d.field_no}>
                <TableCell>custom{d.field_no}</TableCell>
                <TableCell>{d.label}</TableCell>
                <TableCell>{FIELD_TYPES.find((t) => t.value === d.field_type)?.label ?? d.field_type}</TableCell>
                <TableCell>{yesNo(d.is_required)}</TableCell>
                <TableCell>{yesNo(d.is_visible)}</TableCell>
                <TableCell>{d.max_length ?? DEFAULT_MAX_LENGTH}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {d.field_type === 'list' && (
                    <Button size="small" onClick={() => setValues(d)} data-testid={`custom-field-values-${d.field_no}`}>
                      Values
                    </Button>
                  )}
                  {canEdit && (
                    <Button size="small" onClick={() => setEditing(d)} data-testid={`custom-field-edit-${d.field_no}`}>
                      Edit
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {definitions.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} data-testid="custom-fields-empty">
                  No custom fields are defined for {entity}s at this site.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </LoadState>
      {editing && (
        <DefinitionDialog
          entity={entity}
          definition={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            loaded.reload();
          }}
        />
      )}
      {values && <ValuesDialog definition={values} canEdit={canEdit} onClose={() => setValues(null)} />}
    </Box>
  );
}

type PageTab = EntityType | 'import';

/**
 * Custom Fields (`/item/customFields`): the current site's 20 CID and 20 CIP custom fields, their values lists, and
 * for holders of ItemEdit (what the import requires) 'Import values' from a file.
 */
export function CustomFieldsPage() {
  const [tab, setTab] = useState<PageTab>('CID');
  const canEdit = useHasPermission(CUSTOM_FIELD_ADMIN);
  const canImport = useHasPermission(ITEM_EDIT);
  const shown: PageTab = tab === 'import' && !canImport ? 'CID' : tab;
  return (
    <Box sx={{ p: 2 }} data-testid="custom-fields-page">
      <PageTitle title="Custom Fields" />
      <Tabs value={shown} onChange={(_, v: PageTab) => setTab(v)} sx={{ mb: 2 }}>
        {ENTITY_TYPES.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} data-testid={`custom-fields-tab-${t.value}`} />
        ))}
        {canImport && <Tab value="import" label="Import values" icon={<UploadFileIcon fontSize="small" />} iconPosition="start" sx={{ minHeight: 48 }} data-testid="custom-fields-tab-import" />}
      </Tabs>
      {shown === 'import' ? <ImportValuesPanel /> : <DefinitionsPanel key={shown} entity={shown} canEdit={canEdit} />}
    </Box>
  );
}
