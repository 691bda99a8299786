// Approved Vendors (`/vendors/approvedVendors`, docs/vendor-sites.md): at a site of the current client, the vendors
// approved for each manufacturer; add and remove links, and copy a manufacturer's list (or all) to other sites.
import { useState } from 'react';
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
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { callApi, type Schema } from '../../shared/api';
import { notify } from '../../shared/events';
import { ConfirmDialog, PageTitle, useHasPermission } from '../../ui';
import { Pager, formatDate, nameWithCode } from '../../ui';
import { usePaging, useKeepPageIn } from '../../cycleCounts/paging';
import { useUserContext } from '../../shell/UserContextProvider';
import { LoadState, Section, fieldErrorsOf, notifyRefusal, useLoad } from '../../ui';
import { APPROVED_VENDOR_EDIT } from './common';

type CopyAnswer = Schema<'CopyApprovedAnswer'>;
type ApprovedLink = Schema<'ApprovedVendorPage'>['resultList'][number];
const NO_ERRORS = { fields: {} as Record<string, string>, form: null as string | null };

export function ApprovedVendorsPage() {
  const { context } = useUserContext();
  const canEdit = useHasPermission(APPROVED_VENDOR_EDIT);
  const clientSites = (context?.availableSites ?? []).filter((s) => s.client_id === context?.currentSite?.client_id);
  const [siteId, setSiteId] = useState<number>(context?.currentSite?.site_id ?? 0);
  const [mfg, setMfg] = useState('');
  const [text, setText] = useState('');
  const [filter, setFilter] = useState({ mfg: '', text: '' });
  const [newLink, setNewLink] = useState({ mfg_code: '', vend_code: '' });
  const [errors, setErrors] = useState(NO_ERRORS);
  const [copying, setCopying] = useState(false);
  const [targets, setTargets] = useState<number[]>([]);
  const [copyErrors, setCopyErrors] = useState(NO_ERRORS);
  const [copied, setCopied] = useState<CopyAnswer | null>(null);

  const paging = usePaging(50);
  const links = useLoad(
    (signal) =>
      callApi('post', '/V1/Vendor/ApprovedVendors/Search', {
        body: { site_id: siteId, mfg_code: filter.mfg || null, text: filter.text || null, ...paging.wire, sortField: 'mfg_code' },
        signal,
      }),
    [siteId, filter, paging.wire],
    siteId > 0,
  );
  useKeepPageIn(paging, links.data?.totalCount);
  const [removing, setRemoving] = useState<ApprovedLink | null>(null);

  const add = async () => {
    try {
      const answer = await callApi('post', '/V1/Vendor/InsertApprovedVendor', { body: { site_id: siteId, ...newLink } });
      notify(answer.message, 'success');
      setErrors(NO_ERRORS);
      setNewLink({ mfg_code: newLink.mfg_code, vend_code: '' });
      links.reload();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  const remove = async (id: number) => {
    setRemoving(null);
    try {
      const answer = await callApi('delete', '/V1/Vendor/RemoveApprovedVendor', { query: { manufacturer_vendor_id: id } });
      notify(answer.message, 'success');
      links.reload();
    } catch (error) {
      notifyRefusal(error);
    }
  };

  const copy = async () => {
    try {
      const answer = await callApi('post', '/V1/Vendor/CopyApproved', { body: { from_site_id: siteId, mfg_code: filter.mfg || null, to_site_ids: targets } });
      setCopied(answer);
      setCopying(false);
      setTargets([]);
      notify(answer.message, 'success');
    } catch (error) {
      setCopyErrors(fieldErrorsOf(error));
    }
  };

  const siteCode = clientSites.find((s) => s.site_id === siteId)?.siteCode ?? '';
  return (
    <Box sx={{ p: 2 }} data-testid="approved-vendors-page">
      <PageTitle title="Approved Vendors" />
      <Section
        title="Approved vendors by manufacturer"
        testId="approved-vendors"
        actions={
          canEdit && (
            <Button
              variant="outlined"
              onClick={() => {
                setCopyErrors(NO_ERRORS);
                setCopying(true);
              }}
              data-testid="approved-copy"
            >
              Copy to other sites
            </Button>
          )
        }
      >
        <Stack
          direction="row"
          spacing={2}
          component="form"
          sx={{ mb: 2, flexWrap: 'wrap' }}
          useFlexGap
          onSubmit={(e) => {
            e.preventDefault();
            setFilter({ mfg: mfg.trim().toUpperCase(), text: text.trim() });
            paging.first();
          }}
        >
          <TextField
            select
            label="Site"
            value={siteId || ''}
            onChange={(e) => {
              setSiteId(Number(e.target.value));
              paging.first();
              setErrors(NO_ERRORS);
            }}
            sx={{ width: 200 }}
            SelectProps={{ SelectDisplayProps: { 'data-testid': 'approved-site' } as object }}
          >
            {clientSites.map((s) => (
              <MenuItem key={s.site_id} value={s.site_id} data-testid={`approved-site-${s.siteCode}`}>
                {s.siteCode}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Manufacturer code" sx={{ width: 200 }} value={mfg} onChange={(e) => setMfg(e.target.value)} inputProps={{ 'data-testid': 'approved-filter-mfg' }} />
          <TextField label="Text" sx={{ width: 260 }} value={text} onChange={(e) => setText(e.target.value)} inputProps={{ 'data-testid': 'approved-filter-text' }} />
          <Button type="submit" variant="contained" data-testid="approved-search">
            Search
          </Button>
        </Stack>

        {canEdit && (
          <Stack direction="row" spacing={2} sx={{ mb: 2 }} alignItems="flex-start">
            <TextField
              label="Manufacturer"
              size="small"
              sx={{ width: 200 }}
              value={newLink.mfg_code}
              onChange={(e) => setNewLink({ ...newLink, mfg_code: e.target.value })}
              error={Boolean(errors.fields.mfg_code)}
              helperText={errors.fields.mfg_code}
              inputProps={{ 'data-testid': 'approved-new-mfg' }}
            />
            <TextField
              label="Vendor code"
              size="small"
              sx={{ width: 200 }}
              value={newLink.vend_code}
              onChange={(e) => setNewLink({ ...newLink, vend_code: e.target.value })}
              error={Boolean(errors.fields.vend_code)}
              helperText={errors.fields.vend_code}
              inputProps={{ 'data-testid': 'approved-new-vendor' }}
            />
            <Button variant="contained" onClick={() => void add()} data-testid="approved-add">
              Approve at {siteCode}
            </Button>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
          </Stack>
        )}

        {copied && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setCopied(null)} data-testid="approved-copy-result">
            {copied.message}
            {copied.sites.map((s) => (
              <div key={s.site_id}>
                {s.siteCode}: {s.copied} copied, {s.alreadyApproved} already approved
                {s.notVisible.length > 0 ? `; not copied (vendor not at the site): ${s.notVisible.join(', ')}` : ''}
              </div>
            ))}
          </Alert>
        )}

        <LoadState loading={links.loading} error={links.error} what="approved vendor list">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Manufacturer</TableCell>
                <TableCell>Vendor</TableCell>
                <TableCell>Added</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(links.data?.resultList ?? []).map((a) => (
                <TableRow key={a.manufacturer_vendor_id} data-testid={`approved-row-${a.mfg_code}-${a.vend_code}`}>
                  <TableCell>
                    {nameWithCode(a.mfg_name, a.mfg_code)}
                  </TableCell>
                  <TableCell>
                    {nameWithCode(a.vend_name, a.vend_code)}
                  </TableCell>
                  <TableCell>
                    {formatDate(a.created_at)} {a.created_by ? `by ${a.created_by}` : ''}
                  </TableCell>
                  <TableCell>
                    {canEdit && (
                      <Button size="small" color="error" onClick={() => setRemoving(a)} data-testid={`approved-remove-${a.mfg_code}-${a.vend_code}`}>
                        Remove
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {links.data?.resultList.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>No approved vendors found.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <Pager id="approved" page={paging.page} pageSize={paging.pageSize} total={links.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
        </LoadState>
      </Section>
      <ConfirmDialog
        open={removing !== null}
        title="Remove the approved vendor?"
        message={removing ? `${removing.vend_code} ${removing.vend_name ?? ''} is no longer an approved vendor of ${removing.mfg_code} at ${siteCode}.` : ''}
        confirmLabel="Remove"
        danger
        onConfirm={() => removing && void remove(removing.manufacturer_vendor_id)}
        onCancel={() => setRemoving(null)}
      />

      <Dialog open={copying} onClose={() => setCopying(false)} fullWidth maxWidth="xs">
        <DialogTitle>Copy approved vendors</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {filter.mfg ? `The approved vendors of ${filter.mfg}` : 'Every approved vendor'} at {siteCode} to:
          </Typography>
          {(copyErrors.form || Object.keys(copyErrors.fields).length > 0) && (
            <Alert severity="error">{[...Object.values(copyErrors.fields), copyErrors.form].filter(Boolean).join('\n')}</Alert>
          )}
          {clientSites
            .filter((s) => s.site_id !== siteId)
            .map((s) => (
              <FormControlLabel
                key={s.site_id}
                label={s.siteCode}
                control={
                  <Checkbox
                    checked={targets.includes(s.site_id)}
                    onChange={(e) => setTargets(e.target.checked ? [...targets, s.site_id] : targets.filter((t) => t !== s.site_id))}
                    inputProps={{ 'data-testid': `approved-copy-to-${s.siteCode}` } as object}
                  />
                }
                sx={{ display: 'flex' }}
              />
            ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCopying(false)}>Cancel</Button>
          <Button variant="contained" disabled={targets.length === 0} onClick={() => void copy()} data-testid="approved-copy-confirm">
            Copy
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
