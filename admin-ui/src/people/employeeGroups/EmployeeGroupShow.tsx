import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Checkbox, Grid, IconButton, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { formatMoney } from '../../shared/numbers';
import { formatDateTime } from '../../grid/format';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { PageBanner, RouteLink, useHasPermission } from '../../ui';
import { yesNo } from '../../items/common';
import { InfoRow, LoadState, Section, fieldErrorsOf, notifyRefusal, useLoad } from '../../ui';
import { EmployeeGroupDialog } from './EmployeeGroupDialog';
import { EMPLOYEE_GROUPS_ROUTE, EMPLOYEE_GROUP_EDIT, PERIODS, type EmployeeGroup } from './employeeGroups';

// An amount the group does not set reads as a dash.
const money = (v: unknown) => formatMoney(v, { blank: '—' });

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

function Rows({ columns, children, empty, count }: { columns: string[]; children: ReactNode; empty: string; count: number }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c}>{c}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {children}
        {count === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length}>{empty}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

function RemoveButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
  return (
    <Tooltip title="Remove">
      <IconButton size="small" onClick={onClick} aria-label="Remove" data-testid={testId}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

async function run(action: () => Promise<unknown>, message: string, done: () => void, onError?: (e: unknown) => void) {
  try {
    await action();
    notify(message, 'success');
    done();
  } catch (e) {
    if (onError) onError(e);
    else notifyRefusal(e);
  }
}

function LimitsTab({ group }: { group: EmployeeGroup }) {
  return (
    <Section title="Limits" testId="group-panel-limits">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <InfoRow label="Daily limit" value={money(group.limitDaily)} testId="group-limit-daily" />
          <InfoRow label="Weekly limit" value={money(group.limitWeekly)} testId="group-limit-weekly" />
          <InfoRow label="Monthly limit" value={money(group.limitMonthly)} testId="group-limit-monthly" />
          <InfoRow label="Yearly limit" value={money(group.limitYearly)} testId="group-limit-yearly" />
          <InfoRow label="Enforced level" value={`${group.enforced_level} ${group.enforced_level_text}`} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <InfoRow label="Type" value={group.group_type_text} />
          <InfoRow label="Approver group" value={group.approver_group ?? '—'} />
          <InfoRow label="Cost limit" value={money(group.costLimit)} />
          <InfoRow label="Budget" value={`${money(group.budget_amount)} ${group.budget_start ? `(${group.budget_start} to ${group.budget_end ?? ''})` : ''}`} />
          <InfoRow label="Default group / VMI / bypass SR approval" value={`${yesNo(group.defaultGroup)} / ${yesNo(group.vmi)} / ${yesNo(group.bypass_SR_approval)}`} />
          <InfoRow label="Employees" value={String(group.member_count)} testId="group-member-count" />
          <InfoRow label="Updated" value={formatDateTime(group.updated_at)} />
        </Grid>
      </Grid>
    </Section>
  );
}

function DeliveryTab({ id, canEdit }: { id: number; canEdit: boolean }) {
  const rows = useLoad((signal) => callApi('post', '/V1/Employee/Group/DeliveryLocation', { body: { employee_group_id: id }, signal, quiet: true }), [id]);
  const [location, setLocation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () =>
    run(
      () => callApi('post', '/V1/Employee/Group/DeliveryLocation/Insert', { body: { employee_group_id: id, location, is_default: (rows.data ?? []).length === 0 }, local400: true }),
      `Delivery location ${location.toUpperCase()} added.`,
      () => {
        setLocation('');
        setError(null);
        rows.reload();
      },
      (e) => setError(Object.values(fieldErrorsOf(e).fields)[0] ?? fieldErrorsOf(e).form),
    );
  return (
    <Section title="Delivery Locations" testId="group-panel-delivery">
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
          <TextField size="small" label="Location" value={location} onChange={(e) => setLocation(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ htmlInput: { 'data-testid': 'group-delivery-location' } }} />
          <GuardedButton variant="contained" onClick={add} data-testid="group-delivery-add">
            Add
          </GuardedButton>
        </Stack>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="delivery locations">
        <Rows columns={['Location', 'Description', 'Default', '']} empty="No delivery locations." count={rows.data?.length ?? 0}>
          {(rows.data ?? []).map((d) => (
            <TableRow key={d.delivery_location_id} data-testid="group-delivery-row">
              <TableCell>{d.location}</TableCell>
              <TableCell>{d.description}</TableCell>
              <TableCell>{yesNo(d.is_default)}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <RemoveButton
                    onClick={() =>
                      void run(
                        () => callApi('delete', '/V1/Employee/Group/DeliveryLocation/Delete/{employee_group_id}/{delivery_location_id}', { path: { employee_group_id: id, delivery_location_id: d.delivery_location_id } }),
                        `Delivery location ${d.location} removed.`,
                        rows.reload,
                      )
                    }
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

function AssignedTab({ id, canEdit, onChange }: { id: number; canEdit: boolean; onChange: () => void }) {
  const [showAll, setShowAll] = useState(false);
  const rows = useLoad(
    (signal) => callApi('post', '/V1/Employee/Group/Assigned/Search', { body: { employee_group_id: id, inGroup: showAll ? null : true, pageSize: 100 }, signal, quiet: true }),
    [id, showAll],
  );
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const changed = () => {
    rows.reload();
    onChange();
  };
  const assign = () =>
    run(
      () => callApi('post', '/V1/Employee/Group/Assigned/Insert', { body: { employee_group_id: id, employeeNumbers: [number.trim()] }, local400: true }),
      `Employee ${number.trim()} assigned.`,
      () => {
        setNumber('');
        setError(null);
        changed();
      },
      (e) => setError(Object.values(fieldErrorsOf(e).fields)[0] ?? fieldErrorsOf(e).form),
    );
  return (
    <Section title="Assigned Employees" testId="group-panel-assigned">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} alignItems="flex-start">
        {canEdit && (
          <>
            <TextField size="small" label="Employee number" value={number} onChange={(e) => setNumber(e.target.value)} error={Boolean(error)} helperText={error} slotProps={{ htmlInput: { 'data-testid': 'group-assign-number' } }} />
            <GuardedButton variant="contained" onClick={assign} disabled={!number.trim()} data-testid="group-assign">
              Assign
            </GuardedButton>
          </>
        )}
        <Stack direction="row" alignItems="center">
          <Checkbox checked={showAll} onChange={(e) => setShowAll(e.target.checked)} inputProps={{ 'aria-label': 'Show every employee of the site' }} />
          Show every employee of the site
        </Stack>
      </Stack>
      <LoadState loading={rows.loading} error={rows.error} what="employees">
        <Rows columns={['Number', 'Name', 'Badge', 'Active', 'In group', '']} empty="No employees." count={rows.data?.resultList.length ?? 0}>
          {(rows.data?.resultList ?? []).map((e) => (
            <TableRow key={e.employeeID} data-testid="group-assigned-row" data-employee-number={e.employeeNumber}>
              <TableCell>{e.employeeNumber}</TableCell>
              <TableCell>{`${e.lastName}, ${e.firstName}`}</TableCell>
              <TableCell>{e.badgeNumber}</TableCell>
              <TableCell>{yesNo(e.isActive)}</TableCell>
              <TableCell>{yesNo(e.inGroup)}</TableCell>
              <TableCell align="right">
                {canEdit && e.inGroup && (
                  <RemoveButton
                    testId={`group-unassign-${e.employeeNumber}`}
                    onClick={() =>
                      void run(
                        () => callApi('delete', '/V1/Employee/Group/Assigned/Delete/{employee_group_id}/{employee_number}', { path: { employee_group_id: id, employee_number: e.employeeNumber } }),
                        `Employee ${e.employeeNumber} removed from the group.`,
                        changed,
                      )
                    }
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

function AssetsTab({ group, canEdit }: { group: EmployeeGroup; canEdit: boolean }) {
  const id = group.employeeGroupID;
  const rows = useLoad((signal) => callApi('post', '/V1/Employee/Group/Assets/Search', { body: { employee_group_id: id, pageSize: 100 }, signal, quiet: true }), [id]);
  const [cipNo, setCipNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () =>
    run(
      () => callApi('post', '/V1/Employee/Group/Assets', { body: { employee_group_id: id, cip_no: Number(cipNo) }, local400: true }),
      `CIP ${cipNo} added.`,
      () => {
        setCipNo('');
        setError(null);
        rows.reload();
      },
      (e) => setError(Object.values(fieldErrorsOf(e).fields)[0] ?? fieldErrorsOf(e).form),
    );
  return (
    <Section title="Assets" testId="group-panel-assets">
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
          <TextField size="small" label="CIP Id" value={cipNo} onChange={(e) => setCipNo(e.target.value.replace(/\D/g, ''))} error={Boolean(error)} helperText={error} />
          <GuardedButton variant="contained" onClick={add} disabled={!cipNo}>
            Add
          </GuardedButton>
        </Stack>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="assets">
        <Rows columns={['CIP', 'Description', 'Notes', '']} empty="No assets." count={rows.data?.resultList.length ?? 0}>
          {(rows.data?.resultList ?? []).map((a) => (
            <TableRow key={a.cip_no} data-testid="group-asset-row">
              <TableCell>
                <RouteLink to={`/item/cip/${a.cip_no}`}>{a.cip_code}</RouteLink>
              </TableCell>
              <TableCell>{a.description}</TableCell>
              <TableCell>{a.notes}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <RemoveButton
                    onClick={() =>
                      void run(
                        () => callApi('delete', '/V1/Employee/Group/Assets/{site_id}/{employee_group_id}/{cip_no}', { path: { site_id: group.site_id, employee_group_id: id, cip_no: a.cip_no } }),
                        `CIP ${a.cip_code} removed.`,
                        rows.reload,
                      )
                    }
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

function TrackingTab({ id, canEdit }: { id: number; canEdit: boolean }) {
  const rows = useLoad((signal) => callApi('post', '/V1/Employee/Group/TrackingRestriction/Search', { body: { employee_group_id: id, pageSize: 500 }, signal, quiet: true }), [id]);
  const toggle = (levelId: number, codeId: number, allowed: boolean) => {
    const current = (rows.data?.resultList ?? []).filter((c) => c.tracking_level_id === levelId && c.allowed).map((c) => c.tracking_code_id);
    const next = allowed ? current.filter((c) => c !== codeId) : [...current, codeId];
    void run(
      () => callApi('post', '/V1/Employee/Group/TrackingRestriction/Update', { body: { employee_group_id: id, tracking_level_id: levelId, tracking_code_ids: next } }),
      'Tracking restrictions saved.',
      rows.reload,
    );
  };
  return (
    <Section title="Tracking Restrictions" testId="group-panel-tracking">
      <Alert severity="info" sx={{ mb: 2 }}>
        At a tracking level where the group lists codes, its employees may charge only those codes. A level without any listed code is not restricted.
      </Alert>
      <LoadState loading={rows.loading} error={rows.error} what="tracking codes">
        <Rows columns={['Level', 'Tracking code', 'Description', 'Active', 'Allowed']} empty="No tracking codes at this site." count={rows.data?.resultList.length ?? 0}>
          {(rows.data?.resultList ?? []).map((c) => (
            <TableRow key={c.tracking_code_id} data-testid="group-tracking-row">
              <TableCell>{c.tracking_level_id}</TableCell>
              <TableCell>{c.tracking_number}</TableCell>
              <TableCell>{c.description}</TableCell>
              <TableCell>{yesNo(c.is_active)}</TableCell>
              <TableCell>
                <Checkbox checked={c.allowed} disabled={!canEdit} onChange={() => toggle(c.tracking_level_id, c.tracking_code_id, c.allowed)} inputProps={{ 'aria-label': `Allow ${c.tracking_number}` }} />
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

function ItemGroupTab({ group, canEdit }: { group: EmployeeGroup; canEdit: boolean }) {
  const id = group.employeeGroupID;
  const rows = useLoad((signal) => callApi('post', '/V1/Employee/Group/ItemGroup/Limits/Search', { body: { employee_group_id: id, pageSize: 100 }, signal, quiet: true }), [id]);
  const itemGroups = useLoad((signal) => callApi('get', '/V1/Employee/Group/Site/{site_id}/ItemGroups', { path: { site_id: group.site_id }, signal, quiet: true }), [group.site_id]);
  const [form, setForm] = useState({ item_group_id: '', period: 2, limit_amount: '' });
  const [error, setError] = useState<string | null>(null);
  const add = () =>
    run(
      () => callApi('post', '/V1/Employee/Group/ItemGroup/Limits', { body: { employee_group_id: id, item_group_id: Number(form.item_group_id), period: form.period, limit_amount: Number(form.limit_amount) }, local400: true }),
      'Item-group limit added.',
      () => {
        setForm({ item_group_id: '', period: 2, limit_amount: '' });
        setError(null);
        rows.reload();
      },
      (e) => setError(Object.values(fieldErrorsOf(e).fields)[0] ?? fieldErrorsOf(e).form),
    );
  return (
    <Section title="Item-Group Limits" testId="group-panel-itemGroups">
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
          <SelectField testId="group-item-limit-group" label="Item group" value={form.item_group_id} options={(itemGroups.data ?? []).map((g) => ({ value: String(g.item_group_id), label: `${g.description} (${g.cid_count} CIDs)` }))} onChange={(v) => setForm({ ...form, item_group_id: String(v) })} />
          <SelectField testId="group-item-limit-period" label="Period" value={form.period} options={PERIODS} onChange={(v) => setForm({ ...form, period: Number(v) })} />
          <TextField size="small" label="Limit" value={form.limit_amount} onChange={(e) => setForm({ ...form, limit_amount: e.target.value })} error={Boolean(error)} helperText={error} />
          <GuardedButton variant="contained" onClick={add} disabled={!form.item_group_id || !form.limit_amount}>
            Add
          </GuardedButton>
        </Stack>
      )}
      <LoadState loading={rows.loading} error={rows.error} what="item-group limits">
        <Rows columns={['Item group', 'Period', 'Limit', '']} empty="No item-group limits." count={rows.data?.resultList.length ?? 0}>
          {(rows.data?.resultList ?? []).map((l) => (
            <TableRow key={`${l.item_group_id}-${l.period}`} data-testid="group-item-limit-row">
              <TableCell>{l.item_group}</TableCell>
              <TableCell>{l.period_text}</TableCell>
              <TableCell>{money(l.limit_amount)}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <RemoveButton
                    onClick={() =>
                      void run(
                        () => callApi('delete', '/V1/Employee/Group/ItemGroup/Limits/{employee_group_id}/{item_group_id}/{period}', { path: { employee_group_id: id, item_group_id: l.item_group_id, period: l.period } }),
                        'Item-group limit removed.',
                        rows.reload,
                      )
                    }
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

const HISTORY_PATHS = {
  group: '/V1/Employee/Group/Audit/Detail/{employee_group_id}',
  limits: '/V1/Employee/Group/ItemGroup/Limits/Audit/Detail/{employee_group_id}',
  delivery: '/V1/Employee/Group/DeliveryLocation/Audit/Detail/{employee_group_id}',
  assigned: '/V1/Employee/Group/Assigned/Audit/Detail/{employee_group_id}',
  tracking: '/V1/Employee/Group/TrackingRestriction/Audit/Detail/{employee_group_id}',
  assets: '/V1/Employee/Group/Assets/Audit/Detail/{employee_group_id}',
} as const;

function HistoryTab({ id, round }: { id: number; round: number }) {
  const rows = useLoad(
    async (signal) => {
      const parts = await Promise.all(
        Object.entries(HISTORY_PATHS).map(async ([what, path]) => (await callApi('get', path, { path: { employee_group_id: id }, signal, quiet: true })).map((r) => ({ ...r, what }))),
      );
      return parts.flat().sort((a, b) => b.audit_event_id - a.audit_event_id);
    },
    [id, round],
  );
  return (
    <Section title="History" testId="group-panel-history">
      <LoadState loading={rows.loading} error={rows.error} what="history">
        <Rows columns={['When', 'What', 'Action', 'By', 'Changes']} empty="No changes recorded." count={rows.data?.length ?? 0}>
          {(rows.data ?? []).map((r) => (
            <TableRow key={r.audit_event_id} data-testid="group-history-row">
              <TableCell>{formatDateTime(r.occurred_at)}</TableCell>
              <TableCell>{r.what}</TableCell>
              <TableCell>{r.action}</TableCell>
              <TableCell>{r.acting_as ? `${r.changed_by} as ${r.acting_as}` : r.changed_by}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 480, overflowWrap: 'anywhere' }}>{JSON.stringify(r.changes)}</TableCell>
            </TableRow>
          ))}
        </Rows>
      </LoadState>
    </Section>
  );
}

/** An employee group (`/employee/employeegroups?id=`) with its limits and relations in tabs. */
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
  const remove = () =>
    group &&
    run(
      () => callApi('delete', '/V1/Employee/Group/Delete/{site_id}/{employee_group_id}', { path: { site_id: group.site_id, employee_group_id: id } }),
      `Employee group ${group.description} removed.`,
      () => navigate(EMPLOYEE_GROUPS_ROUTE),
    );
  return (
    <Box sx={{ p: 2 }} data-testid="group-detail" data-group-id={id}>
      <PageBanner title={group ? `Employee group ${group.description}` : 'Employee group'}>
        {canEdit && group && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="group-edit">
              Edit
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => void remove()} data-testid="group-delete">
              Delete
            </Button>
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
