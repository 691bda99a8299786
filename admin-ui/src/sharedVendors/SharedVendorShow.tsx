// `/vendors/sharedVendors?id=`: one shared vendor: its header, then its detail blocks, child records, site links,
// assigned vendors and cost catalogue as tabs (the parts live in BlockTabs, ChildTab and LinkTabs).
import { useState } from 'react';
import { Tab, Tabs } from '@mui/material';
import { PageTitle, useHasPermission } from '../ui';
import { LoadState, Section, useApi } from '../ui';
import { CostCatalogueTab } from '../costs';
import { useSharedVendorLists } from '../typeLists/TypeListPicker';
import { BlockTab, HeaderSection } from './BlockTabs';
import { ChildTab } from './ChildTab';
import { SitesTab, VendorsTab } from './LinkTabs';
import { BLOCKS, CHILDREN, SHARED_VENDORS_ROUTE, SHARED_VENDOR_EDIT, type SharedVendor } from './sharedVendors';

const TABS: readonly (readonly [string, string])[] = [
  ...BLOCKS.map((b) => [b.key, b.title] as const),
  ...CHILDREN.map((c) => [c.key, c.title] as const),
  ['sites', 'Sites'],
  ['vendors', 'Our Vendors'],
  ['costs', 'Cost Catalogue'],
];

export function SharedVendorShow({ id }: { id: number }) {
  const canEdit = useHasPermission(SHARED_VENDOR_EDIT);
  const loaded = useApi('get', '/V1/SharedVendor/{id}', { path: { id }, quiet: true });
  const [saved, setSaved] = useState<SharedVendor | null>(null);
  const [tab, setTab] = useState<string>(TABS[0][0]);
  // Read once for every tab's forms and values; the request itself is cached for the page's life.
  const lists = useSharedVendorLists();
  const vendor = saved && saved.shared_vendor_id === id ? saved : loaded.data;
  const name = vendor?.shared_vendor_name ?? '';
  return (
    <>
      <PageTitle title={vendor ? `Shared Vendor: ${vendor.shared_vendor_name}` : 'Shared Vendor'} backTo={SHARED_VENDORS_ROUTE} />
      <LoadState loading={loaded.loading && !vendor} error={loaded.error} what="shared vendor">
        {vendor && (
          <>
            <HeaderSection vendor={vendor} canEdit={canEdit} onSaved={setSaved} />
            <Tabs value={tab} onChange={(_, v: string) => setTab(v)} variant="scrollable" scrollButtons="auto" sx={{ mb: 2 }}>
              {TABS.map(([key, title]) => (
                <Tab key={key} value={key} label={title} data-testid={`sv-tab-${key}`} />
              ))}
            </Tabs>
            {BLOCKS.filter((b) => b.key === tab).map((b) => (
              <BlockTab key={b.key} block={b} vendor={vendor} canEdit={canEdit} onSaved={setSaved} lists={lists} />
            ))}
            {CHILDREN.filter((c) => c.key === tab).map((c) => (
              <ChildTab key={c.key} def={c} id={id} vendorName={name} canEdit={canEdit} lists={lists} />
            ))}
            {tab === 'sites' && <SitesTab id={id} vendorName={name} canEdit={canEdit} />}
            {tab === 'vendors' && <VendorsTab id={id} vendorName={name} canEdit={canEdit} />}
            {tab === 'costs' && (
              <Section title="Cost Catalogue" testId="sv-costs-panel">
                <CostCatalogueTab sharedVendorId={id} />
              </Section>
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
