// "Where alerts reach you": the signed-in user's e-mail address, mobile number and carrier (alert e-mails and texts
// go there), loaded from GET User/{id} (the caller's own record carries the number and carrier) and saved with POST
// User/ContactInfo/Update. Shows the address texts go to, and warns when texts are wanted but no number is saved.
import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { userContextStore } from '../lib/userContext';
import { LoadState, hasErrors, serverErrors, useApi, type FormErrors } from '../ui';
import {
  CONTACT_RULES,
  TEXT_HINT,
  checkContact,
  contactBody,
  formOf,
  textAddressOf,
  textsGoToText,
  type ContactForm,
  type ContactInfo,
  type SavedContact,
} from './contactInfo';

export interface ContactInfoSectionProps {
  /** The caller's own id (the UserContext's currentUser). */
  userId: number;
  /** Some alert is ticked for Text (saved or about to be): without a saved number, the user is warned. */
  textWanted?: boolean;
}

export function ContactInfoSection({ userId, textWanted = false }: ContactInfoSectionProps) {
  const user = useApi('get', '/V1/User/{id}', { path: { id: userId }, quiet: true });
  const carriers = useApi('get', '/V1/User/ASPMobileCarriers', undefined);
  // The last save's answer, over the loaded record until it is loaded again.
  const [answer, setAnswer] = useState<ContactInfo | null>(null);
  const saved: SavedContact | null = answer ?? user.data ?? null;
  const [form, setForm] = useState<ContactForm>(formOf(null));
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (user.data) {
      setAnswer(null);
      setForm(formOf(user.data));
    }
  }, [user.data]);

  const list = useMemo(() => carriers.data ?? [], [carriers.data]);
  const textAddress = answer ? (answer.text_address ?? null) : textAddressOf(saved?.mobile_phone, saved?.mobile_carrier_id, list);
  const changes = contactBody(saved, form);

  const set = <K extends keyof ContactForm>(key: K, value: ContactForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(null);
  };

  const save = async () => {
    const problems = checkContact(form);
    setErrors(problems);
    setFormError(null);
    const body = contactBody(saved, form);
    if (hasErrors(problems) || !body) return;
    setSaving(true);
    try {
      const done = await callApi('post', '/V1/User/ContactInfo/Update', { body, quiet: true, local400: true });
      setAnswer(done);
      setForm(formOf(done));
      // The console shows the e-mail address from the UserContext (My Profile): it reads the new one at once.
      const latest = userContextStore.getState().context;
      if (latest && 'email' in body) userContextStore.set({ ...latest, currentUser: { ...latest.currentUser, email: done.email ?? null } });
      notify('Contact details saved.', 'success');
    } catch (e) {
      const { fields, form: other } = serverErrors(e, CONTACT_RULES);
      setErrors(fields);
      setFormError(other ?? (hasErrors(fields) ? null : 'The contact details could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  const noNumber = !saved?.mobile_phone;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="contact-info">
      <Typography variant="h6" sx={{ mb: 1 }}>
        Where alerts reach you
      </Typography>
      <LoadState loading={user.loading && !answer} error={user.error} what="contact details">
        <Stack spacing={2}>
          {textWanted && noNumber && (
            <Alert severity="warning" data-testid="contact-text-hint">
              {TEXT_HINT}
            </Alert>
          )}
          {formError && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="contact-error">
              {formError}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label={CONTACT_RULES.email.label}
              size="small"
              type="email"
              sx={{ minWidth: 260 }}
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email ?? 'Alert e-mails go here.'}
              slotProps={{ htmlInput: { 'data-testid': 'contact-email', maxLength: CONTACT_RULES.email.maxLength } }}
            />
            <TextField
              label={CONTACT_RULES.mobile_phone.label}
              size="small"
              type="tel"
              value={form.mobile_phone}
              onChange={(e) => set('mobile_phone', e.target.value)}
              error={Boolean(errors.mobile_phone)}
              helperText={errors.mobile_phone ?? 'US or Canada, such as 555-123-4567. Empty: no texts.'}
              slotProps={{ htmlInput: { 'data-testid': 'contact-phone', maxLength: CONTACT_RULES.mobile_phone.maxLength } }}
            />
            <TextField
              select
              label={CONTACT_RULES.mobile_carrier_id.label}
              size="small"
              sx={{ minWidth: 200 }}
              value={form.mobile_carrier_id ?? ''}
              onChange={(e) => set('mobile_carrier_id', e.target.value === '' ? null : Number(e.target.value))}
              error={Boolean(errors.mobile_carrier_id)}
              helperText={errors.mobile_carrier_id ?? (carriers.error ? 'The carriers could not be loaded.' : ' ')}
              slotProps={{
                inputLabel: { shrink: true },
                select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'contact-carrier' } as HTMLAttributes<HTMLDivElement> },
              }}
            >
              <MenuItem value="" data-testid="carrier-option-none">
                None
              </MenuItem>
              {list.map((c) => (
                <MenuItem key={c.mobile_carrier_id} value={c.mobile_carrier_id} data-testid={`carrier-option-${c.mobile_carrier_id}`}>
                  {c.carrier_name}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <Button
                variant="contained"
                disabled={!changes || saving}
                startIcon={saving ? <CircularProgress size={16} /> : undefined}
                onClick={() => void save()}
                data-testid="contact-save"
              >
                Save
              </Button>
            </Box>
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="contact-text-address">
            {textsGoToText(textAddress, !noNumber)}
          </Typography>
        </Stack>
      </LoadState>
    </Paper>
  );
}
