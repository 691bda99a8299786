import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { callApi } from '@asp/client/api';
import { notify } from '@asp/client/events';
import {
  businessUnits,
  citiesFor,
  selectedLocation,
  statesFor,
  updateSelection,
  type LocationSelection,
  type PunchinLocation,
} from '../lib/locations';
import { needsPunchinLocation, type UserContext } from '../lib/roles';

const EMPTY: LocationSelection = { businessUnit: '', state: '', city: '' };

interface ChoiceProps {
  label: string;
  value: string;
  options: string[];
  disabled?: boolean;
  onChange: (value: string) => void;
  testId: string;
}

function Choice({ label, value, options, disabled, onChange, testId }: ChoiceProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      required
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      <option value="">Select…</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </TextField>
  );
}

/**
 * Punch-in users of the shared portal site must say where they order from; the answer maps them to a real site.
 * It cannot be dismissed.
 */
export function LocationDialog({ context, onContext }: { context: UserContext; onContext: (next: UserContext) => void }) {
  const open = needsPunchinLocation(context);
  const siteId = context?.currentSite?.site_id;
  const [locations, setLocations] = useState<PunchinLocation[] | null>(null);
  const [selection, setSelection] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || siteId == null) return undefined;
    let cancelled = false;
    setLocations(null);
    setFailed(false);
    callApi('get', '/V1/Cart/GetPunchinLocationsBySiteId/{id}', { path: { id: siteId } })
      .then((answer) => !cancelled && setLocations(Array.isArray(answer) ? answer : []))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [open, siteId]);

  const choose = (field: keyof LocationSelection) => (value: string) => setSelection((s) => updateSelection(s, field, value));
  const location = selectedLocation(locations, selection);

  const submit = async () => {
    if (!location || siteId == null) return;
    setBusy(true);
    try {
      const context = await callApi('put', '/V1/Cart/PunchinLocation/Select', {
        body: { customer_punchin_location_id: location.customer_punchin_location_id, site_id: siteId },
      });
      notify('Location Selected', 'success');
      setSelection(EMPTY);
      onContext(context);
    } catch {
      // the http client has shown the error; let the user try again
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} disableEscapeKeyDown maxWidth="xs" fullWidth data-testid="location-dialog">
      <DialogTitle>Select Your Location</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">The locations could not be loaded.</Alert>}
        {!failed && locations === null && <CircularProgress size={24} />}
        {locations && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Choice
              label="Business Unit"
              value={selection.businessUnit}
              options={businessUnits(locations)}
              onChange={choose('businessUnit')}
              testId="location-business-unit"
            />
            <Choice
              label="State"
              value={selection.state}
              options={statesFor(locations, selection.businessUnit)}
              disabled={!selection.businessUnit}
              onChange={choose('state')}
              testId="location-state"
            />
            <Choice
              label="City"
              value={selection.city}
              options={citiesFor(locations, selection.businessUnit, selection.state)}
              disabled={!selection.state}
              onChange={choose('city')}
              testId="location-city"
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!location || busy} onClick={submit} data-testid="location-submit">
          Select Location
        </Button>
      </DialogActions>
    </Dialog>
  );
}
