// The shared vendor's links: the current client's sites (with their pricing agreements) and the client's vendors
// assigned to it. Both lists page; unlinking and unassigning are confirmed first.
import { useState } from 'react';
import { Box, Button, IconButton, Stack, TableCell, TableRow, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { callApi, type Schema } from '../shared/api';
import { notify } from '../shared/events';
import { fieldErrorsOf, LoadState, notifyRefusal, Rows, Section, useApi } from '../ui';
import { Pager } from '../ui';
import { usePaging, useKeepPageIn } from '../cycleCounts/paging';
import { useUserContext } from '../shell/UserContextProvider';
import { VendorPicker } from '../vendors/VendorPicker';
import { EditForm, NO_ERRORS, useRemoval, type Errors } from './parts';
import { bodyOf, formOf, type FieldDef, type FormValues, type Option } from './sharedVendors';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The site link form: a site of the current client among the user's sites, and its special pricing agreement. */
const siteFields = (sites: readonly Option[]): readonly FieldDef[] => [
  { field: 'site_id', label: 'Site', kind: 'select', options: sites },
  { field: 'spa_number', label: 'SPA number', kind: 'text' },
  { field: 'spa_start_date', label: 'SPA start', kind: 'date' },
  { field: 'spa_end_date', label: 'SPA end', kind: 'date' },
];

/** The site links at the current client's sites the user may use, with their special pricing agreements. */
export function SitesTab({ id, vendorName, canEdit }: { id: number; vendorName: string; canEdit: boolean }) {
  const { context } = useUserContext();
  const client = context?.currentSite?.client_id;
  const SITE_FIELDS = siteFields((context?.availableSites ?? []).filter((st) => st.client_id === client).map((st) => ({ value: st.site_id, label: `${st.siteCode} - ${st.site_name}` })));
  const paging = usePaging(20);
  const rows = useApi('post', '/V1/SharedVendor/SearchSharedVendorSite', { body: { shared_vendor_id: id, ...paging.wire } });
  useKeepPageIn(paging, rows.data?.totalCount);
  const removal = useRemoval(rows.reload);
  const [form, setForm] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const save = async () => {
    if (!form) return;
    try {
      const body = { shared_vendor_id: id, ...bodyOf(SITE_FIELDS, form) } as Schema<'SharedVendorSiteInput'>;
      await callApi('post', '/V1/SharedVendor/InsertSharedVendorSite', { body, local400: true });
      notify('Site linked.', 'success');
      setForm(null);
      setErrors(NO_ERRORS);
      rows.reload();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    }
  };
  const total = rows.data?.totalCount ?? 0;
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
            <TableRow key={text(r.shared_vendor_site_id)} data-testid="sv-sites-row">
              <TableCell>{text(r.site_code)}</TableCell>
              <TableCell>{text(r.site_name)}</TableCell>
              <TableCell>{text(r.spa_number)}</TableCell>
              <TableCell>{text(r.spa_start_date)}</TableCell>
              <TableCell>{text(r.spa_end_date)}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <Tooltip title="Remove the link">
                    <IconButton
                      size="small"
                      aria-label="Remove"
                      data-testid="sv-sites-delete"
                      onClick={() =>
                        removal.ask({
                          title: `Unlink site ${text(r.site_code)}?`,
                          message: `${vendorName} is no longer linked to ${text(r.site_code)} - ${text(r.site_name)}${r.spa_number ? `, and its pricing agreement ${text(r.spa_number)} is removed from the site` : ''}.`,
                          confirmLabel: 'Unlink',
                          run: () => callApi('post', '/V1/SharedVendor/DeleteSharedVendorSite', { query: { shared_vendor_site_id: r.shared_vendor_site_id } }),
                          done: 'Site link removed.',
                        })
                      }
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
        {total > paging.pageSize && <Pager id="sv-sites" page={paging.page} pageSize={paging.pageSize} total={total} onPage={paging.setPage} onPageSize={paging.setPageSize} />}
      </LoadState>
      {removal.dialog}
    </Section>
  );
}

/** Assigns the vendor to the shared vendor `target`; 0 unassigns it (the document types the id as text: the server parses it). */
const assignTo = (vendCode: string, target: number) => callApi('get', '/V1/SharedVendor/Vendor/UpdateSharedVendorID', { query: { vend_code: vendCode, shared_vendor_id: String(target) } });

/** The current client's vendors (at the current site) assigned to this shared vendor; assign by picking, unassign. */
export function VendorsTab({ id, vendorName, canEdit }: { id: number; vendorName: string; canEdit: boolean }) {
  const paging = usePaging(20);
  const rows = useApi('put', '/V1/SharedVendor/Vendors/{id}', { path: { id }, body: paging.wire });
  useKeepPageIn(paging, rows.data?.totalCount);
  const removal = useRemoval(rows.reload);
  const [code, setCode] = useState('');
  const assign = async (vendCode: string) => {
    try {
      await assignTo(vendCode, id);
      notify(`Vendor ${vendCode} assigned.`, 'success');
      setCode('');
      rows.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  const total = rows.data?.totalCount ?? 0;
  return (
    <Section title="Our Vendors" testId="sv-vendors-panel">
      {canEdit && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
          <VendorPicker value={code} onChange={setCode} testId="sv-vendors-code" label="Vendor to assign" width={420} />
          <Button variant="contained" disabled={!code} onClick={() => void assign(code)} data-testid="sv-vendors-assign">
            Assign
          </Button>
        </Stack>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="vendors">
        <Rows columns={['Vendor', 'ERP company', 'VMI', 'Active', '']} count={rows.data?.itemList.length ?? 0} empty="None of your vendors is assigned to this shared vendor.">
          {(rows.data?.itemList ?? []).map((r) => (
            <TableRow key={text(r.vend_id)} data-testid="sv-vendors-row">
              <TableCell>
                {text(r.vend_name)} ({text(r.vend_code)})
              </TableCell>
              <TableCell>{text(r.erp_company)}</TableCell>
              <TableCell>{r.is_vmi ? 'Yes' : 'No'}</TableCell>
              <TableCell>{r.active ? 'Yes' : 'No'}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <Button
                    size="small"
                    data-testid="sv-vendors-unassign"
                    onClick={() =>
                      removal.ask({
                        title: `Unassign ${text(r.vend_name)}?`,
                        message: `Vendor ${text(r.vend_name)} (${text(r.vend_code)}) is no longer assigned to ${vendorName}; its costs are no longer compared with ${vendorName}'s catalogue.`,
                        confirmLabel: 'Unassign',
                        run: () => assignTo(r.vend_code, 0),
                        done: `Vendor ${text(r.vend_code)} unassigned.`,
                      })
                    }
                  >
                    Unassign
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
        {total > paging.pageSize && <Pager id="sv-vendors" page={paging.page} pageSize={paging.pageSize} total={total} onPage={paging.setPage} onPageSize={paging.setPageSize} />}
      </LoadState>
      {removal.dialog}
    </Section>
  );
}
