import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { callApi, type Schema } from '../../../shared/api';
import { formatDateTime } from '../../../grid/format';
import { LoadState, Section, useLoad } from '../../../ui';
import { auditLines } from '../audit';

type AuditDetail = Schema<'AuditDetail'>;

function AuditTable({ rows, testId }: { rows: AuditDetail[]; testId: string }) {
  if (!rows.length) return <Typography variant="body2">No changes recorded.</Typography>;
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Who</TableCell>
          <TableCell>Action</TableCell>
          <TableCell>What</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.audit_event_id} data-testid={`${testId}-row`} sx={{ verticalAlign: 'top' }}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.occurred_at)}</TableCell>
            <TableCell>
              {row.changed_by}
              {row.acting_as && (
                <Typography variant="caption" display="block" color="text.secondary">
                  as {row.acting_as}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Chip size="small" label={row.action} />
            </TableCell>
            <TableCell>
              <Stack spacing={0.25}>
                {auditLines(row.changes).map((line) => (
                  <Box key={line} component="span" sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}>
                    {line}
                  </Box>
                ))}
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** History: every audited change of the CIP and of its CID (who, acting as whom, when, what), newest first. */
export function HistoryTab({ cipNo, cidNo }: { cipNo: number; cidNo: number }) {
  const cip = useLoad((signal) => callApi('get', '/V1/Item/CIP/Audit/Detail/{id}', { path: { id: cipNo }, signal, quiet: true }), [cipNo]);
  const cid = useLoad((signal) => callApi('get', '/V1/Item/CID/Audit/Detail/{id}', { path: { id: cidNo }, signal, quiet: true }), [cidNo]);
  return (
    <>
      <Section title="CIP history" testId="item-history-cip">
        <LoadState loading={cip.loading} error={cip.error} what="item history">
          <AuditTable rows={cip.data ?? []} testId="item-history-cip" />
        </LoadState>
      </Section>
      <Section title="CID history" testId="item-history-cid">
        <LoadState loading={cid.loading} error={cid.error} what="item history">
          <AuditTable rows={cid.data ?? []} testId="item-history-cid" />
        </LoadState>
      </Section>
    </>
  );
}
