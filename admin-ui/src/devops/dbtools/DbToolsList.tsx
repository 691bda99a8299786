import { useEffect, useState } from 'react';
import { Box, Paper, Stack } from '@mui/material';
import { useGetList, useListContext } from 'react-admin';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { GridList, type GridListState } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { SETTING_SAVED } from '../../grid/settings';
import { useRunSearch } from '../../grid/useRunSearch';
import type { GridColumn } from '../../grid/types';
import type { WithId } from '../../dataProvider/search';
import { toGridSort } from '../../grid/pager';
import { dateRangeErrors } from '../errorLog/errors';
import { userContextStore } from '../../lib/userContext';
import { withSetting } from '../../profile/profile';
import { useUserContext } from '../../shell/UserContextProvider';
import { DEVOPS_TRAINING, DateInput, PageTitle, RouteLink, TextInput } from '../../ui';
import {
  DEFAULTS_SETTING_KEY,
  ENVIRONMENTS,
  SEARCH_STATE_KEY,
  buildDbQuery,
  defaultDbSearch,
  savedDbDefaults,
  historyRoute,
  objectLabel,
  viewRoute,
  type DbEnvironment,
  type DbObjectRow,
  type DbSearchDefaults,
  type DbSearchForm,
  type DbUser,
} from './dbtools';

export type DbObjectRecord = WithId<DbObjectRow>;

export const DBTOOLS_COLUMNS: GridColumn<DbObjectRecord>[] = [
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

/** What 'Return to Database Tools' comes back to within the session: the form, the search and the list state. */
interface StoredSearch {
  form: DbSearchForm;
  query: Record<string, unknown>;
  grid: GridListState;
}

function readState(): StoredSearch | null {
  try {
    return JSON.parse(sessionStorage.getItem(SEARCH_STATE_KEY) || 'null') as StoredSearch | null;
  } catch {
    return null;
  }
}

const NO_ENVIRONMENTS: DbEnvironment[] = [];
const NO_USERS: DbUser[] = [];
// Look-ups: a failure leaves the drop-downs short, without a toast.
const quiet = { quiet: true };

function DbSearchForm({ stored, searched, onSearched }: { stored: StoredSearch | null; searched: boolean; onSearched: (searched: boolean) => void }) {
  const [form, setForm] = useState<DbSearchForm>(() => stored?.form || defaultDbSearch(new Date(), savedDbDefaults(userContextStore.getState().context?.aspUserSettings)));
  // The saved defaults come with the user context (all of the user's settings): asking the API for this one setting
  // answered 404 (a console error) for a user who never saved defaults.
  const { context, setContext } = useUserContext();
  const [savedDefaults, setSavedDefaults] = useState<DbSearchDefaults>(() => savedDbDefaults(context?.aspUserSettings));
  const { filterValues, page, perPage, sort, setFilters } = useListContext<DbObjectRecord>();
  const search = useRunSearch(() => onSearched(true));
  const { data: environments = NO_ENVIRONMENTS } = useGetList<WithId<DbEnvironment>>('dbEnvironments', { meta: quiet });
  const { data: users = NO_USERS, error: usersFailed } = useGetList<WithId<DbUser>>('dbUsers', {
    filter: { environment_name: form.environment_name },
    meta: quiet,
  });
  const errors = dateRangeErrors({ start_date: form.startDate, end_date: form.endDate });
  const invalid = Object.keys(errors).length > 0;
  const set = (patch: Partial<DbSearchForm>) => setForm((f) => ({ ...f, ...patch }));


  // Kept for 'Return to Database Tools' within the session.
  useEffect(() => {
    if (!searched) return;
    const state: StoredSearch = { form, query: filterValues, grid: { page, pageSize: perPage, sort: toGridSort(sort) } };
    sessionStorage.setItem(SEARCH_STATE_KEY, JSON.stringify(state)); // conventions-ok: kept in session storage, not shown
  }, [searched, form, filterValues, page, perPage, sort]);

  const runSearch = () => {
    search(buildDbQuery(form, environments));
  };
  const clear = () => {
    sessionStorage.removeItem(SEARCH_STATE_KEY);
    setForm(defaultDbSearch(new Date(), savedDefaults));
    setFilters({}, undefined, false);
    onSearched(false);
  };
  const saveDefaults = async () => {
    const defaults = { environment_name: form.environment_name, object_name: form.object_name, network_name: form.network_name };
    try {
      const saved = await callApi('post', '/V1/Presentation/UpdateUserSetting', {
        body: { setting_key: DEFAULTS_SETTING_KEY, setting_value: JSON.stringify(defaults) }, // conventions-ok: a stored setting, not shown
      });
      setSavedDefaults(defaults);
      if (context) setContext(withSetting(context, saved));
      notify(SETTING_SAVED, 'success');
    } catch {
      // shown by the http client
    }
  };

  const userOptions = [
    { value: '', label: 'All' },
    ...(usersFailed ? NO_USERS : users).map((u) => ({ value: u.network_name, label: u.friendly_name || u.network_name })),
  ];

  return (
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
        <DateInput label="Start Date" testId="dbtools-start-date" value={form.startDate} error={errors.start_date} onChange={(v) => set({ startDate: v ?? '' })} />
        <DateInput label="End Date" testId="dbtools-end-date" value={form.endDate} error={errors.end_date} onChange={(v) => set({ endDate: v ?? '' })} />
        <Stack direction="row" spacing={1}>
          <GuardedButton variant="contained" onClick={runSearch} disabled={invalid} data-testid="dbtools-search-button">
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
  );
}

/** Database Tools: the dbtools resource (changed objects), searched on demand; the search is kept for the session. */
export function DbToolsList() {
  const [stored] = useState(readState);
  const [searched, setSearched] = useState(() => Boolean(stored?.query));
  return (
    <Box sx={{ p: 2 }} data-testid="dbtools-search">
      <PageTitle title="Database Tools" category={DEVOPS_TRAINING} />
      <GridList
        resource="dbtools"
        settingsKey="dbtoolsSearch"
        columns={DBTOOLS_COLUMNS}
        defaultSort={{ field: 'last_modified_date', direction: 'desc' }}
        enabled={searched}
        initialState={stored ? { ...stored.grid, filter: stored.query } : undefined}
      >
        <DbSearchForm stored={stored} searched={searched} onSearched={setSearched} />
        <DataGrid id="dbtools" />
      </GridList>
    </Box>
  );
}
