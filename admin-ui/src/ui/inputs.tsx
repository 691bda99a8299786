import type { InputHTMLAttributes } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';

type InputProps<V> = Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  label: string;
  value: V;
  onChange: (value: V) => void;
  testId: string;
  error?: string;
  helpId?: number;
};

const inputTestId = (testId: string, label: string) => ({ 'data-testid': testId, 'aria-label': label }) as InputHTMLAttributes<HTMLInputElement>;

/** A date input speaking YYYY-MM-DD. */
export function DateInput({ label, value, onChange, testId, error, helperText, helpId, ...rest }: InputProps<string | null | undefined>) {
  return (
    <TextField
      type="date"
      fullWidth={false}
      margin="none"
      sx={{ width: 170 }}
      size="small"
      label={label}
      value={value || ''}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      data-help-id={helpId}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: inputTestId(testId, label) }}
      {...rest}
    />
  );
}

/** A text input whose empty value is null (spec 2: empty text inputs become null). */
export function TextInput({ label, value, onChange, testId, error, helperText, helpId, ...rest }: InputProps<string | null | undefined>) {
  return (
    <TextField
      fullWidth={false}
      margin="none"
      sx={{ width: 200 }}
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      data-help-id={helpId}
      slotProps={{ htmlInput: inputTestId(testId, label) }}
      {...rest}
    />
  );
}
