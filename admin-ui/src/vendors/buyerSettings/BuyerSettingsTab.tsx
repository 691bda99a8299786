// The buyers who handle a vendor at the current client (docs/vendor-sites.md), and a buyer's vendor list.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { callApi, type Schema } from '../../shared/api';
import { notify } from '../../shared/events';
import { useHasPermission } from '../../ui';
import { LoadState, Section, fieldErrorsOf, useLoad } from '../../ui';

type Setting = Schema<'VendorBuyerSetting'>;

/** The buyers of vendor `vendCode`; an editor of a buyer's whole vendor list (comma-separated codes). */
export function BuyerSettingsTab({ vendCode }: { vendCode: string }) {
  const canEdit = useHasPermission('EditVendorSite');
  const buyers = useLoad(
    (signal) => callApi('post', '/V1/Vendor/VendorDetail/VendorBuyerSettings/Search', { body: { vend_code: vendCode, pageSize: 200 }, signal }),
    [vendCode],
    Boolean(vendCode),
  );
  const [editing, setEditing] = useState<{ buyer: Setting; codes: string } | null>(null);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });

  const open = async (buyer: Setting) => {
    const all = await callApi('post', '/V1/Vendor/VendorDetail/VendorBuyerSettings/Search', { body: { asp_users_id: buyer.asp_users_id, pageSize: 500, sortField: 'vend_code' } });
    setErrors({ fields: {}, form: null });
    setEditing({ buyer, codes: all.resultList.map((r) => r.vend_code).join(', ') });
  };

  const save = async () => {
    if (!editing) return;
    const codes = editing.codes
      .split(/[,\s]+/)
      .map((c) => c.trim())
      .filter(Boolean);
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
              <TableCell>Name</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(buyers.data?.resultList ?? []).map((b) => (
              <TableRow key={b.asp_vendor_buyer_settings_id} data-testid={`vendor-buyer-${b.buyer}`}>
                <TableCell>{b.buyer}</TableCell>
                <TableCell>{b.buyer_name}</TableCell>
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
                <TableCell colSpan={3}>No buyer handles this vendor.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </LoadState>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>Vendors handled by {editing?.buyer.buyer_name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {problems.length > 0 && <Alert severity="error">{problems.join('\n')}</Alert>}
            <TextField
              label="Vendor codes (comma-separated)"
              value={editing?.codes ?? ''}
              onChange={(e) => editing && setEditing({ ...editing, codes: e.target.value })}
              multiline
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
