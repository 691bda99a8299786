// Issue 22: a buyer saw Import, Add cost, Edit and Expire on the cost catalogue, and an import then failed with
// "The file could not be imported." while the API said 403 "You do not have permission: SharedVendorCostEdit".
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpError } from '../shared/http';
import { SCREEN_TEST_MS, json, renderAs, resetStubs, stubApi } from '../cycleCounts/testing';
import { CostCatalogueTab } from './CostCatalogueTab';
import { IMPORT_FAILED, importRefusal } from './costs';

afterEach(resetStubs);

const cost = {
  shared_vendor_cost_id: 11,
  shared_vendor_id: 3,
  shared_vendor_name: 'Grainger',
  cost_header_id: 1,
  mfg_code: 'SKF',
  mfg_part_no: '6204-2RS',
  breaks: [{ qty: 1, cost: 4.25 }],
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  status: 'active',
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  min_order_qty: 1,
  purch_factor: 1,
};

function serve() {
  return stubApi((c) => (c.path === '/api/V1/SharedVendor/Cost/Search' ? json({ itemList: [cost], totalCount: 1 }) : undefined));
}

describe('the cost catalogue', () => {
  it('offers no change and no import to a user without SharedVendorCostEdit (a buyer): search and export only', async () => {
    serve();
    renderAs(['BasicAccess', 'ViewVendors', 'SharedVendorCostView'], <CostCatalogueTab sharedVendorId={3} />);
    await screen.findByTestId('cost-row');
    for (const id of ['cost-add', 'cost-expire-selected', 'cost-extend-selected', 'cost-edit', 'cost-expire', 'cost-import-section', 'cost-import-submit']) {
      expect(screen.queryByTestId(id), id).toBeNull();
    }
    expect(screen.getByText('Export')).toBeTruthy();
  }, SCREEN_TEST_MS);

  it('offers adding, editing, expiring and the import to holders of SharedVendorCostEdit', async () => {
    serve();
    renderAs(['BasicAccess', 'ViewVendors', 'SharedVendorCostView', 'SharedVendorCostEdit'], <CostCatalogueTab sharedVendorId={3} />);
    await screen.findByTestId('cost-row');
    for (const id of ['cost-add', 'cost-expire-selected', 'cost-edit', 'cost-expire', 'cost-import-section']) {
      expect(screen.queryByTestId(id), id).not.toBeNull();
    }
  }, SCREEN_TEST_MS);
});

describe('a refused import', () => {
  it("says the server's reason, a 403 included", () => {
    const forbidden = new HttpError('You do not have permission: SharedVendorCostEdit', 403, { message: 'You do not have permission: SharedVendorCostEdit' });
    expect(importRefusal(forbidden)).toBe('You do not have permission: SharedVendorCostEdit');
    const tooBig = new HttpError('The file is too large.', 413, { message: 'The file is too large.' }, [{ field: 'file', errorType: 'tooLarge', error: 'The file is larger than 32 MB.' }]);
    expect(importRefusal(tooBig)).toBe('The file is larger than 32 MB.');
  });

  it('falls back to the generic line only when the server gave no reason', () => {
    expect(importRefusal(new HttpError('Server Error', 500, { message: 'Server Error' }))).toBe(IMPORT_FAILED);
    expect(importRefusal(new TypeError('Failed to fetch'))).toBe(IMPORT_FAILED);
  });
});
