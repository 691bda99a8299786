import { useState, type ReactNode } from 'react';
import { Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { useSearchParams } from 'react-router';
import { callApi } from '../../shared/api';
import { PageTitle, RouteLink, useHasPermission } from '../../ui';
import { CIP_SUMMARY_VIEW, ITEM_IMAGE_VIEW, ITEM_SEARCH_ROUTE, statusName } from '../common';
import { LoadState, useLoad } from '../../ui';
import { CipSummaryDialog } from '../popups/CipSummaryDialog';
import { ItemImagesDialog } from '../popups/ItemImagesDialog';
import { GeneralTab } from './tabs/GeneralTab';
import { QuantitiesTab } from './tabs/QuantitiesTab';
import { UsageTab } from './tabs/UsageTab';
import { LocationsTab } from './tabs/LocationsTab';
import { ReplenishmentTab } from './tabs/ReplenishmentTab';
import { CustomFieldsTab } from './tabs/CustomFieldsTab';
import { FilesTab } from './tabs/FilesTab';
import { HistoryTab } from './tabs/HistoryTab';

export const ITEM_TABS = [
  { key: 'general', label: 'General' },
  { key: 'quantities', label: 'Quantities' },
  { key: 'usage', label: 'Usage' },
  { key: 'locations', label: 'Locations' },
  { key: 'replenishment', label: 'Replenishment' },
  { key: 'custom', label: 'Custom Fields' },
  { key: 'files', label: 'Files' },
  { key: 'history', label: 'History' },
] as const;
export type ItemTabKey = (typeof ITEM_TABS)[number]['key'];

const tabOf = (value: string | null): ItemTabKey => ITEM_TABS.find((t) => t.key === value)?.key ?? 'general';

/** The item page once the guard let it open: a header with the pop-up buttons and one tab per part of the item. */
export function ItemDetail({ cidNo, cipNo, onChanged }: { cidNo: number; cipNo: number; onChanged: () => void }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [visited, setVisited] = useState<Set<ItemTabKey>>(() => new Set([tab]));
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [imagesOpen, setImagesOpen] = useState(false);
  const canSummary = useHasPermission(CIP_SUMMARY_VIEW);
  const canImages = useHasPermission(ITEM_IMAGE_VIEW);
  const common = useLoad((signal) => callApi('get', '/V1/Item/CIP/Common/{id}', { path: { id: cipNo }, signal, quiet: true }), [cipNo]);
  const cip = common.data?.cip;

  const select = (key: ItemTabKey) => {
    setVisited((v) => new Set(v).add(key));
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };
  const reloadAll = () => {
    common.reload();
    onChanged();
  };
  const panel = (key: ItemTabKey, content: ReactNode) =>
    // Tabs stay mounted once opened, so switching back does not load them again.
    visited.has(key) || tab === key ? (
      <Box hidden={tab !== key} data-testid={`item-panel-${key}`} role="tabpanel">
        {content}
      </Box>
    ) : null;

  return (
    <Box sx={{ p: 2 }} data-testid="item-page" data-cip-no={cipNo} data-cid-no={cidNo}>
      <PageTitle title={cip ? `Item ${cip.cip_code}` : 'Item'}>
        {canSummary && (
          <Button size="small" variant="outlined" startIcon={<InfoOutlinedIcon />} onClick={() => setSummaryOpen(true)} data-testid="item-summary-open">
            CIP Summary
          </Button>
        )}
        {canImages && (
          <Button size="small" variant="outlined" startIcon={<PhotoLibraryIcon />} onClick={() => setImagesOpen(true)} data-testid="item-images-open">
            Item Images
          </Button>
        )}
      </PageTitle>
      <LoadState loading={common.loading && !common.data} error={common.error} what="item">
        {common.data && cip && (
          <>
            <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="h6" data-testid="item-title">
                {[cip.cust_desc1, cip.cust_desc2].filter(Boolean).join(' ')}
              </Typography>
              <Chip size="small" label={statusName(cip.status_id)} color={cip.status_id === 1 ? 'success' : 'default'} data-testid="item-status" />
              {cip.multiple && <Chip size="small" label="Multiple" variant="outlined" data-testid="item-multiple" />}
              <Typography variant="body2" color="text.secondary">
                CIP {cip.cip_no} · CID {cip.cid_no} · {cip.cust_item_code} · {cip.location}
              </Typography>
            </Stack>
            <Tabs value={tab} onChange={(_, v: ItemTabKey) => select(v)} variant="scrollable" scrollButtons="auto" sx={{ mb: 2 }}>
              {ITEM_TABS.map((t) => (
                <Tab key={t.key} value={t.key} label={t.label} data-testid={`item-tab-${t.key}`} />
              ))}
            </Tabs>
            {panel('general', <GeneralTab common={common.data} onSaved={reloadAll} />)}
            {panel('quantities', <QuantitiesTab cipNo={cipNo} cidNo={cidNo} />)}
            {panel('usage', <UsageTab cipNo={cipNo} cidNo={cidNo} />)}
            {panel('locations', <LocationsTab cip={cip} onChanged={reloadAll} />)}
            {panel('replenishment', <ReplenishmentTab cip={cip} onSaved={reloadAll} />)}
            {panel('custom', <CustomFieldsTab cipNo={cipNo} cidNo={cidNo} />)}
            {panel('files', <FilesTab cidNo={cidNo} />)}
            {panel('history', <HistoryTab cipNo={cipNo} cidNo={cidNo} />)}
          </>
        )}
      </LoadState>
      <RouteLink to={ITEM_SEARCH_ROUTE} data-testid="item-return">
        Return to Item Search
      </RouteLink>
      {summaryOpen && <CipSummaryDialog cipNo={cipNo} cidNo={cidNo} onClose={() => setSummaryOpen(false)} />}
      {imagesOpen && <ItemImagesDialog cidNo={cidNo} itemId={cip?.item_id ?? null} onClose={() => setImagesOpen(false)} />}
    </Box>
  );
}
