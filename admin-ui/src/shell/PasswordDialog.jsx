import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useLogout } from 'react-admin';
import { api } from '../lib/api';
import { notify } from '../lib/events';
import { toFieldErrors } from '../lib/http';
import { validatePassword, validatePasswordConfirmation } from '../lib/passwordRule';
import { storeToken } from '../lib/token';
import { userContextStore } from '../lib/userContext';
import { useUserContext } from './UserContextProvider';

const EMPTY = { current_password: '', password: '', confirm_password: '' };

export function clientPasswordErrors(values) {
  const errors = {};
  if (!values.current_password) errors.current_password = 'Required';
  const rule = validatePassword(values.password);
  if (rule) errors.password = rule;
  const match = validatePasswordConfirmation(values.password, values.confirm_password);
  if (match) errors.confirm_password = match;
  return errors;
}

/** Non-dismissable while the password is expired; an impersonating support user is never asked. */
export function PasswordDialog() {
  const { context } = useUserContext();
  const logout = useLogout();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);

  const open = Boolean(context?.currentUser?.password_expired) && !context?.impersonatedByUserId;

  const change = (field) => (event) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event) => {
    event.preventDefault();
    const clientErrors = clientPasswordErrors(values);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length) return;
    setBusy(true);
    try {
      const answer = await api.post('/api/V1/User/Password/Update/SelfService', values, { local400: true });
      // Changing the password revokes the old session; the answer carries the token of the new one.
      if (answer?.access_token) storeToken(answer);
      notify(answer?.message || 'Password updated.', 'success');
      setValues(EMPTY);
      await userContextStore.load();
    } catch (error) {
      if (error?.status === 400) setErrors(toFieldErrors(error.apiErrors));
    } finally {
      setBusy(false);
    }
  };

  const field = (name, label, autoComplete) => (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={change(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] || ' '}
      required
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `password-${name}` } }}
    />
  );

  return (
    <Dialog open={open} disableEscapeKeyDown data-testid="password-dialog" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Your password has expired</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Choose a new password to continue.</DialogContentText>
          {errors.root?.serverError && (
            <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
              {errors.root.serverError}
            </Alert>
          )}
          <Stack spacing={1}>
            {field('current_password', 'Current Password', 'current-password')}
            {field('password', 'New Password', 'new-password')}
            {field('confirm_password', 'Confirm Password', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => logout()} disabled={busy}>
            Sign out
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="password-submit">
            Change Password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
