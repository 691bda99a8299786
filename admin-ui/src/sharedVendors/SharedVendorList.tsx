import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNavigate } from 'react-router';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { PageTitle, useHasPermission } from '../ui';
import { LoadState, Section, fieldErrorsOf, useApi } from '../ui';
import { Pager } from '../ui';
import { usePaging, useKeepPageIn } from '../cycleCounts/paging';
import { SHARED_VENDOR_EDIT, sharedVendorRoute } from './sharedVendors';

/** `/vendors/sharedVendors`: search by name with the current client's counts per shared vendor. */
export function SharedVendorList() {
  const navigate = useNavigate();
  const canEdit = useHasPermission(SHARED_VENDOR_EDIT);
  const [text, setText] = useState('');
  const [criteria, setCriteria] = useState<{ search_text: string | null; is_active: boolean | null }>({ search_text: null, is_active: true });
  const [creating, setCreating] = useState(false);
  const paging = usePaging(20);
  const rows = useApi('post', '/V1/SharedVendor/SummarySearch', { body: { ...criteria, ...paging.wire } });
  useKeepPageIn(paging, rows.data?.totalCount);
  const search = () => (setCriteria((c) => ({ ...c, search_text: text.trim() || null })), paging.first());
  return (
    <>
      <PageTitle title="Shared Vendors" />
      <Section
        title="Search"
        actions={
          canEdit && (
            <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="sv-new">
              New shared vendor
            </Button>
          )
        }
      >
        <Stack direction="row" spacing={2} alignItems="center">
          <TextField
            size="small"
            label="Name"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && search()}
            slotProps={{ htmlInput: { 'data-testid': 'sv-search-text' } }}
          />
          <FormControlLabel
            control={<Checkbox checked={criteria.is_active === true} onChange={(e) => (setCriteria((c) => ({ ...c, is_active: e.target.checked ? true : null })), paging.first())} />}
            label="Active only"
          />
          <Button variant="contained" onClick={search} data-testid="sv-search">
            Search
          </Button>
        </Stack>
      </Section>
      <Section title={`Shared vendors${rows.data ? ` (${rows.data.totalCount})` : ''}`}>
        <LoadState loading={rows.loading} error={rows.error} what="shared vendors">
          <Table size="small">
            <TableHead>
              <TableRow>
                {['Name', 'Active', 'VIP', 'Our vendors', 'Our sites', 'Contacts', 'Brands', 'Current costs'].map((c) => (
                  <TableCell key={c}>{c}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows.data?.itemList ?? []).map((r) => (
                <TableRow key={r.shared_vendor_id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(sharedVendorRoute(r.shared_vendor_id))} data-testid="sv-row">
                  <TableCell>{r.shared_vendor_name}</TableCell>
                  <TableCell>{r.is_active ? 'Yes' : 'No'}</TableCell>
                  <TableCell>{r.is_vip ? 'Yes' : 'No'}</TableCell>
                  <TableCell>{r.vendor_count}</TableCell>
                  <TableCell>{r.site_count}</TableCell>
                  <TableCell>{r.contact_count}</TableCell>
                  <TableCell>{r.brand_count}</TableCell>
                  <TableCell data-testid="sv-row-costs">{r.current_cost_count}</TableCell>
                </TableRow>
              ))}
              {rows.data?.itemList.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>No shared vendors match.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <Pager id="sv-list" page={paging.page} pageSize={paging.pageSize} total={rows.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
        </LoadState>
      </Section>
      {creating && <NewSharedVendorDialog onClose={() => setCreating(false)} onCreated={(id) => navigate(sharedVendorRoute(id))} />}
    </>
  );
}

function NewSharedVendorDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      const saved = await callApi('post', '/V1/SharedVendor/Insert', { body: { shared_vendor_name: name }, local400: true });
      notify(`Shared vendor ${saved.shared_vendor_name} created.`, 'success');
      onCreated(saved.shared_vendor_id);
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setError(fields.shared_vendor_name ?? form);
    }
  };
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>New shared vendor</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth margin="dense" label="Name" value={name} onChange={(e) => setName(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ htmlInput: { 'data-testid': 'sv-new-name' } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} data-testid="sv-new-save">
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
