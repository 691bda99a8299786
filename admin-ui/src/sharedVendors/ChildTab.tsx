// One kind of a shared vendor's child records (contacts, brands, ...): the list page by page, an add form, edit
// where the API has an update, and a removal that is confirmed first.
import { useState } from 'react';
import { Box, Button, IconButton, TableCell, TableRow, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { api } from '../shared/api';
import { notify } from '../shared/events';
import { LoadState, Section, fieldErrorsOf, useLoad } from '../ui';
import { Pager } from '../ui';
import { usePaging, useKeepPageIn } from '../cycleCounts/paging';
import type { SharedVendorLists } from '../typeLists/lookups';
import { BASE, EditForm, NO_ERRORS, Rows, removeCall, useRemoval, type Errors, type Row, type RowPage } from './parts';
import { bodyOf, formOf, type ChildDef, type FormValues } from './sharedVendors';

const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** How a row is named in the removal question: its name column (a contact's name, not its type), else its first. */
export function rowName(def: ChildDef, r: Row): string {
  const column = def.columns.find((c) => c.field.endsWith('name')) ?? def.columns[0];
  return cell(r[column?.field ?? def.idField]) || `#${cell(r[def.idField])}`;
}

export function ChildTab({ def, id, vendorName, canEdit, lists }: { def: ChildDef; id: number; vendorName: string; canEdit: boolean; lists?: SharedVendorLists }) {
  const paging = usePaging(20);
  const rows = useLoad((signal) => api.post<RowPage>(`${BASE}/${def.kind}/Search`, { shared_vendor_id: id, ...paging.wire }, { signal }), [def.kind, id, paging.wire]);
  useKeepPageIn(paging, rows.data?.totalCount);
  const removal = useRemoval(rows.reload);
  const [editing, setEditing] = useState<{ id: number | null; form: FormValues; record: Row | null } | null>(null);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const save = async () => {
    if (!editing) return;
    const body = bodyOf(def.fields, editing.form);
    try {
      if (editing.id === null) await api.put<unknown>(`${BASE}/${def.kind}/Insert`, { shared_vendor_id: id, ...body }, { local400: true });
      else await api.post<unknown>(`${BASE}/${def.kind}/Update`, { [def.idField]: editing.id, ...body }, { local400: true });
      notify(`${def.title}: saved.`, 'success');
      setEditing(null);
      setErrors(NO_ERRORS);
      rows.reload();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    }
  };
  const askRemove = (r: Row) => {
    const name = rowName(def, r);
    removal.ask({
      title: `Remove ${name}?`,
      message: `${name} is removed from ${def.title.toLowerCase()} of ${vendorName}. The change is recorded in the history.`,
      confirmLabel: 'Remove',
      run: removeCall(`${BASE}/${def.kind}/Delete/${cell(r[def.idField])}`, 'delete'),
      done: `${def.title}: ${name} removed.`,
    });
  };
  const prefix = `sv-${def.key}`;
  const total = rows.data?.totalCount ?? 0;
  return (
    <Section
      title={def.title}
      testId={`${prefix}-panel`}
      actions={
        canEdit &&
        !editing && (
          <Button onClick={() => setEditing({ id: null, form: formOf(def.fields, null), record: null })} data-testid={`${prefix}-add`}>
            Add
          </Button>
        )
      }
    >
      {editing && (
        <Box sx={{ mb: 2 }}>
          <EditForm fields={def.fields} form={editing.form} setForm={(form) => setEditing({ ...editing, form })} errors={errors} prefix={prefix} saveTestId={`${prefix}-save`} onSave={save} onCancel={() => setEditing(null)} lists={lists} record={editing.record} />
        </Box>
      )}
      <LoadState loading={rows.loading} error={rows.error} what={def.title.toLowerCase()}>
        <Rows columns={[...def.columns.map((c) => c.label), '']} count={rows.data?.itemList.length ?? 0} empty={`No ${def.title.toLowerCase()}.`}>
          {(rows.data?.itemList ?? []).map((r) => {
            const rid = Number(r[def.idField]);
            return (
              <TableRow key={rid} data-testid={`${prefix}-row`}>
                {def.columns.map((c) => (
                  <TableCell key={c.field}>{cell(r[c.field])}</TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {canEdit && def.updatable && (
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label="Edit" onClick={() => setEditing({ id: rid, form: formOf(def.fields, r), record: r })} data-testid={`${prefix}-edit`}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canEdit && (
                    <Tooltip title="Remove">
                      <IconButton size="small" aria-label="Remove" onClick={() => askRemove(r)} data-testid={`${prefix}-delete`}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </Rows>
        {total > paging.pageSize && <Pager id={prefix} page={paging.page} pageSize={paging.pageSize} total={total} onPage={paging.setPage} onPageSize={paging.setPageSize} />}
      </LoadState>
      {removal.dialog}
    </Section>
  );
}
