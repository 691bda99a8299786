import { useState, type ReactNode } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { PageTitle, RecordTabs, useHasPermission } from '../../ui';
import { CIP_SUMMARY_VIEW, ITEM_IMAGE_VIEW, ITEM_SEARCH_ROUTE, statusName } from '../common';
import { LoadState, useApi } from '../../ui';
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

/** The item page once the guard let it open: a header with the pop-up buttons and one tab per part of the item. */
export function ItemDetail({ cidNo, cipNo, onChanged }: { cidNo: number; cipNo: number; onChanged: () => void }) {
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [imagesOpen, setImagesOpen] = useState(false);
  const canSummary = useHasPermission(CIP_SUMMARY_VIEW);
  const canImages = useHasPermission(ITEM_IMAGE_VIEW);
  const common = useApi('get', '/V1/Item/CIP/Common/{id}', { path: { id: cipNo }, quiet: true });
  const cip = common.data?.cip;

  const reloadAll = () => {
    common.reload();
    onChanged();
  };
  const content: Record<ItemTabKey, ReactNode> = common.data && cip
    ? {
        general: <GeneralTab common={common.data} onSaved={reloadAll} />,
        quantities: <QuantitiesTab cipNo={cipNo} cidNo={cidNo} />,
        usage: <UsageTab cipNo={cipNo} cidNo={cidNo} />,
        locations: <LocationsTab cip={cip} onChanged={reloadAll} />,
        replenishment: <ReplenishmentTab cip={cip} onSaved={reloadAll} />,
        custom: <CustomFieldsTab cipNo={cipNo} cidNo={cidNo} />,
        files: <FilesTab cidNo={cidNo} />,
        history: <HistoryTab cipNo={cipNo} cidNo={cidNo} />,
      }
    : ({} as Record<ItemTabKey, ReactNode>);

  return (
    <Box sx={{ p: 2 }} data-testid="item-page" data-cip-no={cipNo} data-cid-no={cidNo}>
      <PageTitle title={cip ? `Item ${cip.cip_code}` : 'Item'} backTo={ITEM_SEARCH_ROUTE}>
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
            <RecordTabs id="item" tabs={ITEM_TABS.map((t) => ({ ...t, content: content[t.key] }))} />
          </>
        )}
      </LoadState>
      {summaryOpen && <CipSummaryDialog cipNo={cipNo} cidNo={cidNo} onClose={() => setSummaryOpen(false)} />}
      {imagesOpen && <ItemImagesDialog cidNo={cidNo} itemId={cip?.item_id ?? null} onClose={() => setImagesOpen(false)} />}
    </Box>
  );
}
