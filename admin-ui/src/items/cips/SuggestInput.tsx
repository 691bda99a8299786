import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { callApi, type Schema } from '../../shared/api';
import { cipCriteria, type CipSearchForm } from './cipSearch';

type SubFilterField = Schema<'SubFilterField'>;
type Value = Schema<'SubFilterValue'>;

/**
 * A text filter of the CID/CIP search that offers the column's values (Search/SubFilterListByField), starting with
 * what is typed and narrowed by the other filters of the form, with how many CIPs have each.
 */
export function SuggestInput({
  field,
  label,
  value,
  form,
  onChange,
  width = 160,
}: {
  field: SubFilterField & keyof CipSearchForm;
  label: string;
  value: string;
  form: CipSearchForm;
  onChange: (value: string) => void;
  width?: number;
}) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Value[]>([]);
  // The other filters narrow the values; this one is what is being typed.
  const others = JSON.stringify({ ...cipCriteria({ ...form, [field]: '' }) }); // conventions-ok: the effect's key, not shown
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi('post', '/V1/Item/CIP/Search/SubFilterListByField', {
        body: { ...(JSON.parse(others) as object), field, starts_with: value.trim() || null },
        signal: controller.signal,
        quiet: true,
      })
        .then((answer) => !controller.signal.aborted && setOptions(answer.values.filter((v) => v.value !== null && v.value !== undefined)))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, value, field, others]);
  return (
    <Autocomplete
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : (o.value ?? ''))}
      renderOption={(props, o) => (
        <li {...props} key={o.value ?? ''}>
          {o.value} ({o.count})
        </li>
      )}
      inputValue={value}
      onInputChange={(_, v) => onChange(v)}
      sx={{ width }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `cip-search-${field}` } as InputHTMLAttributes<HTMLInputElement> }}
        />
      )}
    />
  );
}
