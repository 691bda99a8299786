import { useState } from 'react';
import { Box, Button, Paper, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { useRunSearch } from '../../grid/useRunSearch';
import type { GridColumn } from '../../grid/types';
import { PageTitle, RouteLink, TextInput, useHasPermission } from '../../ui';
import { CRIB_DEVICE_ADMIN } from '../common';
import { useLoad } from '../../ui';
import { StationDialog } from './StationDialog';
import { stationRoute, type StationFilter, type StationRecord, type StationType } from './stations';

const COLUMNS: GridColumn<StationRecord>[] = [
  {
    field: 'station_code',
    header: 'Station',
    configurable: false,
    render: (row) => (
      <RouteLink to={stationRoute(row.station_id)} data-testid={`station-link-${row.station_id}`}>
        {row.station_code}
      </RouteLink>
    ),
  },
  { field: 'description', header: 'Description', truncate: true },
  { field: 'station_type_name', header: 'Type', sortField: 'station_type' },
  { field: 'location', header: 'Location' },
  { field: 'serial_no', header: 'Serial Number', sortable: false },
  { field: 'is_active', header: 'Active', kind: 'boolean' },
  { field: 'bin_count', header: 'Bins', kind: 'number' },
  { field: 'used_bin_count', header: 'Bins Used', kind: 'number', sortable: false },
  { field: 'updated_at', header: 'Updated', kind: 'datetime', defaultDisplayed: false, sortable: false },
];

const ACTIVE_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function useStationTypes(): readonly StationType[] {
  return useLoad((signal) => callApi('get', '/V1/Crib/Station/Types', { signal, quiet: true }), []).data ?? [];
}

function StationSearchForm({ types }: { types: readonly StationType[] }) {
  const [form, setForm] = useState<StationFilter>({ station_type: '', is_active: 'true', text: null });
  const search = useRunSearch();
  const set = (patch: Partial<StationFilter>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }} useFlexGap component="form" onSubmit={(e) => { e.preventDefault(); search({ ...form }); }}>
        <TextInput label="Code or description" testId="station-search-text" value={form.text} onChange={(v) => set({ text: v })} />
        <SelectField
          testId="station-search-type"
          label="Type"
          value={String(form.station_type ?? '')}
          options={[{ value: '', label: 'Any' }, ...types.map((t) => ({ value: String(t.station_type), label: t.name }))]}
          onChange={(v) => set({ station_type: v })}
        />
        <SelectField testId="station-search-active" label="Active" value={String(form.is_active ?? '')} options={ACTIVE_OPTIONS} onChange={(v) => set({ is_active: v })} />
        <GuardedButton type="submit" variant="contained" data-testid="station-search-button">
          Search
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** Crib Stations (`/item/stations`): the current site's storage and dispensing equipment. */
export function StationList() {
  const canEdit = useHasPermission(CRIB_DEVICE_ADMIN);
  const types = useStationTypes();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <Box sx={{ p: 2 }} data-testid="stations-page">
      <PageTitle title="Crib Stations">
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="station-add">
            Add Station
          </Button>
        )}
      </PageTitle>
      <GridList
        resource="stations"
        settingsKey="cribStations"
        columns={COLUMNS}
        defaultSort={{ field: 'station_code', direction: 'asc' }}
        filterDefaultValues={{ station_type: '', is_active: 'true', text: null }}
      >
        <StationSearchForm types={types} />
        <DataGrid id="stations" />
      </GridList>
      {adding && <StationDialog station={null} types={types} onClose={() => setAdding(false)} onSaved={(s) => navigate(stationRoute(s.station_id))} />}
    </Box>
  );
}
