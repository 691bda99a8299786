import { useEffect, useMemo, useState } from 'react';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../shared/format';
import { LoadState } from './layout';
import { Pager } from './Pager';
import { actionWords, changeLines, valuesOf, type AuditDetail, type FieldWords } from './history';
import type { PickerKey, PickerKind } from '../grid/SearchPicker';

/**
 * A field the screen knows better than the trail: its label, and how to name one of its values (a reference field's
 * id read as 'Name (CODE)').
 */
export interface HistoryField {
  label?: string;
  name?: (value: string, signal: AbortSignal) => Promise<string>;
}

/** A reference field named as its picker names it: `{ track1: { label: 'Department', name: namedBy(trackingCodeKind(1)) } }`. */
export function namedBy<T>(kind: PickerKind<T>): (value: string, signal: AbortSignal) => Promise<string> {
  return async (value, signal) => {
    if (!kind.find) return value;
    const key: PickerKey = /^\d+$/.test(value) ? Number(value) : value;
    return kind.labelOf(await kind.find(key, signal));
  };
}

/** The names of the values the history shows for `fields`, looked up once per value; a failed lookup shows the value. */
function useFieldWords(rows: readonly AuditDetail[], fields: Readonly<Record<string, HistoryField>> | undefined): FieldWords {
  const named = useMemo(() => Object.entries(fields ?? {}).filter(([, f]) => f.name), [fields]);
  const wanted = useMemo(() => valuesOf(rows.map((r) => r.changes), named.map(([k]) => k)), [rows, named]);
  const [names, setNames] = useState<Record<string, ReadonlyMap<string, string>>>({});
  useEffect(() => {
    if (!named.length) return undefined;
    const controller = new AbortController();
    void Promise.all(
      named.map(async ([key, field]) => {
        const values = [...(wanted.get(key) ?? [])];
        const name = field.name ?? (async (v: string) => v);
        const settled = await Promise.allSettled(values.map((v) => name(v, controller.signal)));
        const map = new Map<string, string>();
        settled.forEach((r, i) => {
          if (r.status === 'fulfilled' && r.value) map.set(values[i], r.value);
        });
        return [key, map] as const;
      }),
    ).then((entries) => {
      if (!controller.signal.aborted) setNames(Object.fromEntries(entries));
    });
    return () => controller.abort();
  }, [named, wanted]);
  const labels = useMemo(
    () => Object.fromEntries(Object.entries(fields ?? {}).flatMap(([k, f]) => (f.label ? [[k, f.label] as const] : []))),
    [fields],
  );
  return useMemo(() => ({ labels, names }), [labels, names]);
}

const NO_ROWS: readonly AuditDetail[] = [];

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
  /** Labels and value names the screen knows (reference fields stored as ids, labels that depend on the site). */
  fields?: Readonly<Record<string, HistoryField>>;
}

/**
 * A record's history as people read it (issue 22): when, who (and as whom, when support acted as the user), what
 * happened in words, and each change as 'Label: from -> to'. Every history panel of the console is this one.
 */
export function HistoryPanel({ rows, loading = false, error = null, subject, testId = 'history', pageSize: initialSize = 10, empty = 'No changes recorded.', fields }: HistoryPanelProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const all = rows ?? NO_ROWS;
  const words = useFieldWords(all, fields);
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
                      {changeLines(row.changes, words).map((line, i) => (
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
