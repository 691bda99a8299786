// Adding or editing one cost of a catalogue: the part, validity and up to 8 quantity breaks; the duplicate check
// runs before the save, and the server's messages appear under their fields.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { fieldErrorsOf, todayIso } from '../ui';
import type { Cost } from './costs';

export interface Draft {
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

export const emptyDraft = (): Draft => ({
  id: null,
  mfg_code: '',
  mfg_part_no: '',
  vendor_part_no: '',
  description: '',
  special_pricing_agreement_id: '',
  start_date: todayIso(),
  end_date: `${new Date().getFullYear()}-12-31`,
  breaks: [{ qty: '1', cost: '' }],
});

export const draftOf = (c: Cost): Draft => ({
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

export function CostDialog({ sharedVendorId, draft, onClose, onSaved }: { sharedVendorId: number; draft: Draft; onClose: () => void; onSaved: () => void }) {
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

