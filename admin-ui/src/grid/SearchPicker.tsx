// A field that stores a record's key (an id, a code) and finds the record by what is typed: the typed text is sent
// to a search operation once typing pauses, the answers are the options. A value that came as a key alone (from an
// address or the record being edited) is shown by its name, read once.
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Autocomplete, TextField } from '@mui/material';

export type PickerKey = string | number;

export interface Choice<T> {
  key: PickerKey;
  label: string;
  item: T | null;
}

export interface SearchPickerProps<T> {
  value: PickerKey | null;
  /** The chosen record (null when cleared). */
  onChange: (key: PickerKey | null, item: T | null) => void;
  /** The records matching the typed text ('' when nothing is typed yet). */
  search: (typed: string, signal: AbortSignal) => Promise<T[]>;
  /** The record of a key, to show a value given by its key; without it (or when it fails) the key is shown. */
  find?: (key: PickerKey, signal: AbortSignal) => Promise<T>;
  keyOf: (item: T) => PickerKey;
  labelOf: (item: T) => string;
  /** On the input: `<testId>`; on each option: `<testId>-option-<key>`. */
  testId: string;
  label: string;
  width?: number | string;
  error?: string;
  helperText?: string;
  noOptionsText?: string;
}

/** Wait this long after the last key before searching. */
export const SEARCH_PAUSE_MS = 200;

/** What is searched for: nothing while the input just shows the chosen value's label (opening lists everything). */
export const searchText = (typed: string, chosenLabel: string | null) => (chosenLabel !== null && typed === chosenLabel ? '' : typed.trim());

export function SearchPicker<T>({ value, onChange, search, find, keyOf, labelOf, testId, label, width = 360, error, helperText, noOptionsText }: SearchPickerProps<T>) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Choice<T>[]>([]);
  const [chosen, setChosen] = useState<Choice<T> | null>(null);
  // Names read for keys given alone. Kept apart from the chosen value so that reading one never replaces the value
  // (the input would be reset to the value's label while the user is typing).
  const [names, setNames] = useState<Record<string, string>>({});
  const choice = (item: T): Choice<T> => ({ key: keyOf(item), label: labelOf(item), item });
  const labelFor = (c: Choice<T>) => names[String(c.key)] ?? c.label;

  useEffect(() => {
    if (value === null || value === '') setChosen(null);
    else if (!chosen || String(chosen.key) !== String(value)) setChosen({ key: value, label: String(value), item: null });
    // The value decides; `chosen` is what the picker shows for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  useEffect(() => {
    if (value === null || value === '' || !find || names[String(value)] !== undefined) return undefined;
    const controller = new AbortController();
    find(value, controller.signal)
      .then((item) => !controller.signal.aborted && setNames((n) => ({ ...n, [String(value)]: labelOf(item) })))
      .catch(() => undefined);
    return () => controller.abort();
    // Only a new value is looked up; `find` and the label functions are the caller's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const wanted = searchText(typed, chosen ? labelFor(chosen) : null);
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(wanted, controller.signal)
        .then((items) => !controller.signal.aborted && setOptions(items.map(choice)))
        .catch(() => undefined);
    }, SEARCH_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, wanted]);

  const selected = chosen && value !== null && String(chosen.key) === String(value) ? chosen : null;
  return (
    <Autocomplete<Choice<T>>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      onChange={(_, c) => {
        setChosen(c);
        if (c) setNames((n) => ({ ...n, [String(c.key)]: c.label }));
        onChange(c ? c.key : null, c?.item ?? null);
      }}
      inputValue={typed}
      onInputChange={(_, text) => setTyped(text)}
      // The server filtered already.
      filterOptions={(o) => o}
      isOptionEqualToValue={(o, v) => String(o.key) === String(v.key)}
      getOptionLabel={labelFor}
      noOptionsText={noOptionsText ?? 'Nothing matches.'}
      sx={{ width }}
      renderOption={(props, c) => (
        <li {...props} key={String(c.key)} data-testid={`${testId}-option-${c.key}`}>
          {labelFor(c)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } as InputHTMLAttributes<HTMLInputElement> }}
        />
      )}
    />
  );
}

/** What defines a picker of one kind of record (shared vendors, brands, vendors). */
export type PickerKind<T> = Pick<SearchPickerProps<T>, 'search' | 'find' | 'keyOf' | 'labelOf' | 'noOptionsText'> & { label: string };

/** The props of a form's picker: the key as the form holds it, as text ('' when none). */
export interface KindPickerProps {
  value: string;
  onChange: (key: string) => void;
  testId: string;
  label?: string;
  error?: string;
  width?: number | string;
}

/** A picker of one kind of record, for forms that hold the key as text. */
export function pickerOf<T>(kind: PickerKind<T>) {
  return function KindPicker({ value, onChange, testId, label, error, width = '100%' }: KindPickerProps) {
    return (
      <SearchPicker<T>
        {...kind}
        value={value === '' ? null : value}
        onChange={(key) => onChange(key === null ? '' : String(key))}
        testId={testId}
        label={label ?? kind.label}
        width={width}
        error={error}
      />
    );
  };
}
