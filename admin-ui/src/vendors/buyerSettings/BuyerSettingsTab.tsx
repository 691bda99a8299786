// The buyers who handle a vendor at the current client (docs/vendor-sites.md), and a buyer's vendor list.
import { useState } from 'react';
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { VendorPicker } from '../VendorPicker';
import { VendorName } from '../VendorName';
import { callApi, type Schema } from '../../shared/api';
import { notify } from '../../shared/events';
import { useHasPermission } from '../../ui';
import { Pager } from '../../ui';
import { usePaging, useKeepPageIn } from '../../cycleCounts/paging';
import { LoadState, Section, fieldErrorsOf, useLoad } from '../../ui';

type Setting = Schema<'VendorBuyerSetting'>;
interface VendorChip {
  vend_code: string;
  vend_name: string | null;
}

/** The buyers of vendor `vendCode`; an editor of a buyer's whole vendor list (comma-separated codes). */
export function BuyerSettingsTab({ vendCode }: { vendCode: string }) {
  const canEdit = useHasPermission('EditVendorSite');
  const paging = usePaging(20);
  const buyers = useLoad(
    (signal) => callApi('post', '/V1/Vendor/VendorDetail/VendorBuyerSettings/Search', { body: { vend_code: vendCode, ...paging.wire }, signal }),
    [vendCode, paging.wire],
    Boolean(vendCode),
  );
  useKeepPageIn(paging, buyers.data?.totalCount);
  const [editing, setEditing] = useState<{ buyer: Setting; vendors: VendorChip[] } | null>(null);
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });

  const open = async (buyer: Setting) => {
    const all = await callApi('post', '/V1/Vendor/VendorDetail/VendorBuyerSettings/Search', { body: { asp_users_id: buyer.asp_users_id, pageSize: 500, sortField: 'vend_code' } });
    // Saving replaces the buyer's whole list: a list longer than one answer would lose the codes not read.
    if (all.totalCount > all.resultList.length) {
      notify(`${buyer.buyer_name} handles ${all.totalCount} vendors; this editor handles lists of up to ${all.resultList.length}.`, 'warning');
      return;
    }
    setErrors({ fields: {}, form: null });
    setEditing({ buyer, vendors: all.resultList.map((r) => ({ vend_code: r.vend_code, vend_name: r.vend_name ?? null })) });
  };

  const save = async () => {
    if (!editing) return;
    const codes = editing.vendors.map((v) => v.vend_code);
    try {
      const answer = await callApi('post', '/V1/Vendor/VendorDetail/BuyerSettingsVendors', { body: { asp_users_id: editing.buyer.asp_users_id, vend_codes: codes } });
      notify(answer.message, 'success');
      setEditing(null);
      buyers.reload();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  const problems = [...Object.values(errors.fields), ...(errors.form ? [errors.form] : [])];
  return (
    <Section title={`Buyers of vendor ${vendCode}`} testId="vendor-buyers">
      <LoadState loading={buyers.loading} error={buyers.error} what="buyer list">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Buyer</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(buyers.data?.resultList ?? []).map((b) => (
              <TableRow key={b.asp_vendor_buyer_settings_id} data-testid={`vendor-buyer-${b.buyer}`}>
                <TableCell data-testid={`vendor-buyer-name-${b.buyer}`}>
                  {b.buyer_name ? `${b.buyer_name} (${b.buyer})` : b.buyer}
                </TableCell>
                <TableCell>
                  {canEdit && (
                    <Button size="small" onClick={() => void open(b)}>
                      Vendors of this buyer
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {buyers.data?.resultList.length === 0 && (
              <TableRow>
                <TableCell colSpan={2}>No buyer handles this vendor.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {(buyers.data?.totalCount ?? 0) > paging.pageSize && (
          <Pager id="vendor-buyers" page={paging.page} pageSize={paging.pageSize} total={buyers.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
        )}
      </LoadState>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>Vendors handled by {editing?.buyer.buyer_name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {problems.length > 0 && <Alert severity="error">{problems.join('\n')}</Alert>}
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="buyer-vendors">
              {(editing?.vendors ?? []).map((v) => (
                <Chip
                  key={v.vend_code}
                  label={v.vend_name ? `${v.vend_name} (${v.vend_code})` : <VendorName code={v.vend_code} />}
                  onDelete={() => editing && setEditing({ ...editing, vendors: editing.vendors.filter((x) => x.vend_code !== v.vend_code) })}
                />
              ))}
            </Stack>
            <VendorPicker
              value={adding}
              label="Add a vendor"
              testId="buyer-vendor-add"
              onChange={(code) => {
                if (editing && code && !editing.vendors.some((v) => v.vend_code === code)) setEditing({ ...editing, vendors: [...editing.vendors, { vend_code: code, vend_name: null }] });
                setAdding('');
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void save()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
