import { useState } from 'react';
import { Paper, Stack } from '@mui/material';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { useRunSearch } from '../../grid/useRunSearch';
import { DateInput } from '../../ui';
import { APPLICATION_OPTIONS, ERROR_LOG_COLUMNS, LOG_FILTER_OPTIONS, dateRangeErrors, defaultErrorLogForm, type ErrorLogForm } from './errors';

function LogSearchForm({ initial }: { initial: ErrorLogForm }) {
  const [form, setForm] = useState(initial);
  const search = useRunSearch();
  const errors = dateRangeErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const set = (patch: Partial<ErrorLogForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start" data-testid="error-log-form">
        <SelectField
          testId="error-filter-select"
          label="Log Filter"
          value={form.filter_id}
          onChange={(v) => set({ filter_id: Number(v) })}
          options={LOG_FILTER_OPTIONS}
          sx={{ minWidth: 280 }}
        />
        <DateInput label="Start Date" testId="error-start-date" value={form.start_date} error={errors.start_date} onChange={(v) => set({ start_date: v ?? '' })} />
        <DateInput label="End Date" testId="error-end-date" value={form.end_date} error={errors.end_date} onChange={(v) => set({ end_date: v ?? '' })} />
        <SelectField
          testId="error-application-select"
          label="Application"
          value={form.application_name}
          onChange={(v) => set({ application_name: v })}
          options={APPLICATION_OPTIONS}
          sx={{ minWidth: 200 }}
        />
        <GuardedButton variant="contained" disabled={invalid} onClick={() => search({ ...form })} data-testid="error-search">
          Search
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** The Log tab: the errorLog resource, searched at once with the default window (7 days back to tomorrow). */
export function ErrorLogList() {
  const [initial] = useState(defaultErrorLogForm);
  return (
    <GridList
      resource="errorLog"
      settingsKey="aspErrorLog"
      columns={ERROR_LOG_COLUMNS}
      defaultSort={{ field: 'asp_error_log_ID', direction: 'desc' }}
      filterDefaultValues={initial}
    >
      <LogSearchForm initial={initial} />
      <DataGrid id="errorLog" exportable />
    </GridList>
  );
}
