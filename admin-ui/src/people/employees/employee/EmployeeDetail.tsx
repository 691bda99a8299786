// The employee as read: every reference by its name (supervisor, workflow factor, each default tracking code with
// its level's name and the code's number), never by an internal id.
import { useRef } from 'react';
import { Grid } from '@mui/material';
import { InfoRow, Section, formatDate, formatFactor, formatMoney, formatTime, nameWithCode, useApi } from '../../../ui';
import { ABILITY_FLAGS, fullName, type Employee } from '../employees';

type Cell = { label: string; value: string; testId?: string; wide?: boolean };

/** The default tracking codes as "Level: Description (NUMBER)", one per level that has one. */
export function defaultTrackingRows(defaults: readonly { trackingLevelID: number; trackingLevelDescription: string; trackingCodeId?: number | null; trackingNumber?: string | null; description?: string | null }[]): Cell[] {
  return defaults
    .filter((d) => d.trackingCodeId !== null && d.trackingCodeId !== undefined)
    .map((d) => ({ label: d.trackingLevelDescription, value: nameWithCode(d.description, d.trackingNumber), testId: `employee-default-track${d.trackingLevelID}` }));
}

const shift = (e: Employee) => (e.beginTime && e.endTime ? `${formatTime(`1970-01-01T${e.beginTime}Z`)} - ${formatTime(`1970-01-01T${e.endTime}Z`)}` : '');

export function EmployeeDetail({ employee: e, factorDescription }: { employee: Employee; factorDescription?: string | null }) {
  const defaults = useApi('get', '/V1/TrackingCode/TrackingCodeDefaultsByRelationship/{a}/{b}', { path: { a: 'employee', b: e.employeeID }, quiet: true }, { deps: [e.updated_at] });
  // A save reloads the defaults: the ones shown stay until the new ones are in, so the rows do not blink away (the
  // page keys this part by the employee, so another employee's never show).
  const shownDefaults = useRef(defaults.data);
  if (defaults.data) shownDefaults.current = defaults.data;
  const cells: Cell[] = [
    { label: 'Employee #', value: e.employeeNumber, testId: 'employee-number' },
    { label: 'Name', value: fullName(e), testId: 'employee-name' },
    { label: 'Badge', value: e.badgeNumber ?? '', testId: 'employee-badge' },
    { label: 'Site', value: e.siteCode ?? '', testId: 'employee-site' },
    { label: 'Active', value: e.isActive ? 'Yes' : 'No', testId: 'employee-active' },
    { label: 'Suspended', value: e.isSuspended ? `Yes${e.suspensionDate ? ` (since ${formatDate(e.suspensionDate)})` : ''}` : 'No' },
    { label: 'PIN', value: e.hasPin ? 'Set' : 'Not set', testId: 'employee-has-pin' },
    { label: 'Supervisor', value: e.supervisorName ?? '', testId: 'employee-supervisor-name' },
    { label: 'Email', value: e.email ?? '', testId: 'employee-email' },
    { label: 'Phone', value: e.phone ?? '', testId: 'employee-phone' },
    { label: 'Company', value: e.company ?? '' },
    { label: 'Labor cost', value: formatMoney(e.laborCost, { currency: 'USD' }) },
    { label: 'Shift', value: shift(e) },
    { label: 'Workflow factor', value: factorDescription ? `${factorDescription} (${formatFactor(e.factor_value)})` : '', testId: 'employee-factor' },
    ...defaultTrackingRows(shownDefaults.current ?? []),
    { label: 'Abilities', value: ABILITY_FLAGS.filter(([f]) => e[f]).map(([, l]) => l).join(', ') || 'none', wide: true },
  ];
  return (
    <Section title="Employee" testId="employee-detail">
      <Grid container spacing={1}>
        {cells.map((c) => (
          <Grid key={c.label} size={c.wide ? { xs: 12 } : { xs: 6, md: 3 }}>
            <InfoRow label={c.label} value={c.value} testId={c.testId} />
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
