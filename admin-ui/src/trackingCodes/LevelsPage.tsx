// Tracking Levels (`/trackingcode/levels`): the current site's four levels, each saved on its own
// (TrackingLevelAdmin). The menu names the tracking code screens by these descriptions.
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Box, Button, Checkbox, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { PageTitle, useHasPermission } from '../ui';
import { fieldErrorsOf, LoadState } from '../ui';
import { useTrackingLevels } from './useLevels';
import { TIMINGS, TRACKING_LEVEL_ADMIN, type TrackingLevel } from './trackingCodes';

const FLAGS = [
  ['isActive', 'Active'],
  ['isRequired', 'Required'],
  ['canFreeForm', 'Free form'],
  ['enableItemRestrictions', 'Item restrictions'],
  ['employee_default_required', 'Employee default required'],
  ['send_to_cribmaster', 'Send to crib master'],
] as const;

function LevelRow({ level, canEdit, onSaved }: { level: TrackingLevel; canEdit: boolean; onSaved: () => void }) {
  const [form, setForm] = useState<TrackingLevel>(level);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setForm(level), [level]);
  const n = level.trackingLevelID;
  const save = async () => {
    try {
      await callApi('put', '/V1/TrackingCode/TrackingLevel/Update', { body: { ...form, site_id: level.site_id }, local400: true });
      setError(null);
      notify(`Level ${n} saved.`, 'success');
      onSaved();
    } catch (e) {
      const { fields, form: f } = fieldErrorsOf(e);
      setError([...Object.values(fields), f].filter(Boolean).join(' '));
    }
  };
  return (
    <TableRow data-testid={`tracking-level-row-${n}`}>
      <TableCell>{n}</TableCell>
      <TableCell>
        <TextField
          size="small"
          value={form.description}
          disabled={!canEdit}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
          error={Boolean(error)}
          helperText={error}
          inputProps={{ 'data-testid': `tracking-level-description-${n}` }}
        />
      </TableCell>
      {FLAGS.map(([key]) => (
        <TableCell key={key}>
          <Checkbox
            checked={Boolean(form[key])}
            disabled={!canEdit}
            onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))}
            slotProps={{ input: { 'data-testid': `tracking-level-${key}-${n}` } as InputHTMLAttributes<HTMLInputElement> }}
          />
        </TableCell>
      ))}
      <TableCell>
        <TextField select size="small" value={String(form.trackingTiming)} disabled={!canEdit} onChange={(e) => setForm((f) => ({ ...f, trackingTiming: Number(e.target.value) }))}>
          {TIMINGS.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        {canEdit && (
          <Button variant="contained" size="small" onClick={() => void save()} data-testid={`tracking-level-save-${n}`}>
            Save
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

export function LevelsPage() {
  const { levels, reload } = useTrackingLevels();
  const canEdit = useHasPermission(TRACKING_LEVEL_ADMIN);
  return (
    <Box sx={{ p: 2 }} data-testid="tracking-levels-page">
      <PageTitle title="Tracking Levels" />
      <LoadState loading={!levels} error={null} what="tracking levels">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Level</TableCell>
              <TableCell>Description</TableCell>
              {FLAGS.map(([key, label]) => (
                <TableCell key={key}>{label}</TableCell>
              ))}
              <TableCell>Asked</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(levels ?? []).map((l) => (
              <LevelRow key={l.trackingLevelID} level={l} canEdit={canEdit} onSaved={reload} />
            ))}
          </TableBody>
        </Table>
      </LoadState>
    </Box>
  );
}
