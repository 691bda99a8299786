import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { api, type Answer, type Body } from '../shared/api';
import { notify } from '../shared/events';
import { HttpError, toFieldErrors } from '../shared/http';
import { PASSWORD_UPDATED, usePasswordForm } from './PasswordDialog';

/**
 * An administrator sets another user's password (POST /api/V1/User/Password/Update/; that user's sessions end). It is a
 * one-time password: the user must change it at the next sign-in, answering their security questions when a user
 * administrator set it (docs/security.md, "Administrator-set passwords").
 */
export function AdminPasswordDialog({
  open,
  userId,
  userLabel,
  onClose,
}: {
  open: boolean;
  userId: number;
  userLabel?: string;
  onClose: () => void;
}) {
  const form = usePasswordForm({ requireCurrent: false });
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    form.reset();
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.invalid) return;
    setBusy(true);
    try {
      const body: Body<'/V1/User/Password/Update', 'post'> = {
        asp_users_id: userId,
        password: form.values.password,
        confirm_password: form.values.confirm_password,
      };
      // The spec's address ends with a slash (the document's path does not; the server accepts both): callApi only
      // writes the document's path, so this call keeps the spec's address, typed by the document's answer.
      const answer = await api.post<Answer<'/V1/User/Password/Update', 'post'>>('/api/V1/User/Password/Update/', body, { local400: true }); // conventions-ok: the spec's address (trailing slash), typed by Answer<>
      notify(answer?.message || PASSWORD_UPDATED, 'success');
      form.reset();
      onClose();
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        // A refusal about the user itself (no security questions on file to prove them) is shown above the fields.
        const { asp_users_id: aboutUser, ...errors } = toFieldErrors(error.apiErrors);
        const root = [errors.root?.serverError, aboutUser].filter(Boolean).join('\n');
        form.setServerErrors(root ? Object.assign(errors, { root: { serverError: root } }) : errors);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth data-testid="admin-password-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Change Password{userLabel ? ` - ${userLabel}` : ''}</DialogTitle>
        <DialogContent>
          {form.serverErrors.root?.serverError && (
            <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
              {form.serverErrors.root.serverError}
            </Alert>
          )}
          <Stack spacing={1} sx={{ pt: 1 }}>
            {form.field('password', 'New Password', 'new-password', 'admin-password')}
            {form.field('confirm_password', 'Confirm Password', 'new-password', 'admin-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy} data-testid="admin-password-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || form.invalid} data-testid="admin-password-submit">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
