// The counter's "Who" part: issue or return, the badge (and the PIN when the site asks), the employee found and the
// tracking texts of the site's levels, named as the site names them.
import type { KeyboardEvent, RefObject } from 'react';
import { Box, Chip, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Section } from '../../ui';
import type { TrackingLevel } from '../../trackingCodes/trackingCodes';
import type { CounterAction, CounterState, Mode } from '../counterState';

export interface WhoProps {
  state: CounterState;
  dispatch: (action: CounterAction) => void;
  levels: readonly TrackingLevel[] | undefined;
  onLookup: () => void;
  onEnter: (action: () => void) => (e: KeyboardEvent) => void;
  badgeRef: RefObject<HTMLInputElement | null>;
  pinRef: RefObject<HTMLInputElement | null>;
}

/** The tracking fields to offer: the site's active levels by name; all four by number until the levels are known. */
export function trackingFields(levels: readonly Pick<TrackingLevel, 'trackingLevelID' | 'description' | 'isActive'>[] | undefined): { index: number; label: string }[] {
  if (!levels) return [0, 1, 2, 3].map((index) => ({ index, label: `Tracking ${index + 1}` }));
  return levels
    .filter((l) => l.isActive && l.trackingLevelID >= 1 && l.trackingLevelID <= 4)
    .sort((a, b) => a.trackingLevelID - b.trackingLevelID)
    .map((l) => ({ index: l.trackingLevelID - 1, label: l.description }));
}

export function WhoSection({ state, dispatch, levels, onLookup, onEnter, badgeRef, pinRef }: WhoProps) {
  const { mode, badge, pin, pinRequired, employee, employeeError, tracking } = state;
  return (
    <Section
      title="Who"
      actions={
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_, v: Mode | null) => v && dispatch({ type: 'mode', mode: v })}>
          <ToggleButton value="issue" data-testid="mode-issue">
            Issue
          </ToggleButton>
          <ToggleButton value="return" data-testid="mode-return">
            Return
          </ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <TextField
          label="Badge or employee number"
          value={badge}
          inputRef={badgeRef}
          onChange={(e) => dispatch({ type: 'badge', value: e.target.value })}
          onKeyDown={onEnter(onLookup)}
          error={Boolean(employeeError) && !pinRequired}
          helperText={!pinRequired ? employeeError ?? 'Scan the badge, then Enter' : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'counter-badge', autoComplete: 'off' } }}
          sx={{ minWidth: 280 }}
        />
        {pinRequired && (
          <TextField
            label="PIN"
            type="password"
            value={pin}
            inputRef={pinRef}
            onChange={(e) => dispatch({ type: 'pin', value: e.target.value })}
            onKeyDown={onEnter(onLookup)}
            error={Boolean(employeeError)}
            helperText={employeeError ?? 'This employee needs a PIN'}
            slotProps={{ htmlInput: { 'data-testid': 'counter-pin', autoComplete: 'off' } }}
          />
        )}
        {employee && (
          <Box sx={{ pt: 1 }}>
            <Typography variant="h6" data-testid="counter-employee">
              {employee.name} ({employee.employee_number})
            </Typography>
            {mode === 'return' && !employee.can_return && <Chip color="warning" size="small" label="May not return items" />}
          </Box>
        )}
      </Stack>
      {employee && (
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          {trackingFields(levels).map(({ index, label }) => (
            <TextField
              key={index}
              size="small"
              label={label}
              value={tracking[index] ?? ''}
              onChange={(e) => dispatch({ type: 'track', index, value: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': `counter-track${index + 1}`, maxLength: 100 } }}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
}
