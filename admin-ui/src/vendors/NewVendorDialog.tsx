// The new-vendor form (spec 4 "New-vendor payload"): a plain, VMI or NetSuite vendor at the current site.
import { useState } from 'react';
import {
  Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, MenuItem, TextField,
} from '@mui/material';
import { callApi, type Schema } from '../shared/api';
import { notify } from '../shared/events';
import { useHasPermission } from '../ui';
import { fieldErrorsOf } from '../ui';
import { useUserContext } from '../shell/UserContextProvider';
import { useTypeLists } from '../typeLists/TypeListPicker';
import { changeField, listsOf, NETSUITE_VENDOR, newVendorBody, type BlockField, type NewVendorKind, type Values } from './vendors';
import { VendorField } from './VendorField';

// The payload's address fields are nested; the server names them without the prefix.
const FIELDS: BlockField[] = [
  { name: 'vend_code', label: 'Vendor Code (empty: next number)', kind: 'text' }, { name: 'vend_name', label: 'Vendor Name', kind: 'text' },
  { name: 'address1', label: 'Address 1', kind: 'text' }, { name: 'address2', label: 'Address 2', kind: 'text' }, { name: 'city', label: 'City', kind: 'text' },
  { name: 'type_country_code_id', label: 'Country', kind: 'list', list: 'Country' }, { name: 'state_type_id', label: 'State', kind: 'list', list: 'State' },
  { name: 'postal_code', label: 'Postal Code', kind: 'text' }, { name: 'phone', label: 'Phone', kind: 'text' }, { name: 'email', label: 'Email', kind: 'text' },
  { name: 'contact_name', label: 'Contact', kind: 'text' }, { name: 'tax_id', label: 'Tax ID', kind: 'text' },
  { name: 'terms_code', label: 'Terms', kind: 'listCode', list: 'Terms' }, { name: 'currency_type_id', label: 'Currency', kind: 'list', list: 'Currency' },
  { name: 'cust_vendor_number', label: 'Customer Vendor Number', kind: 'text' }, { name: 'diversity_type', label: 'Diversity Type', kind: 'list', list: 'VendorDiversity' },
  { name: 'comments', label: 'Comments', kind: 'text' },
];

/** Server field names that belong to a form field of another name. */
const ALIASES: Record<string, string> = { currency_code_type_id: 'currency_type_id' };

export function NewVendorDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (code: string) => void }) {
  const netSuite = useHasPermission(NETSUITE_VENDOR);
  const [kind, setKind] = useState<NewVendorKind>('Insert');
  // The United States and the US dollar (ISO 3166 and ISO 4217 numeric codes), what most vendors have.
  const [values, setValues] = useState<Values>({ type_country_code_id: 840, currency_type_id: 840 });
  const siteId = useUserContext().context?.currentSite?.site_id ?? null;
  const lists = useTypeLists(listsOf(FIELDS), siteId);
  const change = (name: string, v: unknown) => setValues((current) => changeField(current, name, v, lists));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = async () => {
    try {
      // The three kinds take the same payload (NewVendor), built from the form.
      const body = newVendorBody(kind, values) as Schema<'NewVendor'>;
      const saved = await callApi('post', `/V1/Vendor/${kind}`, { body, local400: true });
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
          {FIELDS.map((f) => (
            <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <VendorField field={f} values={values} lists={lists} siteId={siteId} error={errors[f.name]} testId={`vendor-new-${f.name}`} onChange={change} />
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
                control={<Checkbox checked={Boolean(values[name])} onChange={(e) => change(name, e.target.checked)} />} />
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
