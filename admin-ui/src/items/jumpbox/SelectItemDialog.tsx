import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatQuantity } from '../../shared/numbers';
import { formatCurrency } from '../../ui';
import { pickColumns, trueFalse, type PickColumn, type PickRow } from './searchTypes';

function cell(row: PickRow, column: PickColumn): string {
  const value = row[column.field];
  switch (column.kind) {
    case 'boolean':
      return trueFalse(value);
    case 'currency':
      return formatCurrency(value);
    case 'quantity':
      return formatQuantity(value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** 'Select Item': several items matched the search; a row click opens that item. */
export function SelectItemDialog({
  items,
  canSeeCost,
  onSelect,
  onClose,
}: {
  items: readonly PickRow[] | null;
  canSeeCost: boolean;
  onSelect: (item: PickRow) => void;
  onClose: () => void;
}) {
  const columns = pickColumns(canSeeCost);
  return (
    <Dialog open={Boolean(items)} onClose={onClose} maxWidth="lg" fullWidth data-testid="select-item-dialog">
      <DialogTitle>Select Item</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.field} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={`select-item-header-${c.field}`}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(items ?? []).map((row) => (
              <TableRow
                key={row.cip_no}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => onSelect(row)}
                data-testid="select-item-row"
                data-cip-no={row.cip_no}
              >
                {columns.map((c) => (
                  <TableCell key={c.field} sx={{ whiteSpace: c.kind === 'text' ? 'normal' : 'nowrap' }}>
                    {cell(row, c)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="select-item-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
