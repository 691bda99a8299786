// 'Cost Catalogue' (/vendors/costCatalogue): choose a shared vendor, then its catalogue (CostCatalogueTab). The
// shared vendor is chosen by id (or ?shared_vendor_id=); the shared vendor detail page mounts the same tab.
import { useState } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PageBanner } from '../devops/common';
import { CostCatalogueTab } from './CostCatalogueTab';

export function CostCataloguePage() {
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('shared_vendor_id')) || null;
  const [typed, setTyped] = useState(chosen ? String(chosen) : '');
  const choose = () => {
    const id = Number(typed);
    if (Number.isInteger(id) && id > 0) setParams({ shared_vendor_id: String(id) });
  };
  return (
    <>
      <PageBanner title="Cost Catalogue" />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="Shared vendor id"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={choose}
          onKeyDown={(e) => e.key === 'Enter' && choose()}
          inputProps={{ 'data-testid': 'cost-shared-vendor', inputMode: 'numeric' }}
        />
        {!chosen && <Typography color="text.secondary">Choose a shared vendor to see its catalogue.</Typography>}
      </Stack>
      {chosen && <CostCatalogueTab key={chosen} sharedVendorId={chosen} />}
    </>
  );
}
