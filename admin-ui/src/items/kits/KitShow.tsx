import { useState } from 'react';
import { Alert, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useParams } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { formatQuantity } from '../../shared/numbers';
import { GuardedButton } from '../../grid/GuardedButton';
import { PageTitle, RouteLink, useHasPermission } from '../../ui';
import { CRIB_DEVICE_ADMIN, cipRoute, statusName, yesNo } from '../common';
import { InfoRow, LoadState, Section, fieldErrorsOf, useApi } from '../../ui';
import { KIT_LIST_ROUTE } from './KitList';
import { kitChildren, type ChildRow } from './kits';

/** A kit (`/item/kits/:cip_no`): its child CIPs and quantities; CribDeviceAdmin holders change the list. */
export function KitShow() {
  // `/item/kits/:cip_no`, or react-admin's `/kits/:id/show`.
  const { cip_no, id } = useParams();
  const cipNo = Number(cip_no ?? id);
  const canEdit = useHasPermission(CRIB_DEVICE_ADMIN);
  const kit = useApi('get', '/V1/Crib/Kit/{cip_no}', { path: { cip_no: cipNo }, quiet: true }, { enabled: Number.isSafeInteger(cipNo) });
  const [rows, setRows] = useState<ChildRow[] | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [newChild, setNewChild] = useState('');
  const k = kit.data;

  const start = () => {
    setRows((k?.children ?? []).map((c) => ({ child_cip_no: c.child_cip_no, cip_code: c.cip_code, cust_desc1: c.cust_desc1, qty: String(c.qty) })));
    setRowErrors({});
    setFormError(null);
  };
  const addChild = async () => {
    const id = Number(newChild.trim());
    if (!Number.isSafeInteger(id) || id <= 0) return setFormError('CIP Id must be a number.');
    try {
      const child = await callApi('get', '/V1/Item/CIP/{id}', { path: { id }, quiet: true });
      setRows((r) => [...(r ?? []), { child_cip_no: child.cip_no, cip_code: child.cip_code, cust_desc1: child.cust_desc1, qty: '1' }]);
      setNewChild('');
      setFormError(null);
    } catch {
      setFormError('Item not found.');
    }
  };
  const save = async () => {
    if (!rows) return;
    const { children, errors } = kitChildren(rows);
    setRowErrors(errors);
    if (Object.keys(errors).length) return;
    try {
      await callApi('put', '/V1/Crib/Kit', { body: { cip_no: cipNo, children }, local400: true });
      notify('Kit saved.', 'success');
      setRows(null);
      kit.reload();
    } catch (e) {
      const { fields, form } = fieldErrorsOf(e);
      setFormError([...(form ? [form] : []), ...Object.entries(fields).map(([f, m]) => `${f}: ${m}`)].join('\n') || null);
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="kit-detail">
      <PageTitle title={k ? `Kit ${k.cip_code}` : 'Kit'} backTo={KIT_LIST_ROUTE}>
        {canEdit && k?.is_kit && !rows && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={start} data-testid="kit-edit">
            Edit children
          </Button>
        )}
      </PageTitle>
      <LoadState loading={kit.loading} error={kit.error || (!Number.isSafeInteger(cipNo) ? new Error('invalid') : null)} what="kit">
        {k && (
          <>
            <Section title="Kit">
              <InfoRow label="CIP">
                <RouteLink to={cipRoute(k.cip_no)}>{k.cip_code}</RouteLink>
              </InfoRow>
              <InfoRow label="Customer Part" value={k.cust_item_code} />
              <InfoRow label="Description" value={k.cust_desc1} />
              <InfoRow label="Location" value={k.location} />
              <InfoRow label="Status" value={statusName(k.status_id)} />
              <InfoRow label="Kit CID" value={yesNo(k.is_kit)} />
            </Section>
            <Section title="Children" testId="kit-children">
              {formError && (
                <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }} data-testid="kit-error">
                  {formError}
                </Alert>
              )}
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>CIP</TableCell>
                    <TableCell>Description</TableCell>
                    <TableCell align="right">Qty</TableCell>
                    {!rows && <TableCell align="right">On Hand</TableCell>}
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {!rows &&
                    k.children.map((c) => (
                      <TableRow key={c.child_cip_no} data-testid="kit-child-row">
                        <TableCell>
                          <RouteLink to={cipRoute(c.child_cip_no)}>{c.cip_code}</RouteLink>
                        </TableCell>
                        <TableCell>{c.cust_desc1}</TableCell>
                        <TableCell align="right">{formatQuantity(c.qty)}</TableCell>
                        <TableCell align="right">{formatQuantity(c.qty_on_hand)}</TableCell>
                        <TableCell />
                      </TableRow>
                    ))}
                  {rows?.map((row, i) => (
                    <TableRow key={`${row.child_cip_no}-${i}`} data-testid="kit-child-edit-row">
                      <TableCell>{row.cip_code ?? row.child_cip_no}</TableCell>
                      <TableCell>{row.cust_desc1}</TableCell>
                      <TableCell align="right">
                        <TextField
                          size="small"
                          value={row.qty}
                          onChange={(e) => setRows((r) => r!.map((x, j) => (j === i ? { ...x, qty: e.target.value } : x)))}
                          error={Boolean(rowErrors[i])}
                          helperText={rowErrors[i]}
                          sx={{ width: 120 }}
                        />
                      </TableCell>
                      <TableCell align="right">
                        <IconButton size="small" onClick={() => setRows((r) => r!.filter((_, j) => j !== i))} aria-label="Remove">
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  ))}
                  {!rows && k.children.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5}>No children.</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
              {rows && (
                <Stack direction="row" spacing={1} sx={{ mt: 2 }} alignItems="center">
                  <TextField size="small" label="Child CIP Id" value={newChild} onChange={(e) => setNewChild(e.target.value)} />
                  <Button startIcon={<AddIcon />} onClick={() => void addChild()} data-testid="kit-child-add">
                    Add
                  </Button>
                  <Box sx={{ flexGrow: 1 }} />
                  <GuardedButton variant="contained" onClick={save} data-testid="kit-save">
                    Save
                  </GuardedButton>
                  <Button onClick={() => setRows(null)}>Cancel</Button>
                </Stack>
              )}
            </Section>
          </>
        )}
      </LoadState>
    </Box>
  );
}
