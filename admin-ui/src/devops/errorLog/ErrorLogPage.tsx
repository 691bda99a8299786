import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { DEVOPS_TRAINING, PageTitle } from '../../ui';
import { ErrorFilterList } from '../errorFilters/ErrorFilterList';
import { ErrorLogList } from './ErrorLogList';

/** /devops/errorList: the Log (errorLog resource) and Filtered List (errorFilters resource) tabs. */
export function ErrorLogPage() {
  const [tab, setTab] = useState(0);
  const [filteredVisited, setFilteredVisited] = useState(false);
  return (
    <Box sx={{ p: 2 }} data-testid="error-log">
      <PageTitle title="ASP Error Log" category={DEVOPS_TRAINING} />
      <Tabs
        value={tab}
        onChange={(_, v: number) => {
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
        <ErrorLogList />
      </Box>
      <Box hidden={tab !== 1} data-testid="error-panel-filtered">
        {filteredVisited && <ErrorFilterList />}
      </Box>
    </Box>
  );
}
