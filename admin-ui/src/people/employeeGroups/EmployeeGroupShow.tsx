import { useState } from 'react';
import { Box, Button, Stack, Tab, Tabs } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { ActionButton, PageBanner, RouteLink, useHasPermission } from '../../ui';
import { LoadState, useLoad } from '../../ui';
import { EmployeeGroupDialog } from './EmployeeGroupDialog';
import { EMPLOYEE_GROUPS_ROUTE, EMPLOYEE_GROUP_EDIT } from './employeeGroups';
import { AssetsTab } from './tabs/AssetsTab';
import { AssignedTab } from './tabs/AssignedTab';
import { DeliveryTab } from './tabs/DeliveryTab';
import { HistoryTab } from './tabs/HistoryTab';
import { ItemGroupTab } from './tabs/ItemGroupTab';
import { LimitsTab } from './tabs/LimitsTab';
import { TrackingTab } from './tabs/TrackingTab';

const TABS = [
  ['limits', 'Limits'],
  ['delivery', 'Delivery Locations'],
  ['assigned', 'Assigned Employees'],
  ['assets', 'Assets'],
  ['tracking', 'Tracking Restrictions'],
  ['itemGroups', 'Item-Group Limits'],
  ['history', 'History'],
] as const;
type TabKey = (typeof TABS)[number][0];

/** Why a group cannot be deleted now (the server refuses a group that still has employees), or null. */
export function deleteBlocker(members: number | null | undefined): string | null {
  const n = members ?? 0;
  return n > 0 ? `${n} employee${n === 1 ? ' is' : 's are'} still assigned: remove them from the group first.` : null;
}

export function EmployeeGroupShow({ id }: { id: number }) {
  const canEdit = useHasPermission(EMPLOYEE_GROUP_EDIT);
  const navigate = useNavigate();
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useLoad((signal) => callApi('get', '/V1/Employee/Group/{employee_group_id}', { path: { employee_group_id: id }, signal, quiet: true }), [id], valid);
  const [tab, setTab] = useState<TabKey>('limits');
  const [editing, setEditing] = useState(false);
  const [round, setRound] = useState(0);
  const group = detail.data;
  const changed = () => {
    detail.reload();
    setRound((r) => r + 1);
  };
  return (
    <Box sx={{ p: 2 }} data-testid="group-detail" data-group-id={id}>
      <PageBanner title={group ? `Employee group ${group.description}` : 'Employee group'}>
        {canEdit && group && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="group-edit">
              Edit
            </Button>
            <ActionButton
              permission={EMPLOYEE_GROUP_EDIT}
              color="error"
              startIcon={<DeleteIcon />}
              testId="group-delete"
              disabled={deleteBlocker(group.member_count) !== null}
              title={deleteBlocker(group.member_count) ?? undefined}
              perform={() => callApi('delete', '/V1/Employee/Group/Delete/{site_id}/{employee_group_id}', { path: { site_id: group.site_id, employee_group_id: id }, quiet: true })}
              confirm={{
                title: `Delete the employee group ${group.description}?`,
                message: `The group ${group.description} is removed with its limits, delivery locations, assets, tracking restrictions and item-group limits.`,
                confirmLabel: 'Delete',
                danger: true,
              }}
              successMessage={`Employee group ${group.description} removed.`}
              onDone={() => navigate(EMPLOYEE_GROUPS_ROUTE)}
            >
              Delete
            </ActionButton>
          </Stack>
        )}
      </PageBanner>
      <LoadState loading={detail.loading} error={detail.error || (!valid ? new Error('invalid') : null)} what="employee group">
        {group && (
          <>
            <Tabs value={tab} onChange={(_, v: TabKey) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}>
              {TABS.map(([key, label]) => (
                <Tab key={key} value={key} label={label} data-testid={`group-tab-${key}`} />
              ))}
            </Tabs>
            {tab === 'limits' && <LimitsTab group={group} />}
            {tab === 'delivery' && <DeliveryTab id={id} canEdit={canEdit} />}
            {tab === 'assigned' && <AssignedTab id={id} canEdit={canEdit} onChange={changed} />}
            {tab === 'assets' && <AssetsTab group={group} canEdit={canEdit} />}
            {tab === 'tracking' && <TrackingTab id={id} canEdit={canEdit} />}
            {tab === 'itemGroups' && <ItemGroupTab group={group} canEdit={canEdit} />}
            {tab === 'history' && <HistoryTab id={id} round={round} />}
            {editing && (
              <EmployeeGroupDialog
                group={group}
                siteId={group.site_id}
                onClose={() => setEditing(false)}
                onSaved={() => {
                  setEditing(false);
                  changed();
                }}
              />
            )}
          </>
        )}
      </LoadState>
      <RouteLink to={EMPLOYEE_GROUPS_ROUTE} data-testid="group-return">
        Return to Employee Groups
      </RouteLink>
    </Box>
  );
}
