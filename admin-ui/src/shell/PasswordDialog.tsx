import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useLogout } from 'react-admin';
import { callApi } from '../shared/api';
import { notify, on } from '../shared/events';
import { HttpError, toFieldErrors, type FieldErrors } from '../shared/http';
import { validatePassword, validatePasswordConfirmation } from '../lib/passwordRule';
import { storeToken } from '../shared/token';
import { userContextStore } from '../lib/userContext';
import { useUserContext } from './UserContextProvider';

export const EXPIRED_NOTICE = 'Your password is expired. Please enter a new password.';
export const ADMIN_SET_NOTICE = 'An administrator set this password. Answer your security questions to choose your own.';
export const NO_PROOF_NOTICE =
  'An administrator set this password and you have no security questions on file to prove it is you. Ask a provider administrator to set your password.';
export const PASSWORD_UPDATED = 'Password updated.';
export interface PasswordValues {
  current_password: string;
  password: string;
  confirm_password: string;
}
type PasswordField = keyof PasswordValues;
type PasswordErrors = Partial<Record<PasswordField, string>>;

const EMPTY: PasswordValues = { current_password: '', password: '', confirm_password: '' };

/**
 * Spec 2 section 5: both fields required, they must match (passwordsDoNotMatch), and the new password must meet the
 * rule (passwordDoesNotMeetRequirements). The self-service call also needs the current password.
 */
export function passwordFormErrors(values: Partial<PasswordValues>, { requireCurrent = true } = {}): PasswordErrors {
  const errors: PasswordErrors = {};
  if (requireCurrent && !values.current_password) errors.current_password = 'Required';
  if (!values.password) errors.password = 'Required';
  else {
    const rule = validatePassword(values.password);
    if (rule) errors.password = rule;
  }
  if (!values.confirm_password) errors.confirm_password = 'Required';
  else {
    const match = validatePasswordConfirmation(values.password, values.confirm_password);
    if (match) errors.confirm_password = match;
  }
  return errors;
}

/** Kept for callers of the earlier name. */
export const clientPasswordErrors = (values: Partial<PasswordValues>) => passwordFormErrors(values);

/** The password fields with live validation; Save stays disabled while the form is invalid. */
export function usePasswordForm({ requireCurrent }: { requireCurrent: boolean }) {
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<FieldErrors>>({});
  const clientErrors = passwordFormErrors(values, { requireCurrent });
  const invalid = Object.keys(clientErrors).length > 0;
  const errorOf = (name: PasswordField) => serverErrors[name] || (touched[name] ? clientErrors[name] : undefined);
  const reset = () => {
    setValues(EMPTY);
    setTouched({});
    setServerErrors({});
  };
  const field = (name: PasswordField, label: string, autoComplete: string, testIdPrefix = 'password') => (
    <TextField
      key={name}
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        setTouched((t) => ({ ...t, [name]: true }));
        setServerErrors(({ [name]: _cleared, root: _root, ...rest }) => rest);
      }}
      onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name) || ' '}
      required
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}-${name}` } as InputHTMLAttributes<HTMLInputElement> }}
    />
  );
  return { values, invalid, field, reset, serverErrors, setServerErrors };
}

/**
 * Change password (spec 2): 'New Password', 'Confirm Password' and Save. Opened from the user menu, or forced open
 * (cannot be closed) while the password is expired; an impersonating support user is never forced.
 */
export function PasswordDialog() {
  const { context } = useUserContext();
  const logout = useLogout();
  const [requested, setRequested] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = usePasswordForm({ requireCurrent: true });

  const expired = Boolean(context?.currentUser?.password_expired) && !context?.impersonatedByUserId;
  const open = expired || requested;
  // A password a user administrator set opens only this change, which needs the owner's security answers
  // (docs/security.md, "Administrator-set passwords").
  const questions = (expired && context?.passwordChangeQuestions) || [];
  const noProof = expired && Boolean(context?.passwordSetByAdministrator) && questions.length === 0;
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const answersMissing = questions.some((q) => !answers[q.question_id]?.trim());
  const serverAnswerError = form.serverErrors.security_answers;

  useEffect(() => on('openPasswordDialog', () => setRequested(true)), []);

  const close = () => {
    if (expired || busy) return;
    setRequested(false);
    form.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.invalid || answersMissing || noProof) return;
    setBusy(true);
    try {
      const body = questions.length
        ? { ...form.values, security_answers: questions.map((q) => ({ question_id: q.question_id, answer: answers[q.question_id] ?? '' })) }
        : form.values;
      const answer = await callApi('post', '/V1/User/Password/Update/SelfService', { body, local400: true });
      // Changing the password revokes the old session; the answer carries the token of the new one.
      if (answer?.access_token) storeToken(answer);
      notify(answer?.message || PASSWORD_UPDATED, 'success');
      form.reset();
      setAnswers({});
      setRequested(false);
      await userContextStore.load();
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) form.setServerErrors(toFieldErrors(error.apiErrors));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={expired ? undefined : close}
      disableEscapeKeyDown={expired}
      data-testid="password-dialog"
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>Change Password</DialogTitle>
        <DialogContent>
          {expired && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="password-expired-notice">
              {EXPIRED_NOTICE}
            </Alert>
          )}
          {questions.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="password-admin-set-notice">
              {ADMIN_SET_NOTICE}
            </Alert>
          )}
          {noProof && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="password-no-proof-notice">
              {NO_PROOF_NOTICE}
            </Alert>
          )}
          {(form.serverErrors.root?.serverError || serverAnswerError) && (
            <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
              {[form.serverErrors.root?.serverError, serverAnswerError].filter(Boolean).join('\n')}
            </Alert>
          )}
          <Stack spacing={1} sx={{ pt: 1 }}>
            {form.field('current_password', 'Current Password', 'current-password')}
            {form.field('password', 'New Password', 'new-password')}
            {form.field('confirm_password', 'Confirm Password', 'new-password')}
            {questions.map((q, i) => (
              <TextField
                key={q.question_id}
                label={q.question}
                autoComplete="off"
                value={answers[q.question_id] ?? ''}
                onChange={(event) => {
                  const value = event.target.value;
                  setAnswers((a) => ({ ...a, [q.question_id]: value }));
                }}
                required
                fullWidth
                helperText=" "
                slotProps={{ htmlInput: { 'data-testid': `password-answer-${i + 1}` } as InputHTMLAttributes<HTMLInputElement> }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          {expired ? (
            <Button onClick={() => logout()} disabled={busy} data-testid="password-signout">
              Sign out
            </Button>
          ) : (
            <Button onClick={close} disabled={busy} data-testid="password-cancel">
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy || form.invalid || answersMissing || noProof} data-testid="password-submit">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
