import { useEffect, useMemo, useState } from 'react';
import { Box, Paper, Stack } from '@mui/material';
import { api } from '../../shared/api';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { SETTING_SAVED } from '../../grid/settings';
import { dateRangeErrors } from '../errors/errors';
import { DateInput, PageBanner, RouteLink, TextInput, DEVOPS_TRAINING } from '../common';
import {
  DBTOOLS_PATH,
  DEFAULTS_SETTING_KEY,
  ENVIRONMENTS,
  SEARCH_STATE_KEY,
  databaseOfEnvironment,
  defaultDbSearch,
  historyRoute,
  objectLabel,
  viewRoute,
} from './dbtools';

export const DBTOOLS_COLUMNS = [
  {
    field: 'object_name',
    header: 'Object Name',
    render: (row) => (
      <RouteLink to={viewRoute(row, 1, row.objectAuditLog_ID)} data-testid="dbtools-object-link">
        {objectLabel(row)}
      </RouteLink>
    ),
  },
  { field: 'friendly_name', header: 'User Name' },
  { field: 'last_modified_date', header: 'Last Modified Date', kind: 'datetime' },
  {
    field: 'history',
    header: 'History',
    configurable: false,
    position: 'end',
    action: true,
    render: (row) => (
      <RouteLink to={historyRoute(row)} data-testid="dbtools-history-link">
        History
      </RouteLink>
    ),
  },
];

const load = (request) => api.post(`${DBTOOLS_PATH}/GetChangedObjects`, request);

function readState() {
  try {
    return JSON.parse(sessionStorage.getItem(SEARCH_STATE_KEY) || 'null');
  } catch {
    return null;
  }
}

export function buildDbQuery(form, environments) {
  return {
    startDate: form.startDate,
    endDate: form.endDate,
    object_name: form.object_name?.trim() || null,
    network_name: form.network_name || null,
    environment_name: form.environment_name,
    database_name: databaseOfEnvironment(form.environment_name, environments),
    schema_name: null,
  };
}

export function DbToolsSearch() {
  const stored = useMemo(readState, []);
  const [form, setForm] = useState(() => stored?.form || defaultDbSearch());
  const [query, setQuery] = useState(() => stored?.query || null);
  const [gridState, setGridState] = useState(() => stored?.grid);
  const [environments, setEnvironments] = useState([]);
  const [users, setUsers] = useState([]);
  const [savedDefaults, setSavedDefaults] = useState({});
  const errors = dateRangeErrors({ start_date: form.startDate, end_date: form.endDate });
  const invalid = Object.keys(errors).length > 0;
  const set = (patch) => setForm((f) => ({ ...f, ...patch }));

  useEffect(() => {
    api
      .get(`${DBTOOLS_PATH}/Environments`, { quiet: true })
      .then((list) => setEnvironments(Array.isArray(list) ? list : []))
      .catch(() => undefined);
    api
      .get(`/api/V1/Presentation/UserSetting?key=${encodeURIComponent(DEFAULTS_SETTING_KEY)}`, { quiet: true })
      .then((setting) => {
        const defaults = JSON.parse(setting?.setting_value || '{}') || {};
        setSavedDefaults(defaults);
        if (!stored) setForm(defaultDbSearch(new Date(), defaults));
      })
      .catch(() => undefined);
  }, [stored]);

  useEffect(() => {
    let live = true;
    api
      .get(`${DBTOOLS_PATH}/GetUserNames/${encodeURIComponent(form.environment_name)}`, { quiet: true })
      .then((list) => live && setUsers(Array.isArray(list) ? list : []))
      .catch(() => live && setUsers([]));
    return () => {
      live = false;
    };
  }, [form.environment_name]);

  // Kept for 'Return to Database Tools' within the session.
  useEffect(() => {
    if (query) sessionStorage.setItem(SEARCH_STATE_KEY, JSON.stringify({ form, query, grid: gridState }));
  }, [form, query, gridState]);

  const search = () => setQuery(buildDbQuery(form, environments));
  const clear = () => {
    sessionStorage.removeItem(SEARCH_STATE_KEY);
    setForm(defaultDbSearch(new Date(), savedDefaults));
    setQuery(null);
  };
  const saveDefaults = async () => {
    const defaults = { environment_name: form.environment_name, object_name: form.object_name, network_name: form.network_name };
    try {
      await api.post('/api/V1/Presentation/UpdateUserSetting', {
        setting_key: DEFAULTS_SETTING_KEY,
        setting_value: JSON.stringify(defaults),
      });
      setSavedDefaults(defaults);
      notify(SETTING_SAVED, 'success');
    } catch {
      // shown by the http client
    }
  };

  const userOptions = [
    { value: '', label: 'All' },
    ...users.map((u) => ({ value: u.network_name, label: u.friendly_name || u.network_name })),
  ];

  return (
    <Box sx={{ p: 2 }} data-testid="dbtools-search">
      <PageBanner title="Database Tools" category={DEVOPS_TRAINING} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }} useFlexGap>
          <SelectField
            testId="dbtools-environment"
            label="Environment"
            value={form.environment_name}
            onChange={(v) => set({ environment_name: v, network_name: '' })}
            options={ENVIRONMENTS.map((e) => ({ value: e.value, label: e.label }))}
            sx={{ minWidth: 140 }}
          />
          <TextInput label="Object Name" testId="dbtools-object-name" value={form.object_name} onChange={(v) => set({ object_name: v })} />
          <SelectField
            testId="dbtools-user"
            label="User"
            value={userOptions.some((o) => o.value === form.network_name) ? form.network_name : ''}
            onChange={(v) => set({ network_name: v })}
            options={userOptions}
            sx={{ minWidth: 200 }}
          />
          <DateInput label="Start Date" testId="dbtools-start-date" value={form.startDate} error={errors.start_date} onChange={(v) => set({ startDate: v })} />
          <DateInput label="End Date" testId="dbtools-end-date" value={form.endDate} error={errors.end_date} onChange={(v) => set({ endDate: v })} />
          <Stack direction="row" spacing={1}>
            <GuardedButton variant="contained" onClick={search} disabled={invalid} data-testid="dbtools-search-button">
              Search
            </GuardedButton>
            <GuardedButton variant="outlined" onClick={clear} data-testid="dbtools-clear">
              Clear
            </GuardedButton>
            <GuardedButton variant="text" onClick={saveDefaults} data-testid="dbtools-save-defaults">
              Save Defaults
            </GuardedButton>
          </Stack>
        </Stack>
      </Paper>
      <DataGrid
        id="dbtools"
        settingsKey="dbtoolsSearch"
        columns={DBTOOLS_COLUMNS}
        defaultSort={{ field: 'last_modified_date', direction: 'desc' }}
        load={load}
        query={query}
        initialState={gridState}
        onStateChange={setGridState}
        rowKey={(row, i) => row.objectAuditLog_ID ?? `${row.schema_name}.${row.object_name}.${i}`}
      />
    </Box>
  );
}
