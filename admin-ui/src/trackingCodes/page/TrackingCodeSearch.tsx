// The codes of one tracking level at the current site (`/trackingcode/trackingCodeSearch/{level}`), with Add Code
// for TrackingCodeEdit holders.
import { useState } from 'react';
import { Box, Button, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { LoadState, PageTitle, RouteLink, formatYesNo, useHasPermission, useLoad } from '../../ui';
import { useLevelName } from '../useLevels';
import { TRACKING_CODE_EDIT, detailRoute } from '../trackingCodes';
import { EditDialog } from './dialogs';
import { money } from './parts';

export function TrackingCodeSearch({ level }: { level: number }) {
  const name = useLevelName(level);
  const canEdit = useHasPermission(TRACKING_CODE_EDIT);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState('true');
  const [query, setQuery] = useState<{ text: string; active: string }>({ text: '', active: 'true' });
  const [adding, setAdding] = useState(false);
  const loaded = useLoad(
    (signal) =>
      callApi('post', '/V1/TrackingCode/TrackingCodesBySearch', {
        body: { trackingLevelID: level, pageSize: 100, text: query.text || null, isActive: query.active === '' ? null : query.active === 'true' },
        signal,
      }),
    [level, query],
  );
  return (
    <Box sx={{ p: 2 }} data-testid="tracking-search-page" data-level={level}>
      <PageTitle title={`Tracking Codes: ${name}`}>
        {canEdit && (
          <Button variant="contained" onClick={() => setAdding(true)} data-testid="tracking-add">
            Add Code
          </Button>
        )}
      </PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); setQuery({ text, active }); }}>
          <TextField size="small" label="Number or description" value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'tracking-search-text' } }} />
          <TextField size="small" select label="Active" value={active} onChange={(e) => setActive(e.target.value)} sx={{ minWidth: 120 }} slotProps={{ select: { inputProps: { 'data-testid': 'tracking-search-active' } } }}>
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="true">Active</MenuItem>
            <MenuItem value="false">Inactive</MenuItem>
          </TextField>
          <Button type="submit" variant="contained" data-testid="tracking-search-button">
            Search
          </Button>
        </Stack>
      </Paper>
      <LoadState loading={loaded.loading} error={loaded.error} what="tracking code list">
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="tracking-total">
          {loaded.data?.totalCount ?? 0} codes
        </Typography>
        <Table size="small" data-testid="tracking-codes">
          <TableHead>
            <TableRow>
              {['Number', 'Description', 'Group', 'Daily', 'Weekly', 'Monthly', 'Yearly', 'Supervisor', 'Active', 'Suspended'].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(loaded.data?.resultList ?? []).map((c) => (
              <TableRow key={c.trackingCodeId} data-testid="tracking-row" data-number={c.trackingNumber}>
                <TableCell>
                  <RouteLink to={detailRoute(level, c.trackingCodeId)} data-testid={`tracking-link-${c.trackingNumber}`}>
                    {c.trackingNumber}
                  </RouteLink>
                </TableCell>
                <TableCell>{c.description}</TableCell>
                <TableCell>{c.trackingCodeGroup}</TableCell>
                <TableCell>{money(c.limitDaily)}</TableCell>
                <TableCell>{money(c.limitWeekly)}</TableCell>
                <TableCell>{money(c.limitMonthly)}</TableCell>
                <TableCell>{money(c.limitYearly)}</TableCell>
                <TableCell>{c.supervisorName}</TableCell>
                <TableCell>{formatYesNo(c.isActive)}</TableCell>
                <TableCell>{formatYesNo(c.isSuspended)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </LoadState>
      {adding && <EditDialog level={level} code={null} onClose={() => setAdding(false)} onSaved={(c) => navigate(detailRoute(level, c.trackingCodeId))} />}
    </Box>
  );
}

