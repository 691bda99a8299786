import { useState } from 'react';
import { Stack, TableCell, TableRow, TextField } from '@mui/material';
import { callApi } from '../../../shared/api';
import { GuardedButton } from '../../../grid/GuardedButton';
import { SelectField } from '../../../grid/SelectField';
import { fieldErrorsOf, LoadState, Rows, Section, useLoad } from '../../../ui';
import { PERIODS, type EmployeeGroup } from '../employeeGroups';
import { RemoveButton, money, run } from './parts';

export function ItemGroupTab({ group, canEdit }: { group: EmployeeGroup; canEdit: boolean }) {
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
