// The shared vendor's header (name, active) and its detail blocks: read, or with SharedVendorEdit edited whole.
import { useState } from 'react';
import { Button } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { callApi, type Body, type Schema } from '../shared/api';
import { notify } from '../shared/events';
import { InfoRow, Section, fieldErrorsOf } from '../ui';
import type { SharedVendorLists } from '../typeLists/lookups';
import { EditForm, NO_ERRORS, type Errors, type Row } from './parts';
import { bodyOf, display, formOf, type BlockDef, type FieldDef, type FormValues, type SharedVendor } from './sharedVendors';

/** One detail block: read, or (with SharedVendorEdit) edit and save the whole block. */
export function BlockTab({ block, vendor, canEdit, onSaved, lists }: { block: BlockDef; vendor: SharedVendor; canEdit: boolean; onSaved: (v: SharedVendor) => void; lists?: SharedVendorLists }) {
  const [form, setForm] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const record = vendor as unknown as Row;
  const save = async () => {
    if (!form) return;
    try {
      // The body is the block's form (its field list), checked by the server field by field.
      const body = { shared_vendor_id: vendor.shared_vendor_id, ...bodyOf(block.fields, form) } as Body<BlockDef['path'], 'post'>;
      const saved = await callApi('post', block.path, { body, local400: true });
      notify(`${block.title} saved.`, 'success');
      setForm(null);
      setErrors(NO_ERRORS);
      onSaved(saved);
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    }
  };
  return (
    <Section
      title={block.title}
      testId={`sv-block-${block.key}`}
      actions={
        canEdit &&
        !form && (
          <Button startIcon={<EditIcon />} onClick={() => setForm(formOf(block.fields, record))} data-testid={`sv-edit-${block.key}`}>
            Edit
          </Button>
        )
      }
    >
      {form ? (
        <EditForm fields={block.fields} form={form} setForm={setForm} errors={errors} prefix={`sv-${block.key}`} saveTestId={`sv-save-${block.key}`} onSave={save} onCancel={() => setForm(null)} lists={lists} record={record} />
      ) : (
        block.fields.map((f) => <InfoRow key={f.field} label={f.label} value={display(f, record, lists)} testId={`sv-${block.key}-${f.field}-value`} />)
      )}
    </Section>
  );
}

const HEADER_FIELDS: readonly FieldDef[] = [
  { field: 'shared_vendor_name', label: 'Name', kind: 'text' },
  { field: 'is_active', label: 'Active', kind: 'bool' },
];

/** Name and active flag (`Update`): a name another shared vendor has is refused (409) and shown above the form. */
export function HeaderSection({ vendor, canEdit, onSaved }: { vendor: SharedVendor; canEdit: boolean; onSaved: (v: SharedVendor) => void }) {
  const [form, setForm] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const save = async () => {
    if (!form) return;
    try {
      const body = { shared_vendor_id: vendor.shared_vendor_id, ...bodyOf(HEADER_FIELDS, form) } as Schema<'SharedVendorUpdateInput'>;
      const saved = await callApi('post', '/V1/SharedVendor/Update', { body, local400: true });
      notify('Shared vendor saved.', 'success');
      setForm(null);
      setErrors(NO_ERRORS);
      onSaved(saved);
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    }
  };
  return (
    <Section
      title={vendor.shared_vendor_name}
      testId="sv-header"
      actions={
        canEdit &&
        !form && (
          <Button startIcon={<EditIcon />} onClick={() => setForm(formOf(HEADER_FIELDS, vendor as unknown as Row))} data-testid="sv-edit-header">
            Edit
          </Button>
        )
      }
    >
      {form ? (
        <EditForm fields={HEADER_FIELDS} form={form} setForm={setForm} errors={errors} prefix="sv-header" saveTestId="sv-save-header" onSave={save} onCancel={() => setForm(null)} />
      ) : (
        <>
          <InfoRow label="Active" value={vendor.is_active ? 'Yes' : 'No'} />
          <InfoRow label="Sourcing manager" value={vendor.sourcing_manager ?? '—'} />
        </>
      )}
    </Section>
  );
}
