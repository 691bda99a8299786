import { useState, type InputHTMLAttributes } from 'react';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { fieldErrorsOf } from '../../ui';
import { emptyStationForm, stationBody, stationForm, type Station, type StationForm, type StationType } from './stations';

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

/** Add a station at the current site, or change one (CribDeviceAdmin). */
export function StationDialog({ station, types, onClose, onSaved }: { station: Station | null; types: readonly StationType[]; onClose: () => void; onSaved: (s: Station) => void }) {
  const [form, setForm] = useState<StationForm>(() => (station ? stationForm(station) : emptyStationForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<StationForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const save = async () => {
    if (!form.station_code.trim()) return setErrors({ station_code: 'Please enter a valid value for Station Code' });
    setBusy(true);
    setFormError(null);
    try {
      const body = stationBody(form, station?.station_id);
      const saved = station ? await callApi('put', '/V1/Crib/Station', { body, local400: true }) : await callApi('post', '/V1/Crib/Station', { body, local400: true });
      notify(`Station ${saved.station.station_code} saved.`, 'success');
      onSaved(saved.station);
    } catch (e) {
      const { fields, form: message } = fieldErrorsOf(e);
      setErrors(fields);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };
  const text = (field: keyof StationForm, label: string, required = false) => (
    <TextField
      size="small"
      label={label}
      required={required}
      value={String(form[field] ?? '')}
      onChange={(e) => set({ [field]: e.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      slotProps={{ htmlInput: testInput(`station-${field}`) }}
    />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="station-dialog">
      <DialogTitle>{station ? `Station ${station.station_code}` : 'New station'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {formError && <Alert severity="error">{formError}</Alert>}
          {text('station_code', 'Station Code', true)}
          {text('description', 'Description')}
          <SelectField
            testId="station-type"
            label="Type"
            value={form.station_type}
            options={types.map((t) => ({ value: t.station_type, label: `${t.name} (${t.kind})` }))}
            onChange={(v) => set({ station_type: Number(v) })}
            error={Boolean(errors.station_type)}
            helperText={errors.station_type}
          />
          {text('location', 'Location')}
          {text('serial_no', 'Serial Number')}
          <FormControlLabel label="Active" control={<Checkbox checked={form.is_active} onChange={(e) => set({ is_active: e.target.checked })} />} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid="station-save">
          Save
        </GuardedButton>
      </DialogActions>
    </Dialog>
  );
}
