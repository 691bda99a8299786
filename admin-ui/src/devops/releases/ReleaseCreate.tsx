import { useState, type Dispatch, type InputHTMLAttributes, type SetStateAction } from 'react';
import { Box, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router';
import { APPROVED_BY_DEFAULT, RELEASED_BY_DEFAULT } from '../../lib/config';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import type { AspDataProvider } from '../../dataProvider';
import { SaveRefused } from '../../dataProvider/resources';
import { DEVOPS_TRAINING, PageTitle } from '../../ui';
import { HELP_IDS } from '../help/developerHelp';
import { BUG_SLOTS, bugFields, releaseBody, type ReleaseFormValues, type ReleaseRecord } from './releases';

export function emptyRelease(): ReleaseFormValues {
  const values: ReleaseFormValues = {
    release_number: '',
    release_title: '',
    release_date: '',
    released_by_user: RELEASED_BY_DEFAULT,
    approval_date: '',
    approved_by_user: APPROVED_BY_DEFAULT,
    teams_link: '',
  };
  for (const n of BUG_SLOTS) {
    const f = bugFields(n);
    values[f.number] = '';
    values[f.text] = '';
  }
  return values;
}

interface FieldProps {
  name: string;
  label: string;
  values: ReleaseFormValues;
  setValues: Dispatch<SetStateAction<ReleaseFormValues>>;
  type?: 'date';
  multiline?: boolean;
  required?: boolean;
  helpId?: number;
}

function Field({ name, label, values, setValues, type, multiline, required, helpId }: FieldProps) {
  return (
    <TextField
      data-help-id={helpId}
      size="small"
      fullWidth
      type={type}
      label={label}
      required={required}
      multiline={multiline}
      value={values[name] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      slotProps={{
        inputLabel: type === 'date' ? { shrink: true } : undefined,
        htmlInput: { 'data-testid': `release-field-${name}` } as InputHTMLAttributes<HTMLInputElement>,
      }}
    />
  );
}

/** The add-release form: the data provider's create (insertRelease); the detail page follows a save. */
export function ReleaseCreate() {
  const [values, setValues] = useState(emptyRelease);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<AspDataProvider>();
  const navigate = useNavigate();
  const props = { values, setValues };

  const save = async () => {
    setBusy(true);
    try {
      // Called directly rather than through useCreate: the confirmation text is the API's (meta.message).
      const { data, meta } = await dataProvider.create<ReleaseRecord>('releases', { data: releaseBody(values) });
      notify(meta?.message || 'Release saved.', 'success');
      navigate(data.release_id ? `/devops/aspReleaseDetail/${data.release_id}` : '/devops/aspReleases');
    } catch (error) {
      // Other failures were shown by the http client.
      if (error instanceof SaveRefused) notify(error.message || 'The release was not saved.', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="release-add">
      <PageTitle title="ASP Release Add" category={DEVOPS_TRAINING} backTo="/devops/aspReleases" backLabel="Return to ASP Releases" backTestId="release-return" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="release-add-form">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}><Field name="release_number" label="Release Number" required helpId={HELP_IDS.releaseNumber} {...props} /></Grid>
          <Grid size={{ xs: 12, md: 8 }}><Field name="release_title" label="Title" required {...props} /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><Field name="release_date" label="Release Date" type="date" {...props} /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><Field name="released_by_user" label="Released By" {...props} /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><Field name="teams_link" label="Release Notes Link" {...props} /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><Field name="approval_date" label="Approval Date" type="date" {...props} /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><Field name="approved_by_user" label="Approved By" {...props} /></Grid>
        </Grid>
        <Typography variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          Bugs
        </Typography>
        <Stack spacing={1}>
          {BUG_SLOTS.map((n) => {
            const f = bugFields(n);
            return (
              <Grid container spacing={2} key={n}>
                <Grid size={{ xs: 12, md: 3 }}><Field name={f.number} label={`Bug Number ${n}`} {...props} /></Grid>
                <Grid size={{ xs: 12, md: 9 }}><Field name={f.text} label={`Bug Description ${n}`} multiline {...props} /></Grid>
              </Grid>
            );
          })}
        </Stack>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
          <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid="release-save">
            Save
          </GuardedButton>
        </Stack>
      </Paper>
    </Box>
  );
}
