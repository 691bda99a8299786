// The vendor (or manufacturer) detail: its blocks as tabs, hide/unhide, the audit trail link.
import { useState } from 'react';
import { Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import { callApi } from '../shared/api';
import { notify } from '../shared/events';
import { PageTitle, nameWithCode, useHasPermission } from '../ui';
import { notifyRefusal, useApi } from '../ui';
import { BlockForm } from './BlockForm';
import { BLOCKS, searchRoute, UPDATE_VENDOR, type VendorModel } from './vendors';
import { VendorSitesTab } from './sites';
import { ApprovedVendorsTab } from './approved';
import { BuyerSettingsTab } from './buyerSettings';

// The site-level tabs after the vendor's own blocks: what each site keeps about the vendor, the manufacturers it is
// approved for, and the buyers who handle it.
const SITE_TABS = [
  { key: 'sites', title: 'Sites', Panel: VendorSitesTab },
  { key: 'approved', title: 'Approved Vendors', Panel: ApprovedVendorsTab },
  { key: 'buyers', title: 'Buyer Settings', Panel: BuyerSettingsTab },
];

export function VendorDetail({ model, code }: { model: VendorModel; code: string }) {
  const [tab, setTab] = useState(0);
  const [version, setVersion] = useState(0);
  const canUpdate = useHasPermission(UPDATE_VENDOR);
  const common = useApi('get', '/V1/Vendor/Common/ERPVendCode/{code}', { path: { code } }, { deps: [version] });
  const setUp = useApi('get', '/V1/Vendor/SetUpData/{code}', { path: { code } }, { deps: [version] });
  const hidden = setUp.data?.is_hidden ?? false;
  const toggleHidden = async () => {
    if (!common.data) return;
    try {
      const vend_id = common.data.vend_id;
      await callApi('post', '/V1/Vendor/UpdateHidden/{id}', { path: { id: vend_id }, body: { vend_id, is_hidden: !hidden }, local400: true });
      notify(hidden ? 'The vendor is shown again.' : 'The vendor is hidden.', 'success');
      setVersion((n) => n + 1);
    } catch (error) {
      notifyRefusal(error);
    }
  };
  const v = common.data;
  return (
    <Box sx={{ p: 2 }} data-testid="vendor-detail" data-vend-code={code}>
      <PageTitle title={v ? nameWithCode(v.vend_name, v.vend_code) : code} backTo={searchRoute(model)}>
        {canUpdate && v && (
          <Button variant="outlined" onClick={toggleHidden} data-testid="vendor-toggle-hidden">
            {hidden ? 'Unhide' : 'Hide'}
          </Button>
        )}
      </PageTitle>
      {v && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="vendor-detail-kind">
          {[v.is_manufacturer && 'Manufacturer', v.is_vmi && 'VMI vendor', v.erp_company && `ERP company ${v.erp_company}`, hidden && 'Hidden'].filter(Boolean).join(' · ')}
        </Typography>
      )}
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, t) => setTab(t)} variant="scrollable" data-testid="vendor-tabs">
          {BLOCKS.map((b) => (
            <Tab key={b.key} label={b.title} data-testid={`vendor-tab-${b.key}`} />
          ))}
          {SITE_TABS.map((t) => (
            <Tab key={t.key} label={t.title} data-testid={`vendor-tab-${t.key}`} />
          ))}
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab < BLOCKS.length ? (
            <BlockForm key={`${BLOCKS[tab].key}:${version}`} block={BLOCKS[tab]} code={code} onSaved={() => setVersion((n) => n + 1)} />
          ) : (
            (() => {
              const { Panel } = SITE_TABS[tab - BLOCKS.length];
              return <Panel vendCode={code} />;
            })()
          )}
        </Box>
      </Paper>
    </Box>
  );
}
