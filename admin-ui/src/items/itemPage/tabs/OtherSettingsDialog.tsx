// The CIP's other settings (vendor, consigned, buddy CIP, custom 1-4) edited with ItemEdit. A vendor switch that the
// item's approved vendors do not cover (CheckIfWarnAVOnVendorSwitch) is confirmed before the save.
import { useRef, useState } from 'react';
import {
  Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Grid, TextField,
} from '@mui/material';
import { callApi, type Schema } from '../../../shared/api';
import { notify } from '../../../shared/events';
import { RecordPicker, useHasPermission } from '../../../ui';
import { cipKind } from '../refs';
import { VendorPicker } from '../../../vendors/VendorPicker';
import { fieldErrorsOf } from '../../../ui';
import { CUSTOM_FIELDS, otherBody, otherForm, switchedVendor, type OtherForm } from '../otherSettings';

type Cip = Schema<'Cip'>;
type Warning = Schema<'ApprovedVendorSwitchWarning'>;

// The warning is read with ViewVendors; a user without it (who cannot pick from the vendor list either) types a code.
const VIEW_VENDORS = 'ViewVendors';

/** Whether switching the CIP to `vendCode` should be confirmed; no warning when it cannot be asked. */
async function switchWarning(cip: Cip, vendCode: string): Promise<Warning | null> {
  try {
    const answer = await callApi('get', '/V1/Vendor/CheckIfWarnAVOnVendorSwitch/{a}/{b}/{c}', {
      path: { a: String(cip.site_id), b: String(cip.cip_no), c: vendCode },
      quiet: true,
    });
    return answer.warn ? answer : null;
  } catch {
    return null;
  }
}

export function OtherSettingsDialog({ cip, onClose, onSaved }: { cip: Cip; onClose: () => void; onSaved: (cip: Cip) => void }) {
  const canPick = useHasPermission(VIEW_VENDORS);
  const [form, setForm] = useState<OtherForm>(() => otherForm(cip));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The warning of each vendor chosen, asked as soon as it is chosen (the save waits for the same answer) and shown
  // under the picker; confirming is asked on save.
  const checks = useRef(new Map<string, Promise<Warning | null>>());
  const check = (vendCode: string) => {
    let answer = checks.current.get(vendCode.toUpperCase());
    if (!answer) {
      answer = switchWarning(cip, vendCode);
      checks.current.set(vendCode.toUpperCase(), answer);
    }
    return answer;
  };
  const [warning, setWarning] = useState<{ vendCode: string; answer: Warning | null } | null>(null);
  const [confirming, setConfirming] = useState<Warning | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<OtherForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const chooseVendor = (code: string) => {
    set({ vend_code: code });
    const next = switchedVendor(cip.vend_code, code);
    setWarning(null);
    if (next) void check(next).then((answer) => setWarning({ vendCode: next, answer }));
  };

  const write = async () => {
    const { body } = otherBody(cip.cip_no, form);
    setBusy(true);
    setFormError(null);
    try {
      const answer = await callApi('post', '/V1/Item/CIP/Other/Update', { body, local400: true });
      notify(answer.message || 'Saved.', 'success');
      onSaved(answer.cip);
    } catch (error) {
      const { fields, form: message } = fieldErrorsOf(error);
      setErrors(fields);
      setFormError(message);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const save = async () => {
    const { errors: local } = otherBody(cip.cip_no, form);
    if (Object.keys(local).length) return setErrors(local);
    const next = switchedVendor(cip.vend_code, form.vend_code);
    if (next) {
      const answer = await check(next);
      if (answer) return setConfirming(answer);
    }
    return write();
  };

  const shownWarning = warning && warning.vendCode === switchedVendor(cip.vend_code, form.vend_code) ? warning.answer : null;
  return (
    <>
      <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="item-other-dialog">
        <DialogTitle>Other settings</DialogTitle>
        <DialogContent>
          {formError && <Alert severity="error" sx={{ mb: 2 }}>{formError}</Alert>}
          <Grid container spacing={2} sx={{ mt: 0.5 }}>
            <Grid size={12}>
              {canPick ? (
                <VendorPicker value={form.vend_code} onChange={chooseVendor} testId="item-other-vend_code" error={errors.vend_code} />
              ) : (
                <TextField fullWidth size="small" label="Vendor code" value={form.vend_code} onChange={(e) => set({ vend_code: e.target.value })}
                  error={Boolean(errors.vend_code)} helperText={errors.vend_code} slotProps={{ htmlInput: { 'data-testid': 'item-other-vend_code' } }} />
              )}
              {shownWarning && (
                <Alert severity="warning" sx={{ mt: 1 }} data-testid="item-other-vendor-warning">
                  {shownWarning.message}
                </Alert>
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControlLabel label="Consigned"
                control={<Checkbox checked={form.consigned} onChange={(e) => set({ consigned: e.target.checked })} slotProps={{ input: { 'data-testid': 'item-other-consigned' } as object }} />} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <RecordPicker kind={cipKind} label="Buddy CIP" value={form.buddy_cip_no} width="100%"
                onChange={(key) => set({ buddy_cip_no: key === null ? '' : String(key) })} testId="item-other-buddy_cip_no" error={errors.buddy_cip_no} />
            </Grid>
            {CUSTOM_FIELDS.map((name, i) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <TextField fullWidth size="small" label={`Custom ${i + 1}`} value={form[name]} onChange={(e) => set({ [name]: e.target.value })}
                  error={Boolean(errors[name])} helperText={errors[name]} slotProps={{ htmlInput: { 'data-testid': `item-other-${name}` } }} />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="item-other-save">
            Save
          </Button>
        </DialogActions>
      </Dialog>
      {confirming && (
        <Dialog open onClose={() => setConfirming(null)} data-testid="item-vendor-switch-confirm">
          <DialogTitle>Not an approved vendor</DialogTitle>
          <DialogContent>
            <DialogContentText data-testid="item-vendor-switch-message">{confirming.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} data-testid="item-vendor-switch-cancel">
              Cancel
            </Button>
            <Button variant="contained" color="warning" disabled={busy} onClick={() => void write()} data-testid="item-vendor-switch-ok">
              Switch vendor
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
