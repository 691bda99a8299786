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
import { useUserContext } from '../../shell/UserContextProvider';
import { EmployeeGroupDialog } from './EmployeeGroupDialog';
import { EMPLOYEE_GROUP_EDIT, GROUP_TYPES, employeeGroupRoute, type EmployeeGroupFilter, type EmployeeGroupRecord } from './employeeGroups';

const COLUMNS: GridColumn<EmployeeGroupRecord>[] = [
  {
    field: 'description',
    header: 'Group',
    configurable: false,
    render: (row) => (
      <RouteLink to={employeeGroupRoute(row.employeeGroupID)} data-testid={`group-link-${row.description}`}>
        {row.description}
      </RouteLink>
    ),
  },
  { field: 'group_type_text', header: 'Type', sortField: 'group_type' },
  { field: 'limitDaily', header: 'Daily', kind: 'money' },
  { field: 'limitWeekly', header: 'Weekly', kind: 'money' },
  { field: 'limitMonthly', header: 'Monthly', kind: 'money' },
  { field: 'limitYearly', header: 'Yearly', kind: 'money' },
  { field: 'enforced_level_text', header: 'Enforced', sortable: false },
  { field: 'approver_group', header: 'Approver group', sortable: false },
  { field: 'member_count', header: 'Employees', kind: 'number' },
  { field: 'defaultGroup', header: 'Default', kind: 'boolean', sortable: false },
  { field: 'updated_at', header: 'Updated', kind: 'datetime', defaultDisplayed: false },
];

function GroupSearchForm() {
  const [form, setForm] = useState<EmployeeGroupFilter>({ text: null, group_type: '' });
  const search = useRunSearch();
  const set = (patch: Partial<EmployeeGroupFilter>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }} useFlexGap component="form" onSubmit={(e) => { e.preventDefault(); search({ ...form }); }}>
        <TextInput label="Description" testId="group-search-text" value={form.text} onChange={(v) => set({ text: v })} />
        <SelectField
          testId="group-search-type"
          label="Type"
          value={String(form.group_type ?? '')}
          options={[{ value: '', label: 'Any' }, ...GROUP_TYPES.map((t) => ({ value: String(t.value), label: t.label }))]}
          onChange={(v) => set({ group_type: v })}
        />
        <GuardedButton type="submit" variant="contained" data-testid="group-search-button">
          Search
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** Employee Groups (`/employee/employeegroups`): the current site's groups with their limits. */
export function EmployeeGroupList() {
  const canEdit = useHasPermission(EMPLOYEE_GROUP_EDIT);
  const context = useUserContext();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const siteId = context.context?.currentSite?.site_id ?? null;
  return (
    <Box sx={{ p: 2 }} data-testid="groups-page">
      <PageBanner title="Employee Groups">
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="group-add">
            Add Group
          </Button>
        )}
      </PageBanner>
      <GridList resource="employeeGroups" settingsKey="employeeGroups" columns={COLUMNS} defaultSort={{ field: 'description', direction: 'asc' }} filterDefaultValues={{ text: null, group_type: '' }}>
        <GroupSearchForm />
        <DataGrid id="employeeGroups" />
      </GridList>
      {adding && <EmployeeGroupDialog group={null} siteId={siteId} onClose={() => setAdding(false)} onSaved={(g) => navigate(employeeGroupRoute(g.employeeGroupID))} />}
    </Box>
  );
}
