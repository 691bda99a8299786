// The new-vendor form (spec 4 "New-vendor payload"): a plain, VMI or NetSuite vendor at the current site.
import { useState } from 'react';
import {
  Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, MenuItem, TextField,
} from '@mui/material';
import { api } from '../shared/api';
import { notify } from '../shared/events';
import { useHasPermission } from '../devops/common';
import { fieldErrorsOf } from '../items/ui';
import { NETSUITE_VENDOR, newVendorBody, type NewVendorKind, type Values } from './vendors';

// The payload's address fields are nested; the server names them without the prefix.
const FIELDS: [string, string, string?][] = [
  ['vend_code', 'Vendor Code (empty: next number)'], ['vend_name', 'Vendor Name'], ['address1', 'Address 1'], ['address2', 'Address 2'], ['city', 'City'],
  ['state_type_id', 'State (id)', 'number'], ['postal_code', 'Postal Code'], ['type_country_code_id', 'Country (ISO numeric)', 'number'], ['phone', 'Phone'],
  ['email', 'Email'], ['contact_name', 'Contact'], ['tax_id', 'Tax ID'], ['terms_code', 'Terms (code)'], ['currency_type_id', 'Currency (ISO numeric)', 'number'],
  ['cust_vendor_number', 'Customer Vendor Number'], ['diversity_type', 'Diversity Type (id)', 'number'], ['comments', 'Comments'],
];

/** Server field names that belong to a form field of another name. */
const ALIASES: Record<string, string> = { currency_code_type_id: 'currency_type_id' };

export function NewVendorDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (code: string) => void }) {
  const netSuite = useHasPermission(NETSUITE_VENDOR);
  const [kind, setKind] = useState<NewVendorKind>('Insert');
  const [values, setValues] = useState<Values>({ type_country_code_id: '840', currency_type_id: '840' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = async () => {
    try {
      const saved = await api.post<{ vend_code: string }>(`/api/V1/Vendor/${kind}`, newVendorBody(kind, values), { local400: true });
      notify('The vendor was added.', 'success');
      onSaved(saved.vend_code);
    } catch (error) {
      const { fields, form } = fieldErrorsOf(error);
      const mapped: Record<string, string> = {};
      for (const [k, m] of Object.entries(fields)) mapped[ALIASES[k] ?? k] = m;
      setErrors(mapped);
      setFormError(form ?? mapped.site_code ?? null);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="vendor-new-dialog">
      <DialogTitle>New Vendor</DialogTitle>
      <DialogContent>
        {formError && <Alert severity="error" sx={{ mb: 1 }}>{formError}</Alert>}
        <Grid container spacing={2} sx={{ mt: 0.5 }}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField select fullWidth size="small" label="Kind" value={kind} onChange={(e) => setKind(e.target.value as NewVendorKind)} inputProps={{ 'data-testid': 'vendor-new-kind' }}>
              <MenuItem value="Insert">Vendor</MenuItem>
              <MenuItem value="InsertVMI">VMI vendor</MenuItem>
              {netSuite && <MenuItem value="InsertNetSuite">NetSuite vendor</MenuItem>}
            </TextField>
          </Grid>
          {FIELDS.map(([name, label, type]) => (
            <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField fullWidth size="small" label={label} type={type ?? 'text'} value={values[name] ?? ''}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })} error={Boolean(errors[name])} helperText={errors[name]}
                inputProps={{ 'data-testid': `vendor-new-${name}` }} />
            </Grid>
          ))}
          {kind === 'InsertNetSuite' && (['ns_billing', 'bank_info'] as const).map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <TextField fullWidth size="small" multiline label={name === 'ns_billing' ? 'NetSuite Billing' : 'Bank Info'} value={values[name] ?? ''}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
            </Grid>
          ))}
          {(['is_international', 'is_manufacturer', 'diverse_supplier'] as const).map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 4 }}>
              <FormControlLabel label={{ is_international: 'International', is_manufacturer: 'Manufacturer', diverse_supplier: 'Diverse Supplier' }[name]}
                control={<Checkbox checked={Boolean(values[name])} onChange={(e) => setValues({ ...values, [name]: e.target.checked })} />} />
              {errors[name] && <Alert severity="error">{errors[name]}</Alert>}
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} data-testid="vendor-new-save">
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
