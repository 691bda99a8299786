import type { ReactNode } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { ShowBase, useShowContext } from 'react-admin';
import { useParams } from 'react-router';
import { formatLongDate } from '../../shared/format';
import type { WithId } from '../../dataProvider/search';
import { DEVOPS_TRAINING, PageTitle } from '../../ui';
import { RecipientList } from '../alertRecipients/RecipientList';
import type { AlertHeader } from './alertSearch';

export type AlertHeaderRecord = WithId<AlertHeader>;

function HeaderRow({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25 }}>
      <Typography sx={{ fontWeight: 600, minWidth: 170 }}>{label}</Typography>
      <Typography data-testid={testId}>{children}</Typography>
    </Stack>
  );
}

function AlertHeaderPanel({ id }: { id?: string }) {
  const { record, error } = useShowContext<AlertHeaderRecord>();
  // A header that cannot be read shows empty rows (the http client has said why).
  const header: Partial<AlertHeader> | undefined = error ? {} : record;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="alert-info-header">
      {!header ? (
        <CircularProgress size={55} />
      ) : (
        <>
          <HeaderRow label="Notification Id" testId="alert-info-id">{header.notification_id ?? id}</HeaderRow>
          <HeaderRow label="Notification Name" testId="alert-info-name">{header.notification_name}</HeaderRow>
          <HeaderRow label="Site Code" testId="alert-info-site">{header.site_code}</HeaderRow>
          <HeaderRow label="Created Date" testId="alert-info-created">{formatLongDate(header.created_date)}</HeaderRow>
          <HeaderRow label="Subject" testId="alert-info-subject">{header.subject}</HeaderRow>
        </>
      )}
    </Paper>
  );
}

// A notification that cannot be read stays on this page (react-admin would toast and leave for the list).
const stayOnError = () => undefined;

/** /devops/alertAuditingInfo/:id — one notification (the alerts resource's show) and its recipients. */
export function AlertShow() {
  const { id } = useParams();
  return (
    <Box sx={{ p: 2 }} data-testid="alert-info">
      <PageTitle title="Alert Auditing Info" category={DEVOPS_TRAINING} backTo="/devops/alertAuditing" backLabel="Return to Auditing List" backTestId="alert-return" />
      <ShowBase resource="alerts" queryOptions={{ onError: stayOnError }}>
        <AlertHeaderPanel id={id} />
      </ShowBase>
      <RecipientList notificationId={Number(id)} />
    </Box>
  );
}
