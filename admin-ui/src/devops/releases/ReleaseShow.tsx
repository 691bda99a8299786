import type { ReactNode } from 'react';
import { Box, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { ShowBase, useShowContext } from 'react-admin';
import { bugTrackerLink } from '../../lib/config';
import { formatDate, formatLongDate } from '../../shared/format';
import { DEVOPS_TRAINING, PageTitle, withLineBreaks } from '../../ui';
import { bugPairs, type ReleaseRecord } from './releases';

function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ py: 0.5 }}>
      <Typography sx={{ fontWeight: 600, minWidth: 180 }}>{label}</Typography>
      <Typography component="div" sx={{ whiteSpace: 'pre-line' }} data-testid={testId}>
        {children}
      </Typography>
    </Stack>
  );
}

function ReleaseDetails() {
  const { record: release, error } = useShowContext<ReleaseRecord>();
  if (error) return <Typography data-testid="release-detail-missing">The release could not be loaded.</Typography>;
  if (!release) return <CircularProgress size={55} />;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Row label="Release Number" testId="release-detail-number">{release.release_number}</Row>
      <Row label="Title" testId="release-detail-title">{withLineBreaks(release.release_title)}</Row>
      <Row label="Date" testId="release-detail-date">{formatLongDate(release.release_date)}</Row>
      <Row label="Released By" testId="release-detail-released-by">{release.released_by_user}</Row>
      <Row label="Approval Date" testId="release-detail-approval-date">{formatDate(release.approval_date)}</Row>
      <Row label="Approved By" testId="release-detail-approved-by">{release.approved_by_user}</Row>
      <Row label="Release Notes" testId="release-detail-notes">
        {release.teams_link ? (
          <Link href={release.teams_link} target="_blank" rel="noopener noreferrer" data-testid="release-teams-link">
            Release notes
          </Link>
        ) : (
          ''
        )}
      </Row>
      <Typography variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
        Bugs
      </Typography>
      {bugPairs(release).map((pair) => {
        const href = bugTrackerLink(pair.number);
        return (
          <Stack key={pair.n} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ py: 0.5 }} data-testid={`release-bug-${pair.n}`}>
            <Box sx={{ minWidth: 180 }}>
              {href ? (
                <Link href={href} target="_blank" rel="noopener noreferrer" data-testid={`release-bug-link-${pair.n}`}>
                  {pair.number}
                </Link>
              ) : (
                <span data-testid={`release-bug-link-${pair.n}`}>{pair.number}</span>
              )}
            </Box>
            <Typography component="div" sx={{ whiteSpace: 'pre-line' }}>
              {withLineBreaks(pair.text)}
            </Typography>
          </Stack>
        );
      })}
    </Paper>
  );
}

// A missing release is said on the page (react-admin would toast and leave for the list).
const stayOnError = () => undefined;

/** The release of the address's id (`/devops/aspReleaseDetail/:id`). */
export function ReleaseShow() {
  return (
    <Box sx={{ p: 2 }} data-testid="release-detail">
      <PageTitle title="ASP Release Details" category={DEVOPS_TRAINING} backTo="/devops/aspReleases" backLabel="Return to ASP Releases" backTestId="release-return" />
      <ShowBase resource="releases" queryOptions={{ onError: stayOnError }}>
        <ReleaseDetails />
      </ShowBase>
    </Box>
  );
}
