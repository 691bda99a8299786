import { useEffect, useState } from 'react';
import { Box, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { api } from '../../shared/api';
import { bugTrackerLink } from '../../lib/config';
import { formatDate, formatLongDate } from '../../grid/format';
import { PageBanner, RouteLink, withLineBreaks, DEVOPS_TRAINING } from '../common';
import { RELEASES_PATH, bugPairs } from './releases';

function Row({ label, testId, children }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ py: 0.5 }}>
      <Typography sx={{ fontWeight: 600, minWidth: 180 }}>{label}</Typography>
      <Typography component="div" sx={{ whiteSpace: 'pre-line' }} data-testid={testId}>
        {children}
      </Typography>
    </Stack>
  );
}

export function ReleaseDetail() {
  const { id } = useParams();
  const [release, setRelease] = useState(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setRelease(null);
    setFailed(false);
    api
      .get(`${RELEASES_PATH}/${encodeURIComponent(id)}`)
      .then((r) => live && setRelease(r))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <Box sx={{ p: 2 }} data-testid="release-detail">
      <PageBanner title="ASP Release Details" category={DEVOPS_TRAINING} />
      {!release && !failed && <CircularProgress size={55} />}
      {failed && <Typography data-testid="release-detail-missing">The release could not be loaded.</Typography>}
      {release && (
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
      )}
      <RouteLink to="/devops/aspReleases" data-testid="release-return">
        Return to ASP Releases
      </RouteLink>
    </Box>
  );
}
