// The tabs of a record page, alike on every page; the open tab is kept in the address (?tab=) so a link, a reload
// or 'Back' returns to it.
import { useState, type ReactNode } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router';

export interface RecordTab {
  /** The tab's key in the address: `?tab=<key>`; on the tab: data-testid `<id>-tab-<key>`. */
  key: string;
  label: string;
  /** Rendered only while the tab is open. */
  content: ReactNode;
  /** Left out (the user may not see it, the record has none). */
  hidden?: boolean;
}

export interface RecordTabsProps {
  tabs: readonly RecordTab[];
  /** Test id prefix: `<id>-tabs`, `<id>-tab-<key>`, `<id>-panel-<key>`. */
  id?: string;
  /** The address parameter holding the open tab ('tab'); null keeps it out of the address (a tab set in a dialog). */
  param?: string | null;
  /** A controlled tab instead of the address's. */
  value?: string;
  onChange?: (key: string) => void;
}

/** The tab to show: the one asked for when it is offered, else the first offered. */
export function openTab(tabs: readonly RecordTab[], asked: string | null | undefined): string | undefined {
  const shown = tabs.filter((t) => !t.hidden);
  return (shown.find((t) => t.key === asked) ?? shown[0])?.key;
}

/** `<RecordTabs id="vendor" tabs={[{ key: 'general', label: 'General', content: <General /> }, ...]} />` */
export function RecordTabs({ tabs, id = 'record', param = 'tab', value, onChange }: RecordTabsProps) {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<string | null>(null);
  const asked = value ?? (param ? params.get(param) : local);
  const current = openTab(tabs, asked);
  const choose = (key: string) => {
    onChange?.(key);
    if (value !== undefined) return;
    if (!param) setLocal(key);
    else {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(param, key);
          return next;
        },
        { replace: true },
      );
    }
  };
  const shown = tabs.filter((t) => !t.hidden);
  const open = shown.find((t) => t.key === current);
  return (
    <Box data-testid={`${id}-tabs`}>
      <Tabs
        value={current ?? false}
        onChange={(_, key: string) => choose(key)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {shown.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} data-testid={`${id}-tab-${t.key}`} />
        ))}
      </Tabs>
      {open && (
        <Box role="tabpanel" data-testid={`${id}-panel-${open.key}`}>
          {open.content}
        </Box>
      )}
    </Box>
  );
}
