import { useState } from 'react';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../shared/format';
import { LoadState } from './layout';
import { Pager } from './Pager';
import { actionWords, changeLines, type AuditDetail } from './history';

export interface HistoryPanelProps {
  /** The record's audited changes, newest first (an "Audit/Detail" answer, or several merged). */
  rows: readonly AuditDetail[] | undefined;
  loading?: boolean;
  error?: unknown;
  /** What a bare action ('update', 'suspend') acts on, in words: 'employee' -> 'Updated the employee'. */
  subject?: string;
  /** Prefix of the test ids: `<testId>` (the table), `<testId>-row`, `<testId>-pager`. */
  testId?: string;
  /** Rows per page; a longer history pages. */
  pageSize?: number;
  /** What the panel says when nothing was recorded. */
  empty?: string;
}

/**
 * A record's history as people read it (issue 22): when, who (and as whom, when support acted as the user), what
 * happened in words, and each change as 'Label: from -> to'. Every history panel of the console is this one.
 */
export function HistoryPanel({ rows, loading = false, error = null, subject, testId = 'history', pageSize: initialSize = 10, empty = 'No changes recorded.' }: HistoryPanelProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const all = rows ?? [];
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  // A reload can shorten the history under the page shown.
  const shownPage = Math.min(page, pages);
  const shown = all.slice((shownPage - 1) * pageSize, shownPage * pageSize);
  return (
    <LoadState loading={loading} error={error} what="history">
      {all.length === 0 ? (
        <Typography variant="body2" data-testid={`${testId}-empty`}>
          {empty}
        </Typography>
      ) : (
        <>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>What happened</TableCell>
                <TableCell>Changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.audit_event_id} data-testid={`${testId}-row`} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid={`${testId}-when`}>
                    {formatDateTime(row.occurred_at)}
                  </TableCell>
                  <TableCell data-testid={`${testId}-who`}>
                    {row.changed_by || 'System'}
                    {row.acting_as && (
                      <Typography variant="caption" display="block" color="text.secondary">
                        as {row.acting_as}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell data-testid={`${testId}-action`} title={row.action}>
                    {actionWords(row.action, subject)}
                  </TableCell>
                  <TableCell data-testid={`${testId}-changes`}>
                    <Stack spacing={0.25}>
                      {changeLines(row.changes).map((line, i) => (
                        <Box key={i} component="span" sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                          {line}
                        </Box>
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {all.length > initialSize && (
            <Pager
              id={testId}
              page={shownPage}
              pageSize={pageSize}
              total={all.length}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          )}
        </>
      )}
    </LoadState>
  );
}
