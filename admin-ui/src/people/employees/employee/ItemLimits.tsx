// An employee's item limits (EMP ItemLimit): the item by its customer part and description, never its internal
// number; a limit is set by picking the item (searched by part, description or CIP code) and removed per row.
import { useState } from 'react';
import { Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { callApi, type Schema } from '../../../shared/api';
import type { PickerKind } from '../../../grid/SearchPicker';
import { idOrNull } from '../employees';
import { RecordPicker, Section, fieldErrorsOf, formatQuantity, nameWithCode, notifyRefusal } from '../../../ui';

type ItemLimit = Schema<'ItemLimit'>;
interface ItemRef {
  cid_no: number;
  cust_item_code?: string | null;
  cust_desc1?: string | null;
}

export const itemName = (i: Pick<ItemRef, 'cust_item_code' | 'cust_desc1'>) => nameWithCode(i.cust_desc1, i.cust_item_code);

/** Items of the current site (a limit is per item, CID, whatever its locations): the CIP search, one row per item. */
const itemKind: PickerKind<ItemRef> = {
  label: 'Item',
  search: async (typed, signal) => {
    const rows = (await callApi('post', '/V1/Item/CIP/Search', { body: { text: typed || null, pageSize: 20, sortField: 'cust_item_code' }, signal, quiet: true })).resultList;
    const seen = new Set<number>();
    return rows.filter((r): r is typeof r & { cid_no: number } => typeof r.cid_no === 'number' && !seen.has(r.cid_no) && Boolean(seen.add(r.cid_no)));
  },
  find: async (cid, signal) => {
    const rows = (await callApi('post', '/V1/Item/CIP/Search', { body: { cid_no: Number(cid), pageSize: 1 }, signal, quiet: true })).resultList;
    const row = rows[0];
    if (!row || typeof row.cid_no !== 'number') throw new Error('not found');
    return { ...row, cid_no: row.cid_no };
  },
  keyOf: (i) => i.cid_no,
  labelOf: itemName,
  noOptionsText: 'No item of this site matches.',
};

const PERIODS = ['day', 'week', 'month', 'year'];

export function ItemLimits({ employeeId, limits, canEdit, onChanged }: { employeeId: number; limits: ItemLimit[]; canEdit: boolean; onChanged: () => void }) {
  const [cid, setCid] = useState<number | null>(null);
  const [period, setPeriod] = useState('week');
  const [qty, setQty] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async (cidNo: number, p: string, quantity: number | null) => {
    try {
      await callApi('post', '/V1/Employee/ItemLimit', { body: { employeeID: employeeId, cid_no: cidNo, period: p, quantity }, local400: true });
      setErrors({});
      onChanged();
    } catch (e) {
      setErrors(fieldErrorsOf(e).fields);
      notifyRefusal(e);
    }
  };
  return (
    <Section title="Item limits" testId="employee-item-limits">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>Period</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {limits.map((l) => (
            <TableRow key={`${l.cid_no}-${l.period}`}>
              <TableCell>{itemName(l)}</TableCell>
              <TableCell>{l.period}</TableCell>
              <TableCell align="right">{formatQuantity(l.quantity)}</TableCell>
              <TableCell>
                {canEdit && (
                  <Button size="small" onClick={() => save(l.cid_no, l.period, null)}>
                    Remove
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {!limits.length && (
            <TableRow>
              <TableCell colSpan={4}>No item limits.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }} alignItems="flex-start">
          <RecordPicker kind={itemKind} value={cid} onChange={(key) => setCid(idOrNull(key))} testId="employee-limit-item" error={errors.cid_no} width={360} />
          <TextField select size="small" label="Period" value={period} onChange={(e) => setPeriod(e.target.value)} sx={{ minWidth: 120 }}>
            {PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label="Quantity" value={qty} onChange={(e) => setQty(e.target.value)} error={Boolean(errors.quantity)} helperText={errors.quantity} />
          <Button variant="outlined" onClick={() => cid !== null && save(cid, period, qty.trim() ? Number(qty) : null)} disabled={cid === null}>
            Set limit
          </Button>
        </Stack>
      )}
    </Section>
  );
}
