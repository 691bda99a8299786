// Choose a shared vendor by name: what is typed searches the shared vendors (SharedVendor/Search, ViewVendors), the
// chosen one's id is the value. A value given by id (an address's ?shared_vendor_id=) is shown by its name.
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { callApi } from '../shared/api';

export interface SharedVendorChoice {
  shared_vendor_id: number;
  shared_vendor_name: string;
  is_active: boolean;
}

/** How a shared vendor reads in the picker. */
export const sharedVendorLabel = (v: SharedVendorChoice) => (v.is_active ? v.shared_vendor_name : `${v.shared_vendor_name} (inactive)`);

/** The search the picker sends for what is typed: the name's part, the first 20 by name. */
export const sharedVendorQuery = (typed: string) => ({ search_text: typed.trim() || null, pageSize: 20, sortField: 'shared_vendor_name' });

export function SharedVendorPicker({
  value,
  onChange,
  testId,
  label = 'Shared vendor',
  width = 360,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  testId: string;
  label?: string;
  width?: number;
}) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<SharedVendorChoice[]>([]);
  const [chosen, setChosen] = useState<SharedVendorChoice | null>(null);

  // The value's own record, when it came as an id.
  useEffect(() => {
    if (value === null) {
      setChosen(null);
      return undefined;
    }
    if (chosen?.shared_vendor_id === value) return undefined;
    const controller = new AbortController();
    callApi('get', '/V1/SharedVendor/{id}', { path: { id: value }, signal: controller.signal, quiet: true })
      .then((v) => !controller.signal.aborted && setChosen(v))
      .catch(() => !controller.signal.aborted && setChosen({ shared_vendor_id: value, shared_vendor_name: `Shared vendor ${value}`, is_active: false }));
    return () => controller.abort();
  }, [value, chosen?.shared_vendor_id]);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    // Typing asks once it pauses.
    const timer = setTimeout(() => {
      callApi('post', '/V1/SharedVendor/Search', { body: sharedVendorQuery(typed === (chosen && sharedVendorLabel(chosen)) ? '' : typed), signal: controller.signal, quiet: true })
        .then((page) => !controller.signal.aborted && setOptions(page.itemList))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, typed, chosen]);

  return (
    <Autocomplete<SharedVendorChoice>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={chosen && chosen.shared_vendor_id === value ? chosen : null}
      onChange={(_, v) => {
        setChosen(v);
        onChange(v ? v.shared_vendor_id : null);
      }}
      inputValue={typed}
      onInputChange={(_, text) => setTyped(text)}
      // The server filtered already.
      filterOptions={(o) => o}
      isOptionEqualToValue={(o, v) => o.shared_vendor_id === v.shared_vendor_id}
      getOptionLabel={sharedVendorLabel}
      noOptionsText="No shared vendor has that name."
      sx={{ width }}
      renderOption={(props, o) => (
        <li {...props} key={o.shared_vendor_id} data-testid={`${testId}-option-${o.shared_vendor_id}`}>
          {sharedVendorLabel(o)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } as InputHTMLAttributes<HTMLInputElement> }}
        />
      )}
    />
  );
}
