import { useEffect, useState } from 'react';
import { Alert, Box, Collapse, IconButton, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import { notify } from '../shared/events';
import { sortDirectionNotice } from './columns';
import { PAGE_SIZES } from './pager';
import { GuardedButton } from './GuardedButton';
import type { GridColumn, GridConfig, SortDirection } from './types';
import { SelectField, type SelectOption } from './SelectField';
import { SETTING_CLEARED, SETTING_SAVED, clearGridSettings, saveGridSettings } from './settings';

function move(list: string[], index: number, delta: number): string[] {
  const next = [...list];
  const target = index + delta;
  if (target < 0 || target >= next.length) return list;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * The page-configuration panel of a grid (slides open in 0.2 s): displayed and available columns, page length and
 * default sort, saved to (or cleared from) the user's settings.
 */
export interface ColumnConfigPanelProps {
  id: string;
  open: boolean;
  settingsKey: string;
  /** The configurable columns. */
  columns: readonly GridColumn<never>[];
  config: GridConfig;
  sortOptions: SelectOption<string>[];
  pageSizes?: readonly number[];
  onSaved: (saved: GridConfig) => void;
  onCleared: () => void;
}

export function ColumnConfigPanel({ id, open, settingsKey, columns, config, sortOptions, pageSizes = PAGE_SIZES, onSaved, onCleared }: ColumnConfigPanelProps) {
  const [draft, setDraft] = useState(config);
  useEffect(() => {
    if (open) setDraft(config);
  }, [open, config]);
  const header = (field: string) => columns.find((c) => c.field === field)?.header || field;
  const notice = sortDirectionNotice(draft.defaultSortField, draft.defaultSortDirection);

  const set = (patch: Partial<GridConfig>) => setDraft((d) => ({ ...d, ...patch }));
  const show = (field: string) => set({ displayed: [...draft.displayed, field], available: draft.available.filter((f) => f !== field) });
  const hide = (field: string) => set({ available: [...draft.available, field], displayed: draft.displayed.filter((f) => f !== field) });

  const chooseDirection = (direction: SortDirection | '') => {
    set({ defaultSortDirection: direction || null });
    const text = sortDirectionNotice(draft.defaultSortField, direction);
    if (text) notify(text, 'info');
  };

  const save = async () => {
    try {
      await saveGridSettings(settingsKey, draft);
      notify(SETTING_SAVED, 'success');
      onSaved(draft);
    } catch {
      // the http client has shown the error
    }
  };
  const clear = async () => {
    try {
      await clearGridSettings(settingsKey);
      notify(SETTING_CLEARED, 'success');
      onCleared();
    } catch {
      // shown by the http client
    }
  };

  return (
    <Collapse in={open} timeout={200} unmountOnExit>
      <Paper variant="outlined" sx={{ p: 2, my: 1 }} data-testid={`${id}-config-panel`}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle2">Displayed Columns</Typography>
            <List dense data-testid={`${id}-config-displayed`}>
              {draft.displayed.map((field, i) => (
                <ListItem
                  key={field}
                  data-testid={`${id}-config-col-${field}`}
                  secondaryAction={
                    <>
                      <IconButton size="small" aria-label="Move up" disabled={i === 0} onClick={() => set({ displayed: move(draft.displayed, i, -1) })}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton size="small" aria-label="Move down" disabled={i === draft.displayed.length - 1} onClick={() => set({ displayed: move(draft.displayed, i, 1) })}>
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton size="small" aria-label="Hide column" onClick={() => hide(field)} data-testid={`${id}-config-hide-${field}`}>
                        <RemoveIcon fontSize="small" />
                      </IconButton>
                    </>
                  }
                >
                  <ListItemText primary={header(field)} />
                </ListItem>
              ))}
            </List>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle2">Available Columns</Typography>
            <List dense data-testid={`${id}-config-available`}>
              {draft.available.length === 0 && (
                <ListItem>
                  <ListItemText secondary="All columns are displayed." />
                </ListItem>
              )}
              {draft.available.map((field) => (
                <ListItem
                  key={field}
                  data-testid={`${id}-config-col-${field}`}
                  secondaryAction={
                    <IconButton size="small" aria-label="Show column" onClick={() => show(field)} data-testid={`${id}-config-show-${field}`}>
                      <AddIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText primary={header(field)} />
                </ListItem>
              ))}
            </List>
          </Box>
          <Stack spacing={2} sx={{ flex: 1, pt: 1 }}>
            <SelectField<number | ''>
              testId={`${id}-config-page-length`}
              label="Page Length"
              value={draft.pageLength ?? ''}
              onChange={(v) => set({ pageLength: v === '' ? null : Number(v) })}
              options={[{ value: '', label: 'Default' }, ...pageSizes.map((s) => ({ value: s, label: String(s) }))]}
            />
            <SelectField
              testId={`${id}-config-sort-field`}
              label="Default Sort Field"
              value={draft.defaultSortField ?? ''}
              onChange={(v) => set({ defaultSortField: v || null })}
              options={[{ value: '', label: 'None' }, ...sortOptions]}
            />
            <SelectField<SortDirection | ''>
              testId={`${id}-config-sort-direction`}
              label="Default Sort Direction"
              value={draft.defaultSortDirection ?? ''}
              onChange={chooseDirection}
              options={[
                { value: '', label: 'None' },
                { value: 'asc', label: 'Ascending' },
                { value: 'desc', label: 'Descending' },
              ]}
            />
            {notice && (
              <Alert severity="info" data-testid={`${id}-config-notice`}>
                {notice}
              </Alert>
            )}
            <Stack direction="row" spacing={1}>
              <GuardedButton variant="contained" onClick={save} data-testid={`${id}-config-save`}>
                Save
              </GuardedButton>
              <GuardedButton variant="outlined" onClick={clear} data-testid={`${id}-config-clear`}>
                Clear
              </GuardedButton>
            </Stack>
          </Stack>
        </Stack>
      </Paper>
    </Collapse>
  );
}
