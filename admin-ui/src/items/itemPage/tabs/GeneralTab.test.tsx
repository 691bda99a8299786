// Issue 22 spot check: the item page names what the CIP refers to (vendor, UOM, ABC class, buddy CIP, item-master
// part) instead of showing codes and internal ids.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Schema } from '../../../shared/api';
import { UserContextProvider } from '../../../shell/UserContextProvider';
import { GeneralTab } from './GeneralTab';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ITEM_ID = 90017;
const COMMON = {
  cip: { cip_no: 10, cid_no: 3, site_id: 1, cip_code: 'BRG-6204-2RS', location: 'A-01-01', status_id: 1, repl_type: 2, consigned: false, dispensing: false, keep_full: false, multiple: false, qty_on_hand: 4, qty_avail: 4, qty_on_hold: 0, qty_on_order: 0, qty_backorder: 0, vend_code: '10452', buddy_cip_no: 77, updated_at: '2026-01-02T10:00:00Z' },
  cid: { cid_no: 3, cust_item_code: 'CP-10021', cid_status: 1, uom_typeid: 31, vend_code: '10452', curr_abc_class_type_id: 2, serialized: false, lot_control: false, repairable: false, repaired_part: false, kit: false, stock_item: true, crit_part: false, taxable: false },
  item: { item_id: ITEM_ID, desc1: 'BEARING, BALL', mfg_code: 'SKF', mfg_name: 'SKF USA', mfg_part_no: '6204-2RS', item_status: 1, uom_code: 'EA' },
  buddy: { cip_no: 77, cip_code: 'BRG-6204-ZZ', cust_item_code: 'CP-10022', location: 'A-01-02', qty_on_hand: 2, status_id: 1 },
  repair: null,
  related_items: [],
  alternate_location_count: 0,
  virtual_location_count: 0,
} as unknown as Schema<'CipCommon'>;

describe('GeneralTab names, not ids', () => {
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/V1/Vendor/VendorCode/10452') return json({ vend_code: '10452', vend_name: 'Midwest Industrial Supply' });
        if (url === '/api/V1/Type/Pack/EA') return json([{ code: 'EA', description: 'Each' }]);
        return json({ message: 'not found' }, 404);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the vendor and the UOM by name with their code, the ABC class as a letter, and no internal ids', async () => {
    render(
      <UserContextProvider>
        <MemoryRouter>
          <GeneralTab common={COMMON} />
        </MemoryRouter>
      </UserContextProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('item-cip-vendor').textContent).toBe('Midwest Industrial Supply (10452)'));
    expect(screen.getByTestId('item-cid-vendor').textContent).toBe('Midwest Industrial Supply (10452)');
    await waitFor(() => expect(screen.getByTestId('item-uom').textContent).toBe('Each (EA)'));
    expect(screen.getByText('ABC Class').parentElement?.textContent).toContain('B');
    expect(screen.getByTestId('item-ref-77').textContent).toBe('BRG-6204-ZZ');
    expect(screen.getByTestId('item-master-link').textContent).toBe('SKF 6204-2RS');
    expect(screen.getByText('Manufacturer').parentElement?.textContent).toContain('SKF USA (SKF)');
    const page = document.body.textContent ?? '';
    expect(page).not.toContain(String(ITEM_ID));
    expect(page).not.toContain('(77)');
  });

  it('falls back to the code when the name cannot be read (no right to vendors)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'You do not have permission: ViewVendors' }, 403)));
    render(
      <UserContextProvider>
        <MemoryRouter>
          <GeneralTab common={COMMON} />
        </MemoryRouter>
      </UserContextProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('item-cip-vendor').textContent).toBe('10452'));
  });
});
