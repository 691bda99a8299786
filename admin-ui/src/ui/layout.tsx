import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { statusOf } from './load';

/** One label and its value; the value carries the test id. */
export function InfoRow({ label, value, testId, children }: { label: string; value?: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 170, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {children ?? value ?? ''}
      </Typography>
    </Stack>
  );
}

export function Section({ title, children, testId, actions }: { title: string; children: ReactNode; testId?: string; actions?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}

/** A spinner while loading, the error's message when the call failed, else the content. */
export function LoadState({ loading, error, children, what }: { loading: boolean; error: unknown; children: ReactNode; what: string }) {
  if (loading) return <CircularProgress size={32} sx={{ m: 2 }} />;
  if (error) {
    const status = statusOf(error);
    const text = status === 404 ? `The ${what} could not be found.` : `An error occurred fetching this ${what}.`;
    return (
      <Alert severity="warning" sx={{ my: 1 }} data-testid="load-error">
        {text}
      </Alert>
    );
  }
  return <>{children}</>;
}

/**
 * A small table of a record's related rows (a tab's list): its headings, the rows given as children, and one row
 * saying `empty` when there are none. Lists that page or sort are `DataGrid`s instead.
 */
export function Rows({ columns, children, count, empty }: { columns: readonly string[]; children: ReactNode; count: number; empty: string }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c, i) => (
            <TableCell key={`${c}-${i}`}>{c}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {children}
        {count === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length}>{empty}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
