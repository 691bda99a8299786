// One kind of a shared vendor's child records (contacts, brands, ...): the list page by page, an add form, edit
// where the API has an update, and a removal that is confirmed first.
import { useState } from 'react';
import { Box, Button, IconButton, TableCell, TableRow, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { callApi, type ApiPath, type Body } from '../shared/api';
import { notify } from '../shared/events';
import { fieldErrorsOf, LoadState, Rows, Section, useApi } from '../ui';
import { Pager } from '../ui';
import { usePaging, useKeepPageIn } from '../cycleCounts/paging';
import type { SharedVendorLists } from '../typeLists/lookups';
import { EditForm, NO_ERRORS, useRemoval, type Errors, type Row } from './parts';
import { bodyOf, formOf, type ChildDef, type ChildKind, type FormValues } from './sharedVendors';

/** The operation `op` of every child kind (`/V1/SharedVendor/{kind}/Search`, ...); Update exists where `updatable`. */
type ChildPath<Op extends string> = Extract<ApiPath, `/V1/SharedVendor/${ChildKind}/${Op}`>;
const childPath = <Op extends string>(kind: ChildKind, op: Op) => `/V1/SharedVendor/${kind}/${op}` as ChildPath<Op>;

const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** How a row is named in the removal question: its name column (a contact's name, not its type), else its first. */
export function rowName(def: ChildDef, r: Row): string {
  const column = def.columns.find((c) => c.field.endsWith('name')) ?? def.columns[0];
  return cell(r[column?.field ?? def.idField]) || `#${cell(r[def.idField])}`;
}

export function ChildTab({ def, id, vendorName, canEdit, lists }: { def: ChildDef; id: number; vendorName: string; canEdit: boolean; lists?: SharedVendorLists }) {
  const paging = usePaging(20);
  const rows = useApi('post', childPath(def.kind, 'Search'), { body: { shared_vendor_id: id, ...paging.wire } });
  const list: readonly Row[] = rows.data?.itemList ?? [];
  useKeepPageIn(paging, rows.data?.totalCount);
  const removal = useRemoval(rows.reload);
  const [editing, setEditing] = useState<{ id: number | null; form: FormValues; record: Row | null } | null>(null);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const save = async () => {
    if (!editing) return;
    const body = bodyOf(def.fields, editing.form);
    try {
      // The body is the kind's form (its field list), checked by the server field by field.
      if (editing.id === null) await callApi('put', childPath(def.kind, 'Insert'), { body: { shared_vendor_id: id, ...body } as Body<ChildPath<'Insert'>, 'put'>, local400: true });
      else await callApi('post', childPath(def.kind, 'Update'), { body: { [def.idField]: editing.id, ...body } as Body<ChildPath<'Update'>, 'post'>, local400: true });
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
      run: () => callApi('delete', childPath(def.kind, 'Delete/{id}'), { path: { id: Number(r[def.idField]) } }),
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
        <Rows columns={[...def.columns.map((c) => c.label), '']} count={list.length} empty={`No ${def.title.toLowerCase()}.`}>
          {list.map((r) => {
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
