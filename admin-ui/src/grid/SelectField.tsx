import type { HTMLAttributes } from 'react';
import { MenuItem, TextField, type SxProps, type TextFieldProps, type Theme } from '@mui/material';

export interface SelectOption<V extends string | number = string | number> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string | number> extends Omit<TextFieldProps, 'onChange' | 'value' | 'select' | 'sx'> {
  testId: string;
  options: readonly SelectOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  label: string;
  sx?: SxProps<Theme>;
  helpId?: number;
}

/**
 * A labelled drop-down. `testId` goes on the clickable box (role combobox) and `<testId>-option-<value>` on each
 * entry; `options` are [{value, label}] (the empty string is a valid value, shown as its label).
 */
export function SelectField<V extends string | number>({
  testId,
  options,
  value,
  onChange,
  label,
  sx,
  size = 'small',
  helpId,
  ...rest
}: SelectFieldProps<V>) {
  return (
    <TextField
      select
      fullWidth={false}
      margin="none"
      size={size}
      label={label}
      value={value ?? ''}
      // MUI answers the chosen option's value as given, so it has the option's type.
      onChange={(e) => onChange(e.target.value as V)}
      sx={[{ minWidth: 160 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-help-id={helpId}
      slotProps={{
        select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId } as HTMLAttributes<HTMLDivElement> },
        inputLabel: { shrink: true },
      }}
      {...rest}
    >
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value} data-testid={`${testId}-option-${o.value === '' ? 'none' : o.value}`}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
