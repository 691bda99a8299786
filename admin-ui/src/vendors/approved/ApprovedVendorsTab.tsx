// The manufacturers a vendor is approved for, at the caller's sites (docs/vendor-sites.md).
import { useState } from 'react';
import { Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { ConfirmDialog, useHasPermission } from '../../ui';
import { Pager, formatDate, nameWithCode } from '../../ui';
import { usePaging, useKeepPageIn } from '../../cycleCounts/paging';
import { LoadState, Section, notifyRefusal, useLoad } from '../../ui';
import { APPROVED_VENDOR_EDIT } from './common';

export function ApprovedVendorsTab({ vendCode }: { vendCode: string }) {
  const canEdit = useHasPermission(APPROVED_VENDOR_EDIT);
  const paging = usePaging(20);
  const links = useLoad(
    (signal) => callApi('post', '/V1/Vendor/ApprovedVendors/Search', { body: { vend_code: vendCode, ...paging.wire, sortField: 'mfg_code' }, signal }),
    [vendCode, paging.wire],
    Boolean(vendCode),
  );
  useKeepPageIn(paging, links.data?.totalCount);
  const [removing, setRemoving] = useState<{ id: number; text: string } | null>(null);
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
                  {nameWithCode(a.mfg_name, a.mfg_code)}
                </TableCell>
                <TableCell>
                  {formatDate(a.created_at)} {a.created_by ? `by ${a.created_by}` : ''}
                </TableCell>
                <TableCell>
                  {canEdit && (
                    <Button size="small" color="error" onClick={() => setRemoving({ id: a.manufacturer_vendor_id, text: `Vendor ${vendCode} is no longer an approved vendor of ${a.mfg_code} at ${a.siteCode}.` })}>
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
        {(links.data?.totalCount ?? 0) > paging.pageSize && (
          <Pager id="vendor-approved" page={paging.page} pageSize={paging.pageSize} total={links.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
        )}
      </LoadState>
      <ConfirmDialog
        open={removing !== null}
        title="Remove the approved vendor?"
        message={removing?.text ?? ''}
        confirmLabel="Remove"
        danger
        onConfirm={() => removing && void remove(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </Section>
  );
}
