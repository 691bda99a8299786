// Issue 22 spot check of the vendor page: a vendor referred to by its code (remit-to) reads by its name with the
// code, and a buyer by name with the login.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SCREEN_TEST_MS, json, renderAs, resetStubs, stubApi } from '../cycleCounts/testing';
import { BlockForm } from './BlockForm';
import { BuyerSettingsTab } from './buyerSettings';
import { BLOCKS } from './vendors';

afterEach(resetStubs);

describe('the vendor page shows names, not codes', () => {
  it('the remit-to vendor of the header', async () => {
    stubApi((c) => {
      if (c.path === '/api/V1/Vendor/Header/10452') return json({ vend_code: '10452', vend_name: 'Midwest Industrial Supply', remit_to_vend_code: '20114', active: true });
      if (c.path === '/api/V1/Vendor/VendorCode/20114') return json({ vend_id: 2, vend_code: '20114', vend_name: 'Midwest Remittance', is_vmi: false, is_manufacturer: false, is_hidden: false, erp_type_id: 7, erp_company: null });
      if (c.path.startsWith('/api/V1/Type')) return json([]);
      return undefined;
    });
    renderAs(['ViewVendors'], <BlockForm block={BLOCKS.find((b) => b.key === 'header')!} code="10452" />);
    const cell = await screen.findByTestId('vendor-header-remit_to_vend_code');
    await screen.findByText('Midwest Remittance (20114)');
    expect(cell.textContent).toBe('Midwest Remittance (20114)');
  }, SCREEN_TEST_MS);

  it('the buyers of the vendor', async () => {
    stubApi((c) =>
      c.path === '/api/V1/Vendor/VendorDetail/VendorBuyerSettings/Search'
        ? json({ resultList: [{ asp_users_id: 5, asp_vendor_buyer_settings_id: 9, buyer: 'bbuyer', buyer_name: 'Buyer, Bea', vend_code: '10452' }], totalCount: 1 })
        : undefined,
    );
    renderAs(['ViewVendors'], <BuyerSettingsTab vendCode="10452" />);
    expect((await screen.findByTestId('vendor-buyer-name-bbuyer')).textContent).toBe('Buyer, Bea (bbuyer)');
  }, SCREEN_TEST_MS);
});
