// Site Broadcast (docs/alerts.md "Site broadcast"): an administrator's message to everyone at the current site, sent
// with POST Alerts/Notification/Insert as type 16; it reaches each person on the channels their settings choose
// (toast for those online, the inbox for the others) and the answer says how many it reached.
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { callApi, type Answer } from '../shared/api';
import { formatCount } from '../shared/numbers';
import { ConfirmDialog, PageTitle, hasErrors, serverErrors, validateForm, type FormErrors, type FormRules } from '../ui';
import { useUserContext } from '../shell/UserContextProvider';
import { SITE_BROADCAST_TITLE, SITE_BROADCAST_TYPE } from './settings';

export const BROADCAST_RULES: FormRules<'subject' | 'body'> = {
  subject: { label: 'Subject', required: true, maxLength: 200 },
  body: { label: 'Message', required: true, maxLength: 4000 },
};

type Sent = Answer<'/V1/Alerts/Notification/Insert', 'post'>;

/** 'Sent to 12 people at ACME-NORTH.' */
export function sentText(sent: Pick<Sent, 'recipients'>, siteCode: string): string {
  if (sent.recipients === 0) return `Sent, but nobody at ${siteCode} receives site broadcasts.`;
  return `Sent to ${formatCount(sent.recipients)} ${sent.recipients === 1 ? 'person' : 'people'} at ${siteCode}.`;
}

export function BroadcastPage() {
  const { context } = useUserContext();
  const site = context?.currentSite;
  const [values, setValues] = useState<{ subject: string | null; body: string | null }>({ subject: null, body: null });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const set = (key: 'subject' | 'body', value: string) => {
    setValues((v) => ({ ...v, [key]: value === '' ? null : value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const ask = () => {
    const problems = validateForm(BROADCAST_RULES, values);
    setErrors(problems);
    setFormError(null);
    if (!hasErrors(problems)) setConfirm(true);
  };
  const send = async () => {
    if (!site) return;
    setBusy(true);
    try {
      const answer = await callApi('post', '/V1/Alerts/Notification/Insert', {
        body: { subject: values.subject ?? '', body: values.body ?? '', type_notification_id: SITE_BROADCAST_TYPE, link: null },
        quiet: true,
        local400: true,
      });
      setSent(sentText(answer, site.siteCode));
      setValues({ subject: null, body: null });
    } catch (e) {
      const { fields, form } = serverErrors(e, BROADCAST_RULES);
      setErrors(fields);
      setFormError(form ?? (hasErrors(fields) ? null : 'The broadcast could not be sent.'));
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 800 }} data-testid="broadcast-page">
      <PageTitle title={SITE_BROADCAST_TITLE} />
      {!site ? (
        <Alert severity="info">Choose a site first: a broadcast goes to everyone at the current site.</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Alert severity="info" sx={{ mb: 2 }}>
            To everyone at {site.site_name} ({site.siteCode}): a toast for those signed in now, the inbox for the others, as their alert settings
            choose.
          </Alert>
          {sent && (
            <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSent(null)} data-testid="broadcast-sent">
              {sent}
            </Alert>
          )}
          {formError && (
            <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="broadcast-error">
              {formError}
            </Alert>
          )}
          <Stack spacing={2}>
            <TextField
              label={BROADCAST_RULES.subject.label}
              required
              size="small"
              value={values.subject ?? ''}
              onChange={(e) => set('subject', e.target.value)}
              error={Boolean(errors.subject)}
              helperText={errors.subject}
              slotProps={{ htmlInput: { 'data-testid': 'broadcast-subject', maxLength: BROADCAST_RULES.subject.maxLength } }}
            />
            <TextField
              label={BROADCAST_RULES.body.label}
              required
              multiline
              minRows={4}
              value={values.body ?? ''}
              onChange={(e) => set('body', e.target.value)}
              error={Boolean(errors.body)}
              helperText={errors.body}
              slotProps={{ htmlInput: { 'data-testid': 'broadcast-body', maxLength: BROADCAST_RULES.body.maxLength } }}
            />
            <Box>
              <Button
                variant="contained"
                startIcon={busy ? <CircularProgress size={16} /> : <SendIcon />}
                disabled={busy}
                onClick={ask}
                data-testid="broadcast-send"
              >
                Send to the site
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        open={confirm}
        title="Send the broadcast?"
        message={`Send "${values.subject ?? ''}" to everyone at ${site?.siteCode ?? 'this site'}.`}
        confirmLabel="Send"
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setConfirm(false)}
      />
    </Box>
  );
}
