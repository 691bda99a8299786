import { useEffect, useRef, useState, type InputHTMLAttributes, type SyntheticEvent } from 'react';
import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { filterSites, findSiteByInput, type SiteEntry } from '../lib/sites';

const BLUR_CLOSE_MS = 250;

/**
 * Autocomplete over the user's available sites. Typed text is upper-cased; Enter on free text applies the typed-site
 * rules (site id, exact code, unique partial code); unknown or empty text resets the input and calls onDismiss.
 */
export interface SiteAutocompleteProps<S extends SiteEntry> {
  sites: readonly S[] | null | undefined;
  onSelect: (site: S) => void;
  onDismiss?: () => void;
  testId: string;
  label?: string;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}

export function SiteAutocomplete<S extends SiteEntry>({ sites, onSelect, onDismiss, testId, label = 'Site', autoFocus = false, sx }: SiteAutocompleteProps<S>) {
  const [input, setInput] = useState('');
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const handleChange = (_event: SyntheticEvent, value: S | string | null) => {
    if (value == null) return;
    const site = typeof value === 'string' ? findSiteByInput(sites, value) : value;
    setInput('');
    if (site) onSelect(site);
    else onDismiss?.();
  };

  return (
    <Autocomplete<S, false, false, true>
      freeSolo
      autoHighlight
      openOnFocus
      size="small"
      sx={sx}
      options={sites || []}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => setInput(reason === 'reset' ? '' : value.toUpperCase())}
      onChange={handleChange}
      filterOptions={(options, state) => [...filterSites(options, state.inputValue)]}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.siteCode)}
      isOptionEqualToValue={(a, b) => a.site_id === b.site_id}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-testid={`site-option-${option.siteCode}`}>
            {option.siteCode}
            {option.site_name ? ` - ${option.site_name}` : ''}
          </li>
        );
      }}
      onFocus={() => clearTimeout(blurTimer.current)}
      onBlur={() => {
        clearTimeout(blurTimer.current);
        blurTimer.current = setTimeout(() => {
          setInput('');
          onDismiss?.();
        }, BLUR_CLOSE_MS);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          inputProps={{ ...params.inputProps, 'data-testid': testId } as InputHTMLAttributes<HTMLInputElement>}
        />
      )}
    />
  );
}
