import type { ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  /** What the action will do, in the user's words and numbers: 'Write off 15 units, $773.50.' */
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The question: 'Approve the write-off?' */
  title?: string;
  /** The confirm button says the action ('Write off'), not 'OK'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** The action is running: the buttons wait and the confirm button spins. */
  busy?: boolean;
  /** A destructive action (delete, write off): the confirm button is red. */
  danger?: boolean;
}

/** The question before a costly or destructive action: what it will do, and a button named after it. */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  title = 'Please Confirm',
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  busy = false,
  danger = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} data-testid="confirm-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" data-testid="confirm-message">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
          data-testid="confirm-ok"
          autoFocus
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
