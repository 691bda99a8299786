// 'Cost Catalogue' (/vendors/costCatalogue): choose a shared vendor by name, then its catalogue (CostCatalogueTab).
// The choice is kept in the address (?shared_vendor_id=), so a link opens one catalogue; the shared vendor detail
// page mounts the same tab.
import { Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../ui';
import { SharedVendorPicker } from '../sharedVendors/SharedVendorPicker';
import { CostCatalogueTab } from './CostCatalogueTab';

export function CostCataloguePage() {
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('shared_vendor_id')) || null;
  return (
    <>
      <PageTitle title="Cost Catalogue" />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <SharedVendorPicker value={chosen ? String(chosen) : ''} onChange={(id) => setParams(id ? { shared_vendor_id: id } : {})} testId="cost-shared-vendor" width={360} />
        {!chosen && <Typography color="text.secondary">Choose a shared vendor to see its catalogue.</Typography>}
      </Stack>
      {chosen && <CostCatalogueTab key={chosen} sharedVendorId={chosen} />}
    </>
  );
}
