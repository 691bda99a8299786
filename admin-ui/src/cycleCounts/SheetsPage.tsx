// Items > Cycle Counts > Count Sheets: the site's sheets, a new sheet, and the blind entry screen (one quantity per
// line; Enter saves nothing yet and moves to the next line; "Save counts" and "Submit").
import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { PageTitle, RouteLink, useHasPermission } from '../ui';
import { LoadState, Section, notifyRefusal, useApi } from '../ui';
import { Pager, formatDateTime } from '../ui';
import { usePaging, useKeepPageIn } from './paging';
import { CYCLE_COUNT_ENTER, changedCounts, parseCount } from './common';

export function SheetsPage() {
  const enter = useHasPermission(CYCLE_COUNT_ENTER);
  const navigate = useNavigate();
  const paging = usePaging();
  const sheets = useApi('post', '/V1/CycleCount/Sheet/Search', { body: paging.wire });
  useKeepPageIn(paging, sheets.data?.totalCount);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const create = async () => {
    try {
      const answer = await callApi('post', '/V1/CycleCount/Sheet', { body: { location_from: from || null, location_to: to || null } });
      navigate(`/cycleCount/sheets/${answer.sheet.sheet_id}`);
    } catch (e) {
      notifyRefusal(e);
    }
  };
  return (
    <Box p={2}>
      <PageTitle title="Count Sheets" />
      {enter && (
        <Section title="New count sheet" testId="new-sheet">
          <Stack direction="row" gap={2} alignItems="center">
            <TextField size="small" label="Location from" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'sheet-location-from' } }} />
            <TextField size="small" label="Location to" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'sheet-location-to' } }} />
            <Button variant="contained" onClick={create} data-testid="create-sheet">
              Generate
            </Button>
          </Stack>
        </Section>
      )}
      <Section title="Sheets" testId="sheet-list">
        <LoadState loading={sheets.loading} error={sheets.error} what="the count sheets">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Sheet</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Locations</TableCell>
                <TableCell>Counted</TableCell>
                <TableCell>Waiting approval</TableCell>
                <TableCell>Created</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(sheets.data?.resultList ?? []).map((s) => (
                <TableRow key={s.sheet_id} data-testid={`sheet-row-${s.sheet_id}`}>
                  <TableCell>
                    <RouteLink to={`/cycleCount/sheets/${s.sheet_id}`}>{s.sheet_id}</RouteLink>
                  </TableCell>
                  <TableCell>{s.status_name}</TableCell>
                  <TableCell>
                    {s.location_from ?? '…'} – {s.location_to ?? '…'}
                  </TableCell>
                  <TableCell>
                    {s.counted_count} / {s.line_count}
                  </TableCell>
                  <TableCell>{s.waiting_count || ''}</TableCell>
                  <TableCell>{formatDateTime(s.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager id="sheets" page={paging.page} pageSize={paging.pageSize} total={sheets.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
        </LoadState>
      </Section>
    </Box>
  );
}

/** The blind entry screen: the counter sees where to go and what they typed, never what is expected. */
export function CountEntryPage() {
  const { sheet_id } = useParams();
  const loaded = useApi('get', '/V1/CycleCount/Sheet/{sheet_id}', { path: { sheet_id: Number(sheet_id) } });
  const [typed, setTyped] = useState<Record<number, string>>({});
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const sheet = loaded.data?.sheet;
  const lines = loaded.data?.lines ?? [];
  const open = sheet ? sheet.status <= 2 : false;
  const next = (i: number) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === 'ArrowDown') {
      e.preventDefault();
      inputs.current[i + 1]?.focus();
      if (i + 1 >= lines.length) document.querySelector<HTMLButtonElement>('[data-testid="save-counts"]')?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      inputs.current[i - 1]?.focus();
    }
  };
  const save = async () => {
    const counts = changedCounts(lines, typed);
    if (!counts.length) return notify('Nothing new to save.', 'info');
    try {
      await callApi('post', '/V1/CycleCount/Sheet/{sheet_id}/Count', { path: { sheet_id: Number(sheet_id) }, body: { counts } });
      notify(`${counts.length} count(s) saved.`, 'success');
      setTyped({});
      loaded.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  const submit = async () => {
    try {
      const answer = await callApi('post', '/V1/CycleCount/Sheet/{sheet_id}/Submit', { path: { sheet_id: Number(sheet_id) } });
      notify(answer.message, 'success');
      loaded.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  return (
    <Box p={2}>
      <PageTitle title={`Count Sheet ${sheet_id}`} />
      <LoadState loading={loaded.loading} error={loaded.error} what="the count sheet">
        <Stack direction="row" gap={2} alignItems="center" mb={2}>
          <Chip label={sheet?.status_name} data-testid="sheet-status" />
          <Typography variant="body2" data-testid="sheet-progress">
            {sheet?.counted_count} of {sheet?.line_count} counted
          </Typography>
        </Stack>
        {!open && <Alert severity="info">This sheet is {sheet?.status_name}: counts can no longer be changed.</Alert>}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>CIP</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>Counted</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, i) => {
              const text = typed[line.line_id] ?? (line.counted_qty ?? '').toString();
              const invalid = parseCount(text) === 'invalid';
              return (
                <TableRow key={line.line_id} data-testid={`count-line-${line.cip_code}`}>
                  <TableCell>{line.line_no}</TableCell>
                  <TableCell>{line.location}</TableCell>
                  <TableCell>{line.cip_code}</TableCell>
                  <TableCell>{line.cust_desc1}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={text}
                      disabled={!open}
                      error={invalid}
                      autoFocus={i === 0}
                      inputRef={(el: HTMLInputElement | null) => {
                        inputs.current[i] = el;
                      }}
                      onKeyDown={next(i)}
                      onChange={(e) => setTyped((t) => ({ ...t, [line.line_id]: e.target.value }))}
                      slotProps={{ htmlInput: { 'data-testid': `count-${line.cip_code}`, inputMode: 'decimal', 'aria-label': `Counted ${line.cip_code}` } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {open && (
          <Stack direction="row" gap={2} mt={2}>
            <Button variant="outlined" onClick={save} data-testid="save-counts">
              Save counts
            </Button>
            <Button variant="contained" onClick={submit} data-testid="submit-sheet">
              Submit
            </Button>
          </Stack>
        )}
      </LoadState>
    </Box>
  );
}
