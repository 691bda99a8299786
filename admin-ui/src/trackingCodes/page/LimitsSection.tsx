// A tracking code's four limits (extended cost per period) and whether a supervisor may override each; edited in
// place (Min3/Update replaces all four).
import { useState, type InputHTMLAttributes } from 'react';
import { Button, Checkbox, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { Section, fieldErrorsOf, formatYesNo } from '../../ui';
import { limitValue, type TrackingCodeDetail } from '../trackingCodes';
import { money } from './parts';

const PERIODS = [
  { key: 'Daily', label: 'Daily' },
  { key: 'Weekly', label: 'Weekly' },
  { key: 'Monthly', label: 'Monthly' },
  { key: 'Yearly', label: 'Yearly' },
] as const;
type Period = (typeof PERIODS)[number]['key'];
/** What the limits form holds per period: the limit as typed, and the override flag. */
type LimitsForm = Record<Period, { limit: string; override: boolean }>;

export function LimitsSection({ code, canEdit, onSaved }: { code: TrackingCodeDetail; canEdit: boolean; onSaved: () => void }) {
  const initial = (): LimitsForm => Object.fromEntries(PERIODS.map((p) => [p.key, { limit: code[`limit${p.key}`] === null || code[`limit${p.key}`] === undefined ? '' : String(code[`limit${p.key}`]), override: code[`override${p.key}`] }])) as LimitsForm;
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<LimitsForm>(initial);
  const setPeriod = (key: Period, patch: Partial<LimitsForm[Period]>) => setForm((f) => ({ ...f, [key]: { ...f[key], ...patch } }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const body = {
      trackingCodeId: code.trackingCodeId,
      limitDaily: limitValue(form.Daily.limit),
      limitWeekly: limitValue(form.Weekly.limit),
      limitMonthly: limitValue(form.Monthly.limit),
      limitYearly: limitValue(form.Yearly.limit),
      overrideDaily: form.Daily.override,
      overrideWeekly: form.Weekly.override,
      overrideMonthly: form.Monthly.override,
      overrideYearly: form.Yearly.override,
    };
    try {
      await callApi('put', '/V1/TrackingCode/Min3/Update', { body, local400: true });
      setEditing(false);
      setErrors({});
      notify('Limits saved.', 'success');
      onSaved();
    } catch (error) {
      setErrors(fieldErrorsOf(error).fields);
    }
  };
  return (
    <Section
      title="Limits"
      testId="tracking-limits"
      actions={
        canEdit &&
        (editing ? (
          <Stack direction="row" spacing={1}>
            <Button onClick={() => { setForm(initial()); setEditing(false); }} data-testid="tracking-limits-cancel">
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void save()} data-testid="tracking-limits-save">
              Save
            </Button>
          </Stack>
        ) : (
          <Button onClick={() => { setForm(initial()); setEditing(true); }} data-testid="tracking-limits-edit">
            Edit limits
          </Button>
        ))
      }
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Period</TableCell>
            <TableCell>Limit</TableCell>
            <TableCell>Supervisor may override</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PERIODS.map((p) => (
            <TableRow key={p.key}>
              <TableCell>{p.label}</TableCell>
              <TableCell data-testid={`tracking-limit-${p.key.toLowerCase()}`}>
                {editing ? (
                  <TextField
                    size="small"
                    value={form[p.key].limit}
                    onChange={(e) => setPeriod(p.key, { limit: e.target.value })}
                    error={Boolean(errors[`limit${p.key}`])}
                    helperText={errors[`limit${p.key}`]}
                    slotProps={{ htmlInput: { 'data-testid': `tracking-limit-input-${p.key.toLowerCase()}`, inputMode: 'decimal' } }}
                  />
                ) : (
                  money(code[`limit${p.key}`])
                )}
              </TableCell>
              <TableCell data-testid={`tracking-override-${p.key.toLowerCase()}`}>
                {editing ? (
                  <Checkbox
                    checked={form[p.key].override}
                    onChange={(e) => setPeriod(p.key, { override: e.target.checked })}
                    slotProps={{ input: { 'data-testid': `tracking-override-input-${p.key.toLowerCase()}` } as InputHTMLAttributes<HTMLInputElement> }}
                  />
                ) : (
                  formatYesNo(code[`override${p.key}`])
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

