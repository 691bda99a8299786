import { MenuItem, TextField } from '@mui/material';

/**
 * A labelled drop-down. `testId` goes on the clickable box (role combobox) and `<testId>-option-<value>` on each
 * entry; `options` are [{value, label}] (the empty string is a valid value, shown as its label).
 */
export function SelectField({ testId, options, value, onChange, label, sx, size = 'small', helpId, ...rest }) {
  return (
    <TextField
      select
      fullWidth={false}
      margin="none"
      size={size}
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 160, ...sx }}
      data-help-id={helpId}
      slotProps={{
        select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId } },
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
