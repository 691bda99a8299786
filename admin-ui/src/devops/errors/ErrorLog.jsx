import { useState } from 'react';
import { Box, Paper, Stack, Tab, Tabs } from '@mui/material';
import { api } from '../../shared/api';
import { DataGrid } from '../../grid/DataGrid';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { DateInput, PageBanner, DEVOPS_TRAINING } from '../common';
import {
  APPLICATION_OPTIONS,
  ERROR_LOG_COLUMNS,
  ERROR_LOG_PATH,
  FILTERED_COLUMNS,
  LOG_FILTER_OPTIONS,
  dateRangeErrors,
  defaultErrorWindow,
} from './errors';

const loadLog = (request) => api.post(`${ERROR_LOG_PATH}/Search`, request);
const loadFiltered = (request) => api.post(`${ERROR_LOG_PATH}/Filtered/Search`, request);

function logQuery(form) {
  return {
    start_date: form.start_date,
    end_date: form.end_date,
    filter_id: form.filter_id === 0 ? null : form.filter_id,
    application_name: form.application_name || null,
  };
}

function LogTab() {
  const [form, setForm] = useState(() => ({ ...defaultErrorWindow(), filter_id: 0, application_name: '' }));
  const [query, setQuery] = useState(() => logQuery(form));
  const errors = dateRangeErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const set = (patch) => setForm((f) => ({ ...f, ...patch }));
  return (
    <>
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
          <DateInput label="Start Date" testId="error-start-date" value={form.start_date} error={errors.start_date} onChange={(v) => set({ start_date: v })} />
          <DateInput label="End Date" testId="error-end-date" value={form.end_date} error={errors.end_date} onChange={(v) => set({ end_date: v })} />
          <SelectField
            testId="error-application-select"
            label="Application"
            value={form.application_name}
            onChange={(v) => set({ application_name: v })}
            options={APPLICATION_OPTIONS}
            sx={{ minWidth: 200 }}
          />
          <GuardedButton variant="contained" disabled={invalid} onClick={() => setQuery(logQuery(form))} data-testid="error-search">
            Search
          </GuardedButton>
        </Stack>
      </Paper>
      <DataGrid
        id="errorLog"
        settingsKey="aspErrorLog"
        columns={ERROR_LOG_COLUMNS}
        defaultSort={{ field: 'asp_error_log_ID', direction: 'desc' }}
        load={loadLog}
        query={query}
        exportPath={`${ERROR_LOG_PATH}/Search/Export`}
        rowKey="asp_error_log_ID"
      />
    </>
  );
}

function FilteredTab() {
  const [form, setForm] = useState(defaultErrorWindow);
  const [query, setQuery] = useState(() => ({ ...form }));
  const errors = dateRangeErrors(form);
  const invalid = Object.keys(errors).length > 0;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start" data-testid="filtered-form">
          <DateInput label="Start Date" testId="filtered-start-date" value={form.start_date} error={errors.start_date} onChange={(v) => setForm((f) => ({ ...f, start_date: v }))} />
          <DateInput label="End Date" testId="filtered-end-date" value={form.end_date} error={errors.end_date} onChange={(v) => setForm((f) => ({ ...f, end_date: v }))} />
          <GuardedButton variant="contained" disabled={invalid} onClick={() => setQuery({ ...form })} data-testid="filtered-search">
            Search
          </GuardedButton>
        </Stack>
      </Paper>
      <DataGrid
        id="errorFilters"
        settingsKey="aspErrorFilteredList"
        columns={FILTERED_COLUMNS}
        load={loadFiltered}
        query={query}
        exportPath={`${ERROR_LOG_PATH}/Filtered/Search/Export`}
        rowKey="asp_error_log_filter_id"
      />
    </>
  );
}

export function ErrorLog() {
  const [tab, setTab] = useState(0);
  const [filteredVisited, setFilteredVisited] = useState(false);
  return (
    <Box sx={{ p: 2 }} data-testid="error-log">
      <PageBanner title="ASP Error Log" category={DEVOPS_TRAINING} />
      <Tabs
        value={tab}
        onChange={(_, v) => {
          setTab(v);
          if (v === 1) setFilteredVisited(true);
        }}
        sx={{ mb: 2 }}
      >
        <Tab label="Log" data-testid="error-tab-log" />
        <Tab label="Filtered List" data-testid="error-tab-filtered" />
      </Tabs>
      {/* Tabs stay mounted once opened so each keeps its search while the user switches. */}
      <Box hidden={tab !== 0} data-testid="error-panel-log">
        <LogTab />
      </Box>
      <Box hidden={tab !== 1} data-testid="error-panel-filtered">
        {filteredVisited && <FilteredTab />}
      </Box>
    </Box>
  );
}
