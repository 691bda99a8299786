// A vendor's sites (docs/vendor-sites.md): what each of the caller's sites keeps about the vendor, an edit dialog
// per site, and 'apply to all sites' for one change at every site where the caller may edit vendor sites.
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { callApi, type Schema } from '../../shared/api';
import { notify } from '../../shared/events';
import { useHasPermission } from '../../ui';
import { Pager } from '../../ui';
import { usePaging, useKeepPageIn } from '../../cycleCounts/paging';
import { LoadState, Section, fieldErrorsOf, useLoad } from '../../ui';
import { changedFields } from './changes';

type VendorSite = Schema<'VendorSite'>;

const TEXT_FIELDS = [
  ['contact_name', 'Contact name'],
  ['email', 'Email'],
  ['vendor_cust_account', 'Our account number'],
  ['vendor_comments', 'Vendor comments'],
  ['po_comments', 'PO comments'],
  ['inside_sales_notes', 'Inside sales notes'],
  ['outside_sales_notes', 'Outside sales notes'],
  ['notes', 'Notes'],
] as const;

type TextField = (typeof TEXT_FIELDS)[number][0];
type Form = Record<TextField, string> & { preferred: boolean; build_consigned_vendor: boolean };

const formOf = (v: VendorSite): Form => ({
  preferred: v.preferred,
  build_consigned_vendor: v.build_consigned_vendor,
  ...(Object.fromEntries(TEXT_FIELDS.map(([f]) => [f, v[f] ?? ''])) as Record<TextField, string>),
});

/** The vendor's sites among the caller's sites of the current client. */
export function VendorSitesTab({ vendCode }: { vendCode: string }) {
  const canEdit = useHasPermission('EditVendorSite');
  const paging = usePaging(20);
  const sites = useLoad(
    (signal) => callApi('post', '/V1/Vendor/VendorSite/Search', { body: { vend_code: vendCode, ...paging.wire, sortField: 'siteCode' }, signal }),
    [vendCode, paging.wire],
    Boolean(vendCode),
  );
  useKeepPageIn(paging, sites.data?.totalCount);
  const [editing, setEditing] = useState<VendorSite | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });

  const open = (v: VendorSite) => {
    setEditing(v);
    setForm(formOf(v));
    setErrors({ fields: {}, form: null });
  };
  const close = () => {
    setEditing(null);
    setForm(null);
  };

  const save = async (everywhere: boolean) => {
    if (!editing || !form) return;
    try {
      if (everywhere) {
        // Only what was changed in the dialog goes to every site: the other sites keep their own contact and notes.
        const changed = changedFields(formOf(editing), form);
        if (!Object.keys(changed).length) {
          setErrors({ fields: {}, form: 'Change a field first: only the fields you change are applied to every site.' });
          return;
        }
        const answer = await callApi('post', '/V1/Vendor/VendorSite/UpdateAllSites', { body: { vend_code: vendCode, ...changed } });
        notify(answer.message, 'success');
      } else {
        const answer = await callApi('post', '/V1/Vendor/VendorSite/Update', { body: { vendor_site_id: editing.vendor_site_id, ...form } });
        notify(answer.message, 'success');
      }
      close();
      sites.reload();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  return (
    <Section title={`Sites of vendor ${vendCode}`} testId="vendor-sites">
      <LoadState loading={sites.loading} error={sites.error} what="vendor site list">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Site</TableCell>
              <TableCell>Preferred</TableCell>
              <TableCell>Contact</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Our account</TableCell>
              <TableCell>PO comments</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(sites.data?.resultList ?? []).map((v) => (
              <TableRow key={v.vendor_site_id} data-testid={`vendor-site-${v.siteCode}`}>
                <TableCell>{v.siteCode}</TableCell>
                <TableCell>{v.preferred ? 'Yes' : 'No'}</TableCell>
                <TableCell data-testid={`vendor-site-contact-${v.siteCode}`}>{v.contact_name ?? ''}</TableCell>
                <TableCell>{v.email ?? ''}</TableCell>
                <TableCell>{v.vendor_cust_account ?? ''}</TableCell>
                <TableCell>{v.po_comments ?? ''}</TableCell>
                <TableCell>
                  {canEdit && (
                    <Button size="small" onClick={() => open(v)} data-testid={`vendor-site-edit-${v.siteCode}`}>
                      Edit
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {sites.data?.resultList.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>The vendor has no vendor site at your sites.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {(sites.data?.totalCount ?? 0) > paging.pageSize && (
          <Pager id="vendor-sites" page={paging.page} pageSize={paging.pageSize} total={sites.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
        )}
      </LoadState>

      <Dialog open={editing !== null} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>
          Vendor {vendCode} at {editing?.siteCode}
        </DialogTitle>
        <DialogContent>
          {form && (
            <Stack spacing={2} sx={{ mt: 1 }}>
              {errors.form && <Alert severity="error">{errors.form}</Alert>}
              <Stack direction="row" spacing={2}>
                <FormControlLabel control={<Checkbox checked={form.preferred} onChange={(e) => setForm({ ...form, preferred: e.target.checked })} />} label="Preferred" />
                <FormControlLabel
                  control={<Checkbox checked={form.build_consigned_vendor} onChange={(e) => setForm({ ...form, build_consigned_vendor: e.target.checked })} />}
                  label="Build consigned vendor"
                />
              </Stack>
              {TEXT_FIELDS.map(([field, label]) => (
                <TextField
                  key={field}
                  label={label}
                  value={form[field]}
                  multiline={field.endsWith('comments') || field.endsWith('notes')}
                  onChange={(e) => setForm({ ...form, [field]: e.target.value })}
                  error={Boolean(errors.fields[field])}
                  helperText={errors.fields[field]}
                  inputProps={{ 'data-testid': `vendor-site-field-${field}` }}
                />
              ))}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button onClick={() => void save(true)} data-testid="vendor-site-save-all">
            Apply to all sites
          </Button>
          <Button variant="contained" onClick={() => void save(false)} data-testid="vendor-site-save">
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
