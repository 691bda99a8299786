import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { api } from '../shared/api';
import { notify } from '../shared/events';
import { PageBanner, RouteLink, useHasPermission } from '../ui';
import { CostCatalogueTab } from '../costs';
import { Fields } from './SharedVendorFields';
import { useSharedVendorLists } from '../typeLists/TypeListPicker';
import type { SharedVendorLists } from '../typeLists/lookups';
import { useUserContext } from '../shell/UserContextProvider';
import { InfoRow, LoadState, Section, fieldErrorsOf, notifyRefusal, useLoad } from '../ui';
import {
  BLOCKS,
  CHILDREN,
  SHARED_VENDORS_ROUTE,
  SHARED_VENDOR_EDIT,
  bodyOf,
  display,
  formOf,
  type BlockDef,
  type ChildDef,
  type FieldDef,
  type FormValues,
  type Option,
  type SharedVendor,
} from './sharedVendors';

const BASE = '/api/V1/SharedVendor';

type Row = Record<string, unknown>;
interface RowPage {
  itemList: Row[];
  totalCount: number;
}

const TABS: readonly (readonly [string, string])[] = [
  ...BLOCKS.map((b) => [b.key, b.title] as const),
  ...CHILDREN.map((c) => [c.key, c.title] as const),
  ['sites', 'Sites'],
  ['vendors', 'Our Vendors'],
  ['costs', 'Cost Catalogue'],
];

type Errors = { fields: Record<string, string>; form: string | null };

/** A form being edited: the API's form-level message, the inputs, Save and Cancel. */
function EditForm({ fields, form, setForm, errors, prefix, saveTestId, onSave, onCancel, lists, record }: {
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

/** One detail block: read, or (with SharedVendorEdit) edit and save the whole block. */
function BlockTab({ block, vendor, canEdit, onSaved, lists }: { block: BlockDef; vendor: SharedVendor; canEdit: boolean; onSaved: (v: SharedVendor) => void; lists?: SharedVendorLists }) {
  const [form, setForm] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Errors>({ fields: {}, form: null });
  const record = vendor as unknown as Row;
  const save = async () => {
    if (!form) return;
    try {
      const saved = await api.post<SharedVendor>(`/api${block.path}`, { shared_vendor_id: vendor.shared_vendor_id, ...bodyOf(block.fields, form) }, { local400: true });
      notify(`${block.title} saved.`, 'success');
      setForm(null);
      setErrors({ fields: {}, form: null });
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
        <>
          <EditForm fields={block.fields} form={form} setForm={setForm} errors={errors} prefix={`sv-${block.key}`} saveTestId={`sv-save-${block.key}`} onSave={save} onCancel={() => setForm(null)} lists={lists} record={record} />
        </>
      ) : (
        block.fields.map((f) => <InfoRow key={f.field} label={f.label} value={display(f, record, lists)} testId={`sv-${block.key}-${f.field}-value`} />)
      )}
    </Section>
  );
}

function Rows({ columns, children, count, empty }: { columns: readonly string[]; children: ReactNode; count: number; empty: string }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c, i) => (
            <TableCell key={`${c}-${i}`}>{c}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {children}
        {count === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length}>{empty}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

async function remove(url: string, method: 'delete' | 'post', message: string, done: () => void) {
  try {
    if (method === 'delete') await api.delete(url, { quiet: false });
    else await api.post(url, {});
    notify(message, 'success');
    done();
  } catch (e) {
    notifyRefusal(e);
  }
}

/** One kind of child record: the list, an add form, edit (where the API has an update) and delete. */
function ChildTab({ def, id, canEdit, lists }: { def: ChildDef; id: number; canEdit: boolean; lists?: SharedVendorLists }) {
  const rows = useLoad((signal) => api.post<RowPage>(`${BASE}/${def.kind}/Search`, { shared_vendor_id: id, pageSize: 100 }, { signal }), [def.kind, id]);
  const [editing, setEditing] = useState<{ id: number | null; form: FormValues; record: Row | null } | null>(null);
  const [errors, setErrors] = useState<Errors>({ fields: {}, form: null });
  const save = async () => {
    if (!editing) return;
    const body = bodyOf(def.fields, editing.form);
    try {
      if (editing.id === null) await api.put(`${BASE}/${def.kind}/Insert`, { shared_vendor_id: id, ...body }, { local400: true });
      else await api.post(`${BASE}/${def.kind}/Update`, { [def.idField]: editing.id, ...body }, { local400: true });
      notify(`${def.title}: saved.`, 'success');
      setEditing(null);
      setErrors({ fields: {}, form: null });
      rows.reload();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    }
  };
  const prefix = `sv-${def.key}`;
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
                  <TableCell key={c.field}>{r[c.field] === null || r[c.field] === undefined ? '' : String(r[c.field])}</TableCell>
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
                      <IconButton size="small" aria-label="Remove" onClick={() => void remove(`${BASE}/${def.kind}/Delete/${rid}`, 'delete', `${def.title}: removed.`, rows.reload)} data-testid={`${prefix}-delete`}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </Rows>
      </LoadState>
    </Section>
  );
}

/** The site link form: a site of the current client among the user's sites, and its special pricing agreement. */
const siteFields = (sites: readonly Option[]): readonly FieldDef[] => [
  { field: 'site_id', label: 'Site', kind: 'select', options: sites },
  { field: 'spa_number', label: 'SPA number', kind: 'text' },
  { field: 'spa_start_date', label: 'SPA start', kind: 'date' },
  { field: 'spa_end_date', label: 'SPA end', kind: 'date' },
];

/** The site links at the current client's sites the user may use, with their special pricing agreements. */
function SitesTab({ id, canEdit }: { id: number; canEdit: boolean }) {
  const { context } = useUserContext();
  const client = context?.currentSite?.client_id;
  const SITE_FIELDS = siteFields((context?.availableSites ?? []).filter((st) => st.client_id === client).map((st) => ({ value: st.site_id, label: `${st.siteCode} - ${st.site_name}` })));
  const rows = useLoad((signal) => api.post<RowPage>(`${BASE}/SearchSharedVendorSite`, { shared_vendor_id: id, pageSize: 100 }, { signal }), [id]);
  const [form, setForm] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Errors>({ fields: {}, form: null });
  const save = async () => {
    if (!form) return;
    try {
      await api.post(`${BASE}/InsertSharedVendorSite`, { shared_vendor_id: id, ...bodyOf(SITE_FIELDS, form) }, { local400: true });
      notify('Site linked.', 'success');
      setForm(null);
      setErrors({ fields: {}, form: null });
      rows.reload();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    }
  };
  return (
    <Section title="Sites" testId="sv-sites-panel" actions={canEdit && !form && <Button onClick={() => setForm(formOf(SITE_FIELDS, null))} data-testid="sv-sites-add">Link a site</Button>}>
      {form && (
        <Box sx={{ mb: 2 }}>
          <EditForm fields={SITE_FIELDS} form={form} setForm={setForm} errors={errors} prefix="sv-sites" saveTestId="sv-sites-save" onSave={save} onCancel={() => setForm(null)} />
        </Box>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="site links">
        <Rows columns={['Site', 'Name', 'SPA number', 'SPA start', 'SPA end', '']} count={rows.data?.itemList.length ?? 0} empty="Not linked to any of your sites.">
          {(rows.data?.itemList ?? []).map((r) => (
            <TableRow key={String(r.shared_vendor_site_id)} data-testid="sv-sites-row">
              <TableCell>{String(r.site_code)}</TableCell>
              <TableCell>{String(r.site_name)}</TableCell>
              <TableCell>{String(r.spa_number ?? '')}</TableCell>
              <TableCell>{String(r.spa_start_date ?? '')}</TableCell>
              <TableCell>{String(r.spa_end_date ?? '')}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <IconButton size="small" aria-label="Remove" onClick={() => void remove(`${BASE}/DeleteSharedVendorSite?shared_vendor_site_id=${String(r.shared_vendor_site_id)}`, 'post', 'Site link removed.', rows.reload)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

/** The current client's vendors (at the current site) assigned to this shared vendor; assign by code, unassign. */
function VendorsTab({ id, canEdit }: { id: number; canEdit: boolean }) {
  const rows = useLoad((signal) => api.put<RowPage>(`${BASE}/Vendors/${id}`, { pageSize: 100 }, { signal }), [id]);
  const [code, setCode] = useState('');
  const assign = async (vendCode: string, target: number) => {
    try {
      await api.get(`${BASE}/Vendor/UpdateSharedVendorID?vend_code=${encodeURIComponent(vendCode)}&shared_vendor_id=${target}`);
      notify(target ? `Vendor ${vendCode} assigned.` : `Vendor ${vendCode} unassigned.`, 'success');
      setCode('');
      rows.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  return (
    <Section title="Our Vendors" testId="sv-vendors-panel">
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <TextField size="small" label="Vendor code" value={code} onChange={(e) => setCode(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'sv-vendors-code' } }} />
          <Button variant="contained" disabled={!code.trim()} onClick={() => void assign(code.trim(), id)} data-testid="sv-vendors-assign">
            Assign
          </Button>
        </Stack>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="vendors">
        <Rows columns={['Code', 'Name', 'ERP company', 'VMI', 'Active', '']} count={rows.data?.itemList.length ?? 0} empty="None of your vendors is assigned to this shared vendor.">
          {(rows.data?.itemList ?? []).map((r) => (
            <TableRow key={String(r.vend_id)} data-testid="sv-vendors-row">
              <TableCell>{String(r.vend_code)}</TableCell>
              <TableCell>{String(r.vend_name)}</TableCell>
              <TableCell>{String(r.erp_company ?? '')}</TableCell>
              <TableCell>{r.is_vmi ? 'Yes' : 'No'}</TableCell>
              <TableCell>{r.active ? 'Yes' : 'No'}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <Button size="small" onClick={() => void assign(String(r.vend_code), 0)}>
                    Unassign
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

const HEADER_FIELDS: readonly FieldDef[] = [
  { field: 'shared_vendor_name', label: 'Name', kind: 'text' },
  { field: 'is_active', label: 'Active', kind: 'bool' },
];

/** Name and active flag (`Update`): a name another shared vendor has is refused (409) and shown above the form. */
function HeaderSection({ vendor, canEdit, onSaved }: { vendor: SharedVendor; canEdit: boolean; onSaved: (v: SharedVendor) => void }) {
  const [form, setForm] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Errors>({ fields: {}, form: null });
  const save = async () => {
    if (!form) return;
    try {
      const saved = await api.post<SharedVendor>(`${BASE}/Update`, { shared_vendor_id: vendor.shared_vendor_id, ...bodyOf(HEADER_FIELDS, form) }, { local400: true });
      notify('Shared vendor saved.', 'success');
      setForm(null);
      setErrors({ fields: {}, form: null });
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
        <>
          <EditForm fields={HEADER_FIELDS} form={form} setForm={setForm} errors={errors} prefix="sv-header" saveTestId="sv-save-header" onSave={save} onCancel={() => setForm(null)} />
        </>
      ) : (
        <>
          <InfoRow label="Active" value={vendor.is_active ? 'Yes' : 'No'} />
          <InfoRow label="Sourcing manager" value={vendor.sourcing_manager ?? '—'} />
        </>
      )}
    </Section>
  );
}

/** `/vendors/sharedVendors?id=`: the shared vendor with its blocks and child records as tabs. */
export function SharedVendorShow({ id }: { id: number }) {
  const canEdit = useHasPermission(SHARED_VENDOR_EDIT);
  const loaded = useLoad((signal) => api.get<SharedVendor>(`${BASE}/${id}`, { signal, quiet: true }), [id]);
  const [saved, setSaved] = useState<SharedVendor | null>(null);
  const [tab, setTab] = useState<string>(TABS[0][0]);
  // Read once for every tab's forms and values; the request itself is cached for the page's life.
  const lists = useSharedVendorLists();
  const vendor = saved && saved.shared_vendor_id === id ? saved : loaded.data;
  return (
    <>
      <PageBanner title={vendor ? `Shared Vendor: ${vendor.shared_vendor_name}` : 'Shared Vendor'} />
      <Box sx={{ mb: 1 }}>
        <RouteLink to={SHARED_VENDORS_ROUTE}>Back to the search</RouteLink>
      </Box>
      <LoadState loading={loaded.loading && !vendor} error={loaded.error} what="shared vendor">
        {vendor && (
          <>
            <HeaderSection vendor={vendor} canEdit={canEdit} onSaved={setSaved} />
            <Tabs value={tab} onChange={(_, v: string) => setTab(v)} variant="scrollable" scrollButtons="auto" sx={{ mb: 2 }}>
              {TABS.map(([key, title]) => (
                <Tab key={key} value={key} label={title} data-testid={`sv-tab-${key}`} />
              ))}
            </Tabs>
            {BLOCKS.filter((b) => b.key === tab).map((b) => (
              <BlockTab key={b.key} block={b} vendor={vendor} canEdit={canEdit} onSaved={setSaved} lists={lists} />
            ))}
            {CHILDREN.filter((c) => c.key === tab).map((c) => (
              <ChildTab key={c.key} def={c} id={id} canEdit={canEdit} lists={lists} />
            ))}
            {tab === 'sites' && <SitesTab id={id} canEdit={canEdit} />}
            {tab === 'vendors' && <VendorsTab id={id} canEdit={canEdit} />}
            {tab === 'costs' && (
              <Section title="Cost Catalogue" testId="sv-costs-panel">
                <CostCatalogueTab sharedVendorId={id} />
              </Section>
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
