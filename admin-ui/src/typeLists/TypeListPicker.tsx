// A field whose value is one of a reference list's values (docs/type-lists.md): a searchable drop-down fed by the
// list's Type operation, answering the value id or the code the record stores.
import { useEffect, useMemo, useState, type InputHTMLAttributes } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { loadSharedVendorLists, loadTypeList, typeOptions, type SharedVendorLists, type StoredAs, type TypeListName, type TypeOption, type TypeValue } from './lookups';

/** The lists' values once loaded (undefined until then, and for a list that could not be read). */
export function useTypeLists(lists: readonly TypeListName[], siteId?: number | null): Partial<Record<TypeListName, TypeValue[]>> {
  const key = [...new Set(lists)].sort().join(',');
  const [loaded, setLoaded] = useState<{ key: string; values: Partial<Record<TypeListName, TypeValue[]>> }>({ key: '', values: {} });
  useEffect(() => {
    let live = true;
    const names = key ? (key.split(',') as TypeListName[]) : [];
    for (const name of names) {
      loadTypeList(name, siteId)
        .then((values) => live && setLoaded((s) => ({ key, values: { ...(s.key === key ? s.values : {}), [name]: values } })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [key, siteId]);
  return loaded.key === key ? loaded.values : {};
}

/** The shared-vendor lists once loaded (undefined until then, and while they could not be read). */
export function useSharedVendorLists(): SharedVendorLists | undefined {
  const [lists, setLists] = useState<SharedVendorLists>();
  useEffect(() => {
    let live = true;
    loadSharedVendorLists()
      .then((l) => live && setLists(l))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return lists;
}

export interface TypeListPickerProps {
  list: TypeListName;
  storedAs: StoredAs;
  /** The stored value id or code; null or '' when none. */
  value: unknown;
  onChange: (value: number | string | null) => void;
  label: string;
  /** On the input: `<testId>`; on each option: `<testId>-option-<value>`. */
  testId: string;
  /** The list's values, when the form loaded them already (useTypeLists); else the picker loads its own. */
  values?: TypeValue[];
  /** Which active values to offer (the state picker: the chosen country's). */
  keep?: (v: TypeValue) => boolean;
  siteId?: number | null;
  error?: string;
  helperText?: string;
  disabled?: boolean;
}

export function TypeListPicker({ list, storedAs, value, onChange, label, testId, values, keep, siteId, error, helperText, disabled }: TypeListPickerProps) {
  const own = useTypeLists(values ? [] : [list], siteId)[list];
  const options = typeOptions(values ?? own, storedAs, value, keep);
  const match = value === null || value === undefined || value === '' ? null : (options.find((o) => String(o.value).toUpperCase() === String(value).toUpperCase()) ?? null);
  // The same object while the value and its label stay: the drop-down resets what is typed whenever its value object
  // changes, and the options are rebuilt on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const selected = useMemo(() => match, [match?.value, match?.label, match?.inactive]);
  return (
    <Autocomplete<TypeOption>
      options={options}
      value={selected}
      onChange={(_, o) => onChange(o ? o.value : null)}
      isOptionEqualToValue={(o, v) => o.value === v.value}
      getOptionLabel={(o) => o.label}
      getOptionDisabled={(o) => o.inactive && o.value !== selected?.value}
      disabled={disabled}
      size="small"
      fullWidth
      renderOption={(props, o) => (
        <li {...props} key={String(o.value)} data-testid={`${testId}-option-${o.value}`}>
          {o.label}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } as InputHTMLAttributes<HTMLInputElement> }}
        />
      )}
    />
  );
}
