import { useState } from 'react';
import { Box, Button, Paper, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { useRunSearch } from '../../grid/useRunSearch';
import type { GridColumn } from '../../grid/types';
import { PageBanner, RouteLink, TextInput, useHasPermission } from '../../ui';
import { EMP_EDIT, employeeRoute, type EmployeeRecord, type EmployeeSearchForm } from './employees';

const COLUMNS: GridColumn<EmployeeRecord>[] = [
  {
    field: 'employeeNumber',
    header: 'Employee #',
    configurable: false,
    render: (row) => (
      <RouteLink to={employeeRoute(row.employeeID)} data-testid={`employee-link-${row.employeeNumber}`}>
        {row.employeeNumber}
      </RouteLink>
    ),
  },
  { field: 'lastName', header: 'Last Name' },
  { field: 'firstName', header: 'First Name' },
  { field: 'badgeNumber', header: 'Badge' },
  { field: 'supervisorName', header: 'Supervisor', sortable: false },
  { field: 'isActive', header: 'Active', kind: 'boolean' },
  { field: 'isSuspended', header: 'Suspended', kind: 'boolean' },
  { field: 'supervisor', header: 'Is Supervisor', kind: 'boolean' },
  { field: 'hasPin', header: 'PIN Set', kind: 'boolean', sortable: false },
  { field: 'company', header: 'Company', defaultDisplayed: false },
  { field: 'email', header: 'Email', defaultDisplayed: false, sortable: false },
  { field: 'factor_value', header: 'Workflow Factor', kind: 'factor', defaultDisplayed: false, sortable: false },
  { field: 'updated_at', header: 'Updated', kind: 'datetime', defaultDisplayed: false },
];

const CHOICES = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const DEFAULTS: EmployeeSearchForm = { employeeNumber: null, lastName: null, firstName: null, badgeNumber: null, text: null, isActive: 'true', supervisor: '' };

function EmployeeSearchFields() {
  const [form, setForm] = useState<EmployeeSearchForm>(DEFAULTS);
  const search = useRunSearch();
  const set = (patch: Partial<EmployeeSearchForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }} useFlexGap component="form" onSubmit={(e) => { e.preventDefault(); search({ ...form }); }}>
        <TextInput label="Employee #" testId="employee-search-number" value={form.employeeNumber} onChange={(v) => set({ employeeNumber: v })} />
        <TextInput label="Last Name" testId="employee-search-last" value={form.lastName} onChange={(v) => set({ lastName: v })} />
        <TextInput label="First Name" testId="employee-search-first" value={form.firstName} onChange={(v) => set({ firstName: v })} />
        <TextInput label="Badge" testId="employee-search-badge" value={form.badgeNumber} onChange={(v) => set({ badgeNumber: v })} />
        <TextInput label="Any text" testId="employee-search-text" value={form.text} onChange={(v) => set({ text: v })} />
        <SelectField testId="employee-search-active" label="Active" value={String(form.isActive ?? '')} options={CHOICES} onChange={(v) => set({ isActive: v })} />
        <SelectField testId="employee-search-supervisor" label="Supervisor" value={String(form.supervisor ?? '')} options={CHOICES} onChange={(v) => set({ supervisor: v })} />
        <GuardedButton type="submit" variant="contained" data-testid="employee-search-button">
          Search
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** Employees (`/employee/search`): the current site's employees; a number opens `/employee?id=`. */
export function EmployeeList() {
  const canEdit = useHasPermission(EMP_EDIT);
  const navigate = useNavigate();
  return (
    <Box sx={{ p: 2 }} data-testid="employees-page">
      <PageBanner title="Employees">
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(employeeRoute(0))} data-testid="employee-add">
            Add Employee
          </Button>
        )}
      </PageBanner>
      <GridList resource="employees" settingsKey="employeeSearch" columns={COLUMNS} defaultSort={{ field: 'lastName', direction: 'asc' }} filterDefaultValues={DEFAULTS}>
        <EmployeeSearchFields />
        <DataGrid id="employees" />
      </GridList>
    </Box>
  );
}
