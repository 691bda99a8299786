// Items > Cycle Counts > Count Plan: the site's plan settings (days between counts by ABC class, variance
// thresholds) and the CIPs due, with "generate a sheet" for a location range.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { callApi, type Schema } from '../shared/api';
import { notify } from '../shared/events';
import { PageTitle, useHasPermission } from '../ui';
import { LoadState, Section, fieldErrorsOf, notifyRefusal, useApi } from '../ui';
import { Pager, formatDate } from '../ui';
import { usePaging, useKeepPageIn } from './paging';
import { CYCLE_COUNT_ADMIN, CYCLE_COUNT_ENTER, type CountSettings } from './common';

const FIELDS: [keyof CountSettings, string][] = [
  ['days_class_a', 'Days between counts: class A'],
  ['days_class_b', 'Class B'],
  ['days_class_c', 'Class C (and unclassified)'],
  ['days_class_d', 'Class D'],
  ['variance_percent', 'Variance needing approval (%)'],
  ['variance_value', 'Variance needing approval (value)'],
  ['max_sheet_lines', 'Most lines per sheet'],
];

function SettingsForm() {
  const admin = useHasPermission(CYCLE_COUNT_ADMIN);
  const loaded = useApi('get', '/V1/CycleCount/Settings');
  const [form, setForm] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (loaded.data) setForm(Object.fromEntries(FIELDS.map(([k]) => [k, String(loaded.data?.[k] ?? '')])));
  }, [loaded.data]);
  const save = async () => {
    try {
      const body = Object.fromEntries(FIELDS.map(([k]) => [k, Number(form[k])])) as Schema<'CountSettingsInput'>;
      await callApi('put', '/V1/CycleCount/Settings', { body, local400: true });
      setErrors({});
      notify('Count plan saved.', 'success');
      loaded.reload();
    } catch (e) {
      const { fields, form: message } = fieldErrorsOf(e);
      setErrors(fields);
      if (message || !Object.keys(fields).length) notifyRefusal(e);
    }
  };
  return (
    <Section title="Plan settings" testId="count-plan-settings">
      <LoadState loading={loaded.loading} error={loaded.error} what="the plan settings">
        <Stack direction="row" flexWrap="wrap" gap={2}>
          {FIELDS.map(([k, label]) => (
            <TextField
              key={k}
              label={label}
              size="small"
              value={form[k] ?? ''}
              disabled={!admin}
              error={Boolean(errors[k])}
              helperText={errors[k]}
              onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
              slotProps={{ htmlInput: { 'data-testid': `setting-${k}`, inputMode: 'decimal' } }}
            />
          ))}
        </Stack>
        {admin && (
          <Box mt={2}>
            <Button variant="contained" onClick={save} data-testid="save-plan">
              Save plan
            </Button>
          </Box>
        )}
      </LoadState>
    </Section>
  );
}

export function CountPlanPage() {
  const enter = useHasPermission(CYCLE_COUNT_ENTER);
  const navigate = useNavigate();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const paging = usePaging();
  const due = useApi('post', '/V1/CycleCount/Plan/Search', {
    body: { ...paging.wire, due_only: true, location_from: range.from || null, location_to: range.to || null },
  });
  useKeepPageIn(paging, due.data?.totalCount);
  const generate = async () => {
    try {
      const answer = await callApi('post', '/V1/CycleCount/Sheet', { body: { location_from: from || null, location_to: to || null } });
      notify(`Count sheet ${answer.sheet.sheet_id} generated with ${answer.lines.length} line(s).`, 'success');
      navigate(`/cycleCount/sheets/${answer.sheet.sheet_id}`);
    } catch (e) {
      notifyRefusal(e);
    }
  };
  return (
    <Box p={2}>
      <PageTitle title="Count Plan" />
      <SettingsForm />
      <Section title="Due for counting" testId="count-plan-due">
        <Stack direction="row" gap={2} mb={2} alignItems="center">
          <TextField size="small" label="Location from" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'location-from' } }} />
          <TextField size="small" label="Location to" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'location-to' } }} />
          <Button onClick={() => (setRange({ from, to }), paging.first())} data-testid="filter-due">
            Show
          </Button>
          {enter && (
            <Button variant="contained" onClick={generate} data-testid="generate-sheet">
              Generate count sheet
            </Button>
          )}
        </Stack>
        <LoadState loading={due.loading} error={due.error} what="the due CIPs">
          <Typography variant="body2" mb={1} data-testid="due-total">
            {due.data?.totalCount ?? 0} CIP(s) due
          </Typography>
          {!due.data?.resultList.length ? (
            <Alert severity="info">Nothing is due in this range.</Alert>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Location</TableCell>
                  <TableCell>CIP</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell>Class</TableCell>
                  <TableCell>Every (days)</TableCell>
                  <TableCell>Last count</TableCell>
                  <TableCell>Due</TableCell>
                  <TableCell>On sheet</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {due.data.resultList.map((c) => (
                  <TableRow key={c.cip_no}>
                    <TableCell>{c.location}</TableCell>
                    <TableCell>{c.cip_code}</TableCell>
                    <TableCell>{c.cust_desc1}</TableCell>
                    <TableCell>{c.abc_class}</TableCell>
                    <TableCell>{c.frequency_days}</TableCell>
                    <TableCell>{c.last_count_date ? formatDate(c.last_count_date) : 'never'}</TableCell>
                    <TableCell>{formatDate(c.next_due_date)}</TableCell>
                    <TableCell>{c.open_sheet_id ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Pager id="due" page={paging.page} pageSize={paging.pageSize} total={due.data?.totalCount ?? 0} onPage={paging.setPage} onPageSize={paging.setPageSize} />
        </LoadState>
      </Section>
    </Box>
  );
}
