import { useCallback, useEffect, useState } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { api } from '../../shared/api';
import { DataGrid } from '../../grid/DataGrid';
import { formatLongDate } from '../../grid/format';
import { PageBanner, RouteLink, DEVOPS_TRAINING } from '../common';
import { ALERT_PATH } from './alertSearch';

export const RECIPIENT_COLUMNS = [
  { field: 'username', header: 'Username' },
  { field: 'inbox_sent', header: 'Inbox Sent', kind: 'boolean' },
  { field: 'email_sent', header: 'Email Sent', kind: 'boolean' },
  { field: 'text_sent', header: 'Text Sent', kind: 'boolean' },
  { field: 'toastr_sent', header: 'Toastr Sent', kind: 'boolean' },
  { field: 'created_date', header: 'Created Date', kind: 'date' },
];

function HeaderRow({ label, testId, children }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25 }}>
      <Typography sx={{ fontWeight: 600, minWidth: 170 }}>{label}</Typography>
      <Typography data-testid={testId}>{children}</Typography>
    </Stack>
  );
}

export function AlertAuditingInfo() {
  const { id } = useParams();
  const [header, setHeader] = useState(null);
  const [query] = useState(() => ({ notification_id: Number(id) }));
  const load = useCallback((request) => api.post(`${ALERT_PATH}/Users`, request), []);
  useEffect(() => {
    let live = true;
    api
      .get(`${ALERT_PATH}/${encodeURIComponent(id)}`)
      .then((answer) => live && setHeader(answer || {}))
      .catch(() => live && setHeader({}));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <Box sx={{ p: 2 }} data-testid="alert-info">
      <PageBanner title="Alert Auditing Info" category={DEVOPS_TRAINING} />
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
      <DataGrid
        id="alertRecipients"
        settingsKey="alertRecipients"
        columns={RECIPIENT_COLUMNS}
        defaultSort={{ field: 'username', direction: 'desc' }}
        load={load}
        query={query}
        rowKey={(row, i) => `${row.username}-${i}`}
      />
      <RouteLink to="/devops/alertAuditing" data-testid="alert-return">
        Return to Auditing List
      </RouteLink>
    </Box>
  );
}
