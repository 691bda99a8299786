// One input of a vendor form (a detail block or the new-vendor form): a check box, a reference-list picker (the
// state picker offers the chosen country's states) or a text field; the server's message under it.
import { Box, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { TypeListPicker } from '../typeLists/TypeListPicker';
import { VendorPicker } from './VendorPicker';
import { stateOf, type TypeListName, type TypeValue } from '../typeLists/lookups';
import { formStateCountry, STATE_FIELD, storedAs, type BlockField, type Values } from './vendors';

export interface VendorFieldProps {
  field: BlockField;
  values: Values;
  lists: Partial<Record<TypeListName, TypeValue[]>>;
  siteId?: number | null;
  error?: string;
  testId: string;
  onChange: (name: string, value: unknown) => void;
}

export function VendorField({ field: f, values, lists, siteId, error, testId, onChange }: VendorFieldProps) {
  if (f.kind === 'bool') {
    return (
      <>
        <FormControlLabel
          label={f.label}
          control={<Checkbox checked={Boolean(values[f.name])} onChange={(e) => onChange(f.name, e.target.checked)} inputProps={{ 'data-testid': testId } as object} />}
        />
        {error && <Box sx={{ color: 'error.main', fontSize: 12 }}>{error}</Box>}
      </>
    );
  }
  if (f.kind === 'vendor') {
    return <VendorPicker value={String(values[f.name] ?? '')} onChange={(code) => onChange(f.name, code)} label={f.label} testId={testId} error={error} />;
  }
  if (f.list) {
    const country = f.name === STATE_FIELD ? formStateCountry(values, lists.Country) : null;
    return (
      <TypeListPicker
        list={f.list}
        storedAs={storedAs(f)}
        value={values[f.name]}
        values={lists[f.list]}
        siteId={siteId}
        keep={f.name === STATE_FIELD ? stateOf(country) : undefined}
        onChange={(v) => onChange(f.name, v)}
        label={f.label}
        testId={testId}
        error={error}
        helperText={f.name === STATE_FIELD && country === null ? 'Choose the country first.' : undefined}
      />
    );
  }
  return (
    <TextField
      fullWidth
      size="small"
      label={f.label}
      type={f.kind === 'number' ? 'number' : 'text'}
      multiline={f.kind === 'multiline'}
      value={values[f.name] ?? ''}
      onChange={(e) => onChange(f.name, e.target.value)}
      error={Boolean(error)}
      helperText={error}
      inputProps={{ 'data-testid': testId }}
    />
  );
}
