// What the employee group's tabs share: the remove button, and a call that says
// how it went.
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { notify } from '../../../shared/events';
import { formatMoney } from '../../../shared/numbers';
import { notifyRefusal } from '../../../ui';

// An amount the group does not set reads as a dash.
export const money = (v: unknown) => formatMoney(v, { blank: '—' });

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
