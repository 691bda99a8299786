import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** A yes/no question before an action. */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  title = 'Please Confirm',
}: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
}) {
  return (
    <Dialog open={open} onClose={onCancel} data-testid="confirm-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="confirm-message">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} data-testid="confirm-ok" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
