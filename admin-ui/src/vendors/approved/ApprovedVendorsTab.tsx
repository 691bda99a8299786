// The manufacturers a vendor is approved for, at the caller's sites (docs/vendor-sites.md).
import { Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { useHasPermission } from '../../ui';
import { LoadState, Section, notifyRefusal, useLoad } from '../../ui';
import { APPROVED_VENDOR_EDIT } from './common';

export function ApprovedVendorsTab({ vendCode }: { vendCode: string }) {
  const canEdit = useHasPermission(APPROVED_VENDOR_EDIT);
  const links = useLoad(
    (signal) => callApi('post', '/V1/Vendor/ApprovedVendors/Search', { body: { vend_code: vendCode, pageSize: 500, sortField: 'mfg_code' }, signal }),
    [vendCode],
    Boolean(vendCode),
  );
  const remove = async (id: number) => {
    try {
      const answer = await callApi('delete', '/V1/Vendor/RemoveApprovedVendor', { query: { manufacturer_vendor_id: id } });
      notify(answer.message, 'success');
      links.reload();
    } catch (error) {
      notifyRefusal(error);
    }
  };
  return (
    <Section title={`Manufacturers vendor ${vendCode} is approved for`} testId="vendor-approved">
      <LoadState loading={links.loading} error={links.error} what="approved vendor list">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Site</TableCell>
              <TableCell>Manufacturer</TableCell>
              <TableCell>Added</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(links.data?.resultList ?? []).map((a) => (
              <TableRow key={a.manufacturer_vendor_id} data-testid={`vendor-approved-${a.siteCode}-${a.mfg_code}`}>
                <TableCell>{a.siteCode}</TableCell>
                <TableCell>
                  {a.mfg_code} {a.mfg_name ? `(${a.mfg_name})` : ''}
                </TableCell>
                <TableCell>
                  {new Date(a.created_at).toLocaleDateString()} {a.created_by ? `by ${a.created_by}` : ''}
                </TableCell>
                <TableCell>
                  {canEdit && (
                    <Button size="small" color="error" onClick={() => void remove(a.manufacturer_vendor_id)}>
                      Remove
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {links.data?.resultList.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>The vendor is not an approved vendor of any manufacturer at your sites.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </LoadState>
    </Section>
  );
}
