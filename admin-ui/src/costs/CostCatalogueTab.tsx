// A shared vendor's cost catalogue (docs/costs.md): search its costs, see each cost's breaks and the cost for a
// quantity, add and edit costs (the duplicate check runs before saving), expire or extend them singly or in bulk,
// import a supplier's file with a progress bar and the per-row report, export in the import's columns.
import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { api, apiUrl, callApi, httpClient, fileNameOf } from '../shared/api';
import { notify } from '../shared/events';
import { formatCount, formatQuantity, formatUnitCost } from '../shared/numbers';
import { saveBlob } from '../grid/download';
import { LoadState, Section, fieldErrorsOf, notifyRefusal, useHasPermission, useLoad } from '../ui';
import { COST_EDIT, costForQuantity, importPercent, importRefusal, pollImport, uploadCatalogue, XLSX_TYPE, type Cost, type CostBreak, type CostImport } from './costs';

const today = () => new Date().toISOString().slice(0, 10);
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

interface Draft {
  id: number | null;
  mfg_code: string;
  mfg_part_no: string;
  vendor_part_no: string;
  description: string;
  special_pricing_agreement_id: string;
  start_date: string;
  end_date: string;
  breaks: { qty: string; cost: string }[];
}

const emptyDraft = (): Draft => ({
  id: null,
  mfg_code: '',
  mfg_part_no: '',
  vendor_part_no: '',
  description: '',
  special_pricing_agreement_id: '',
  start_date: today(),
  end_date: `${new Date().getFullYear()}-12-31`,
  breaks: [{ qty: '1', cost: '' }],
});

const draftOf = (c: Cost): Draft => ({
  id: c.shared_vendor_cost_id,
  mfg_code: c.mfg_code,
  mfg_part_no: c.mfg_part_no,
  vendor_part_no: c.vendor_part_no ?? '',
  description: c.description ?? '',
  special_pricing_agreement_id: c.special_pricing_agreement_id ?? '',
  start_date: c.start_date,
  end_date: c.end_date,
  breaks: c.breaks.map((b) => ({ qty: String(b.qty), cost: String(b.cost) })),
});

function CostDialog({ sharedVendorId, draft, onClose, onSaved }: { sharedVendorId: number; draft: Draft; onClose: () => void; onSaved: () => void }) {
  const [d, setD] = useState(draft);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const [collision, setCollision] = useState<string | null>(null);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  const setBreak = (i: number, k: 'qty' | 'cost', v: string) => setD({ ...d, breaks: d.breaks.map((b, j) => (j === i ? { ...b, [k]: v } : b)) });
  const save = async () => {
    const fields = {
      mfg_code: d.mfg_code,
      mfg_part_no: d.mfg_part_no,
      vendor_part_no: d.vendor_part_no || null,
      description: d.description || null,
      start_date: d.start_date,
      end_date: d.end_date,
      breaks: d.breaks.filter((b) => b.qty.trim() || b.cost.trim()).map((b) => ({ qty: Number(b.qty), cost: Number(b.cost) })),
    };
    try {
      const check = await callApi('post', '/V1/SharedVendor/Cost/DuplicateCheck', {
        body: { shared_vendor_id: sharedVendorId, shared_vendor_cost_id: d.id, mfg_code: d.mfg_code, mfg_part_no: d.mfg_part_no, start_date: d.start_date, end_date: d.end_date },
        local400: true,
      });
      if (check.duplicate) {
        setCollision(`${check.message} ${check.collisions.map((c) => `${c.start_date} – ${c.end_date}`).join(', ')}`);
        return;
      }
      if (d.id == null) {
        await callApi('post', '/V1/SharedVendor/Cost/Insert', {
          body: { shared_vendor_id: sharedVendorId, special_pricing_agreement_id: d.special_pricing_agreement_id || null, ...fields },
          local400: true,
        });
      } else {
        await callApi('put', '/V1/SharedVendor/Cost/Update', { body: { shared_vendor_cost_id: d.id, ...fields }, local400: true });
      }
      notify('Cost saved.', 'success');
      onSaved();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };
  const err = (f: string) => ({ error: Boolean(errors.fields[f]), helperText: errors.fields[f] });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{d.id == null ? 'Add cost' : 'Edit cost'}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={1}>
            <TextField label="Manufacturer" value={d.mfg_code} onChange={set('mfg_code')} {...err('mfg_code')} inputProps={{ 'data-testid': 'cost-mfg-code' }} />
            <TextField label="Manufacturer part no" value={d.mfg_part_no} onChange={set('mfg_part_no')} {...err('mfg_part_no')} fullWidth inputProps={{ 'data-testid': 'cost-mfg-part' }} />
          </Stack>
          <Stack direction="row" spacing={1}>
            <TextField label="Vendor part no" value={d.vendor_part_no} onChange={set('vendor_part_no')} {...err('vendor_part_no')} />
            <TextField label="Agreement" value={d.special_pricing_agreement_id} onChange={set('special_pricing_agreement_id')} disabled={d.id != null} />
          </Stack>
          <TextField label="Description" value={d.description} onChange={set('description')} {...err('description')} />
          <Stack direction="row" spacing={1}>
            <TextField label="Start" type="date" value={d.start_date} onChange={set('start_date')} {...err('start_date')} InputLabelProps={{ shrink: true }} />
            <TextField label="End" type="date" value={d.end_date} onChange={set('end_date')} {...err('end_date')} InputLabelProps={{ shrink: true }} />
          </Stack>
          <Typography variant="subtitle2">Quantity breaks (the first is the minimum order)</Typography>
          {d.breaks.map((b, i) => (
            <Stack direction="row" spacing={1} key={i}>
              <TextField size="small" label={`Qty ${i + 1}`} value={b.qty} onChange={(e) => setBreak(i, 'qty', e.target.value)} {...err(`qty_break_${i + 1}`)} />
              <TextField size="small" label={`Cost ${i + 1}`} value={b.cost} onChange={(e) => setBreak(i, 'cost', e.target.value)} {...err(`cost_${i + 1}`)} inputProps={{ 'data-testid': `cost-break-cost-${i + 1}` }} />
            </Stack>
          ))}
          {d.breaks.length < 8 && (
            <Button size="small" onClick={() => setD({ ...d, breaks: [...d.breaks, { qty: '', cost: '' }] })} sx={{ alignSelf: 'start' }}>
              Add break
            </Button>
          )}
          {errors.fields.breaks && <Alert severity="error">{errors.fields.breaks}</Alert>}
          {(errors.form || collision) && <Alert severity="error" data-testid="cost-dialog-error">{collision ?? errors.form}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} data-testid="cost-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The import: template, file, progress while it runs, the outcome with every refusal at the end. */
function ImportPanel({ sharedVendorId, onDone }: { sharedVendorId: number; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<CostImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = state?.status === 'running';
  const run = async () => {
    if (!file) return;
    setError(null);
    try {
      const started = await uploadCatalogue(sharedVendorId, file);
      setState(started);
      const last = await pollImport(started.cost_import_id, setState);
      if (last.status === 'done') onDone();
    } catch (e) {
      setError(importRefusal(e));
    }
  };
  const download = async (path: string, name: string) => {
    const answer = await httpClient(apiUrl(path), { method: 'GET', blob: true, headers: { Accept: `${XLSX_TYPE}, application/json` } });
    saveBlob(answer.blob, fileNameOf(answer.headers) ?? name);
  };
  return (
    <Box data-testid="cost-import">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        An .xlsx workbook (first sheet) or a .csv in the template's columns. All or nothing: when any row is refused, nothing is imported and every
        refusal is listed with its row, column and reason.
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button startIcon={<DownloadIcon />} onClick={() => download('/V1/SharedVendor/Cost/Template', 'cost-catalogue-template.xlsx')}>
          Template
        </Button>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={running}>
          Choose file
          <input
            ref={input}
            hidden
            type="file"
            accept=".xlsx,.csv"
            onClick={(e) => (e.currentTarget.value = '')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="cost-import-file"
          />
        </Button>
        <Typography variant="body2">{file ? file.name : 'No file chosen'}</Typography>
        <Button variant="contained" disabled={!file || running} onClick={run} data-testid="cost-import-submit">
          Import
        </Button>
      </Stack>
      {running && state && (
        <Box sx={{ mt: 2, maxWidth: 640 }} role="status" data-testid="cost-import-progress">
          <LinearProgress variant="determinate" value={importPercent(state)} />
          <Typography variant="body2" color="text.secondary">
            {state.phase === 'reading' ? 'Checking' : 'Writing'} rows: {formatCount(state.processed_rows)} of {formatCount(state.total_rows)}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="cost-import-error">
          {error}
        </Alert>
      )}
      {state?.status === 'done' && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="cost-import-done">
          {formatCount(state.applied_rows)} costs imported from {state.file_name}.
        </Alert>
      )}
      {(state?.status === 'refused' || state?.status === 'failed') && (
        <Box sx={{ mt: 2 }} data-testid="cost-import-refused">
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => download(`/V1/SharedVendor/Cost/Import/${state.cost_import_id}/Report`, 'report.xlsx')}>
                Download report
              </Button>
            }
          >
            Nothing was imported: {formatCount(state.problem_count)} problems in {state.file_name}.
          </Alert>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.problems.map((p, i) => (
                <TableRow key={i}>
                  <TableCell>{p.row}</TableCell>
                  <TableCell>{p.column}</TableCell>
                  <TableCell>{p.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

export function CostCatalogueTab({ sharedVendorId }: { sharedVendorId: number }) {
  // Adding, editing, expiring, extending and importing need SharedVendorCostEdit (the operations' #[requires]);
  // without it the catalogue is read-only: search, the cost for a quantity and the export.
  const canEdit = useHasPermission(COST_EDIT);
  const [part, setPart] = useState('');
  const [status, setStatus] = useState<Status>('current');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [qty, setQty] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [extendTo, setExtendTo] = useState<string | null>(null);
  const [expiring, setExpiring] = useState<number[] | null>(null);
  const filter = { shared_vendor_id: sharedVendorId, part: part.trim() || null, expired: status === 'all' ? null : status === 'expired' };
  const costs = useLoad(
    (signal) => callApi('post', '/V1/SharedVendor/Cost/Search', { body: { ...filter, pageNumber: page, pageSize }, signal }),
    [sharedVendorId, part, status, page, pageSize],
  );
  const q = Number(qty) || null;
  const rows = costs.data?.itemList ?? [];
  const reload = () => {
    setSelected([]);
    costs.reload();
  };
  const expire = async (ids: number[]) => {
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
                <Button disabled={!selected.length} onClick={() => setExpiring(selected)} data-testid="cost-expire-selected">
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
          <TextField size="small" label="Part" value={part} onChange={(e) => (setPart(e.target.value), setPage(0))} inputProps={{ 'data-testid': 'cost-search-part' }} />
          <TextField size="small" select label="Costs" value={status} onChange={(e) => (setStatus(e.target.value as Status), setPage(0))} sx={{ minWidth: 160 }}>
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
                      {c.start_date} – {c.end_date}
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
                        <Button size="small" disabled={c.status === 'expired' || c.status === 'withdrawn'} onClick={() => setExpiring([id])} data-testid="cost-expire">
                          Expire
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={costs.data?.totalCount ?? 0}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 20, 50, 100]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
          />
        </LoadState>
      </Section>
      {canEdit && (
        <Section title="Import a catalogue" testId="cost-import-section">
          <ImportPanel sharedVendorId={sharedVendorId} onDone={reload} />
        </Section>
      )}
      {editing && <CostDialog sharedVendorId={sharedVendorId} draft={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), reload())} />}
      <Dialog open={expiring != null} onClose={() => setExpiring(null)}>
        <DialogTitle>Expire {expiring?.length === 1 ? 'this cost' : `${expiring?.length} costs`}?</DialogTitle>
        <DialogContent>
          <Typography>A cost in force ends yesterday; a cost that has not started yet is withdrawn.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExpiring(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => expiring && expire(expiring)} data-testid="cost-expire-confirm">
            Expire
          </Button>
        </DialogActions>
      </Dialog>
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
