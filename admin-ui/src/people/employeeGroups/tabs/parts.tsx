// What the employee group's tabs share: a small table with its empty row, the remove button, and a call that says
// how it went.
import type { ReactNode } from 'react';
import { IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { notify } from '../../../shared/events';
import { formatMoney } from '../../../shared/numbers';
import { notifyRefusal } from '../../../ui';

// An amount the group does not set reads as a dash.
export const money = (v: unknown) => formatMoney(v, { blank: '—' });

export function Rows({ columns, children, empty, count }: { columns: string[]; children: ReactNode; empty: string; count: number }) {
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

export function RemoveButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
  return (
    <Tooltip title="Remove">
      <IconButton size="small" onClick={onClick} aria-label="Remove" data-testid={testId}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export async function run(action: () => Promise<unknown>, message: string, done: () => void, onError?: (e: unknown) => void) {
  try {
    await action();
    notify(message, 'success');
    done();
  } catch (e) {
    if (onError) onError(e);
    else notifyRefusal(e);
  }
}
