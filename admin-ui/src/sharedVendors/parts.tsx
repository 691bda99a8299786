// The pieces the shared vendor page's tabs share: the edit form, the small table, a removal that is confirmed first.
import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { notify } from '../shared/events';
import { ConfirmDialog, notifyRefusal } from '../ui';
import type { SharedVendorLists } from '../typeLists/lookups';
import { Fields } from './SharedVendorFields';
import type { FieldDef, FormValues } from './sharedVendors';

/** A record of a tab driven by its field list (read field by field). */
export type Row = Record<string, unknown>;

export type Errors = { fields: Record<string, string>; form: string | null };
export const NO_ERRORS: Errors = { fields: {}, form: null };

/** A form being edited: the API's form-level message, the inputs, Save and Cancel. */
export function EditForm({ fields, form, setForm, errors, prefix, saveTestId, onSave, onCancel, lists, record }: {
  fields: readonly FieldDef[];
  form: FormValues;
  setForm: (f: FormValues) => void;
  errors: Errors;
  prefix: string;
  saveTestId: string;
  onSave: () => Promise<void>;
  onCancel: () => void;
  lists?: SharedVendorLists;
  record?: Row | null;
}) {
  return (
    <>
      {errors.form && <Alert severity="error" sx={{ mb: 2 }}>{errors.form}</Alert>}
      <Fields fields={fields} form={form} setForm={setForm} errors={errors.fields} prefix={prefix} lists={lists} record={record} />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => void onSave()} data-testid={saveTestId}>
          Save
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </>
  );
}

/** A removal waiting for its confirmation: what the dialog says, and the call. */
export interface Removal {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<unknown>;
  done: string;
}

/**
 * Removals are asked for first (issue 22: deletes confirm and say what they do); `ask` opens the question, the
 * dialog runs the call on confirm, toasts `done` and calls `after`, or says why the server refused.
 */
export function useRemoval(after: () => void) {
  const [asking, setAsking] = useState<Removal | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await asking.run();
      notify(asking.done, 'success');
      after();
    } catch (e) {
      notifyRefusal(e);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={asking?.title}
      message={asking?.message ?? ''}
      confirmLabel={asking?.confirmLabel}
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(null)}
    />
  );
  return { ask: setAsking, dialog };
}
