// A shared vendor's cost catalogue (docs/costs.md): search its costs, see each cost's breaks and the cost for a
// quantity, add and edit costs (CostDialog: the duplicate check runs before saving), expire or extend them singly
// or in bulk, import a supplier's file (ImportPanel), export in the import's columns. Changes and the import are
// offered only with SharedVendorCostEdit.
import { useState } from 'react';
import { Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { api, apiUrl, callApi } from '../shared/api';
import { notify } from '../shared/events';
import { formatQuantity, formatUnitCost } from '../shared/numbers';
import { saveBlob } from '../grid/download';
import { ConfirmDialog, LoadState, Pager, Section, formatDate, notifyRefusal, useHasPermission, useLoad } from '../ui';
import { COST_EDIT, costForQuantity, type Cost, type CostBreak } from './costs';
import { CostDialog, draftOf, emptyDraft, type Draft } from './CostDialog';
import { ImportPanel } from './ImportPanel';

type Status = 'current' | 'expired' | 'all';

/** The breaks of a cost as a small table, the one that prices `qty` marked. */
export function BreaksTable({ breaks, qty }: { breaks: CostBreak[]; qty: number | null }) {
  const hit = qty ? costForQuantity(breaks, qty) : null;
  return (
    <Table size="small" sx={{ width: 'auto', '& td, & th': { py: 0, px: 1 } }} data-testid="cost-breaks">
      <TableHead>
        <TableRow>
          <TableCell>Qty</TableCell>
          <TableCell align="right">Cost</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {breaks.map((b, i) => (
          <TableRow key={i} selected={hit?.slot === i + 1} data-testid={hit?.slot === i + 1 ? 'cost-break-hit' : undefined}>
            <TableCell>{formatQuantity(b.qty)}</TableCell>
            <TableCell align="right">{formatUnitCost(b.cost)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What expiring does to these costs, said before it is done: the parts, and what happens to costs in force and future ones. */
export function expiryText(costs: readonly Pick<Cost, 'mfg_code' | 'mfg_part_no'>[]): string {
  const parts = costs.slice(0, 5).map((c) => `${c.mfg_code} ${c.mfg_part_no}`);
  const more = costs.length > 5 ? ` and ${costs.length - 5} more` : '';
  return `${parts.join(', ')}${more}: a cost in force ends yesterday, a cost that has not started yet is withdrawn. Orders no longer use them.`;
}

export function CostCatalogueTab({ sharedVendorId }: { sharedVendorId: number }) {
  // Adding, editing, expiring, extending and importing need SharedVendorCostEdit (the operations' #[requires]);
  // without it the catalogue is read-only: search, the cost for a quantity and the export.
  const canEdit = useHasPermission(COST_EDIT);
  const [part, setPart] = useState('');
  const [status, setStatus] = useState<Status>('current');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [qty, setQty] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [extendTo, setExtendTo] = useState<string | null>(null);
  const [expiring, setExpiring] = useState<Cost[] | null>(null);
  const filter = { shared_vendor_id: sharedVendorId, part: part.trim() || null, expired: status === 'all' ? null : status === 'expired' };
  const costs = useLoad(
    (signal) => callApi('post', '/V1/SharedVendor/Cost/Search', { body: { ...filter, pageNumber: page - 1, pageSize }, signal }),
    [sharedVendorId, part, status, page, pageSize],
  );
  const q = Number(qty) || null;
  const rows = costs.data?.itemList ?? [];
  const reload = () => {
    setSelected([]);
    costs.reload();
  };
  const expire = async (costs: Cost[]) => {
    const ids = costs.map((c) => c.shared_vendor_cost_id);
    try {
      if (ids.length === 1) await callApi('put', '/V1/SharedVendor/Cost/Expire/{id}', { path: { id: ids[0] } });
      else await callApi('put', '/V1/SharedVendor/Cost/Expire/Multiple', { body: { ids } });
      notify(`${ids.length === 1 ? 'Cost' : `${ids.length} costs`} expired.`, 'success');
      reload();
    } catch (error) {
      notifyRefusal(error);
    }
    setExpiring(null);
  };
  const extend = async () => {
    try {
      const answer = await callApi('put', '/V1/SharedVendor/Cost/Extend', { query: { end_date: extendTo ?? '' }, body: { ids: selected } });
      notify(`${answer.changed} costs extended to ${extendTo}.`, 'success');
      setExtendTo(null);
      reload();
    } catch (error) {
      notifyRefusal(error);
    }
  };
  const exportFile = async () => {
    const { blob, fileName } = await api.postForBlob(apiUrl('/V1/SharedVendor/Cost/Export'), { ...filter, pageSize: 500 });
    saveBlob(blob, fileName ?? 'cost-catalogue.xlsx');
  };
  return (
    <Box data-testid="cost-catalogue" data-shared-vendor-id={sharedVendorId}>
      <Section
        title="Costs"
        testId="cost-list"
        actions={
          <Stack direction="row" spacing={1}>
            {canEdit && (
              <>
                <Button startIcon={<AddIcon />} onClick={() => setEditing(emptyDraft())} data-testid="cost-add">
                  Add cost
                </Button>
                <Button disabled={!selected.length} onClick={() => setExpiring(rows.filter((c) => selected.includes(c.shared_vendor_cost_id)))} data-testid="cost-expire-selected">
                  Expire selected
                </Button>
                <Button disabled={!selected.length} onClick={() => setExtendTo(`${new Date().getFullYear() + 1}-12-31`)} data-testid="cost-extend-selected">
                  Extend selected
                </Button>
              </>
            )}
            <Button startIcon={<DownloadIcon />} onClick={exportFile}>
              Export
            </Button>
          </Stack>
        }
      >
        <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
          <TextField size="small" label="Part" value={part} onChange={(e) => (setPart(e.target.value), setPage(1))} inputProps={{ 'data-testid': 'cost-search-part' }} />
          <TextField size="small" select label="Costs" value={status} onChange={(e) => (setStatus(e.target.value as Status), setPage(1))} sx={{ minWidth: 160 }}>
            <MenuItem value="current">Active and future</MenuItem>
            <MenuItem value="expired">Expired</MenuItem>
            <MenuItem value="all">All</MenuItem>
          </TextField>
          <TextField
            size="small"
            label="Cost for quantity"
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            inputProps={{ 'data-testid': 'cost-quantity', inputMode: 'decimal' }}
            helperText="The break whose quantity is the largest not above it"
          />
        </Stack>
        <LoadState loading={costs.loading && !costs.data} error={costs.error} what="cost list">
          <Table size="small">
            <TableHead>
              <TableRow>
                {canEdit && <TableCell padding="checkbox" />}
                <TableCell>Part</TableCell>
                <TableCell>Vendor part</TableCell>
                <TableCell>Agreement</TableCell>
                <TableCell>Valid</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Breaks</TableCell>
                <TableCell align="right">Cost for {q ?? '…'}</TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => {
                const hit = q ? costForQuantity(c.breaks, q) : null;
                const id = c.shared_vendor_cost_id;
                return (
                  <TableRow key={id} data-testid="cost-row" data-part={c.mfg_part_no}>
                    {canEdit && (
                      <TableCell padding="checkbox">
                        <Checkbox checked={selected.includes(id)} onChange={(e) => setSelected(e.target.checked ? [...selected, id] : selected.filter((s) => s !== id))} />
                      </TableCell>
                    )}
                    <TableCell>
                      {c.mfg_code} {c.mfg_part_no}
                      <Typography variant="caption" display="block" color="text.secondary">
                        {c.item_desc ?? c.description}
                      </Typography>
                    </TableCell>
                    <TableCell>{c.vendor_part_no}</TableCell>
                    <TableCell>{c.special_pricing_agreement_id}</TableCell>
                    <TableCell>
                      {formatDate(c.start_date)} – {formatDate(c.end_date)}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={c.status} color={c.status === 'active' ? 'success' : c.status === 'future' ? 'info' : 'default'} data-testid="cost-status" />
                    </TableCell>
                    <TableCell>
                      <BreaksTable breaks={c.breaks} qty={q} />
                    </TableCell>
                    <TableCell align="right" data-testid="cost-for-quantity">
                      {q ? (hit ? formatUnitCost(hit.cost) : 'below minimum') : ''}
                    </TableCell>
                    {canEdit && (
                      <TableCell>
                        <Button size="small" onClick={() => setEditing(draftOf(c))} data-testid="cost-edit">
                          Edit
                        </Button>
                        <Button size="small" disabled={c.status === 'expired' || c.status === 'withdrawn'} onClick={() => setExpiring([c])} data-testid="cost-expire">
                          Expire
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Pager id="costs" page={page} pageSize={pageSize} total={costs.data?.totalCount ?? 0} onPage={setPage} onPageSize={(size) => (setPageSize(size), setPage(1))} />
        </LoadState>
      </Section>
      {canEdit && (
        <Section title="Import a catalogue" testId="cost-import-section">
          <ImportPanel sharedVendorId={sharedVendorId} onDone={reload} />
        </Section>
      )}
      {editing && <CostDialog sharedVendorId={sharedVendorId} draft={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), reload())} />}
      <ConfirmDialog
        open={expiring != null}
        title={expiring?.length === 1 ? 'Expire this cost?' : `Expire ${expiring?.length ?? 0} costs?`}
        message={expiring ? expiryText(expiring) : ''}
        confirmLabel="Expire"
        danger
        onConfirm={() => expiring && void expire(expiring)}
        onCancel={() => setExpiring(null)}
      />
      <Dialog open={extendTo != null} onClose={() => setExtendTo(null)}>
        <DialogTitle>Extend {selected.length} costs</DialogTitle>
        <DialogContent>
          <TextField sx={{ mt: 1 }} type="date" label="New end date" value={extendTo ?? ''} onChange={(e) => setExtendTo(e.target.value)} InputLabelProps={{ shrink: true }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExtendTo(null)}>Cancel</Button>
          <Button variant="contained" onClick={extend} data-testid="cost-extend-confirm">
            Extend
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
