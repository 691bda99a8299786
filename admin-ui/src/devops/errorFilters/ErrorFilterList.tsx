import { useState } from 'react';
import { Paper, Stack } from '@mui/material';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import { GuardedButton } from '../../grid/GuardedButton';
import { useRunSearch } from '../../grid/useRunSearch';
import { DateInput } from '../../ui';
import { FILTERED_COLUMNS, dateRangeErrors, defaultErrorWindow, type DateWindow } from '../errorLog/errors';

function FilteredSearchForm({ initial }: { initial: DateWindow }) {
  const [form, setForm] = useState(initial);
  const search = useRunSearch();
  const errors = dateRangeErrors(form);
  const invalid = Object.keys(errors).length > 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start" data-testid="filtered-form">
        <DateInput
          label="Start Date"
          testId="filtered-start-date"
          value={form.start_date}
          error={errors.start_date}
          onChange={(v) => setForm((f) => ({ ...f, start_date: v ?? '' }))}
        />
        <DateInput
          label="End Date"
          testId="filtered-end-date"
          value={form.end_date}
          error={errors.end_date}
          onChange={(v) => setForm((f) => ({ ...f, end_date: v ?? '' }))}
        />
        <GuardedButton variant="contained" disabled={invalid} onClick={() => search({ ...form })} data-testid="filtered-search">
          Search
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

/** The Filtered List tab: the errorFilters resource over a date window (the API's default order). */
export function ErrorFilterList() {
  const [initial] = useState(() => defaultErrorWindow());
  return (
    <GridList resource="errorFilters" settingsKey="aspErrorFilteredList" columns={FILTERED_COLUMNS} filterDefaultValues={initial}>
      <FilteredSearchForm initial={initial} />
      <DataGrid id="errorFilters" exportable />
    </GridList>
  );
}
