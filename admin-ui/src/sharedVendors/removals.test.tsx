// Issue 22: deletes confirm and say what they do; a shared vendor's lists page instead of stopping at 100.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCREEN_TEST_MS, json, renderAs, resetStubs, stubApi } from '../cycleCounts/testing';
import { ChildTab } from './ChildTab';
import { CHILDREN } from './sharedVendors';

afterEach(resetStubs);

const BRANDS = CHILDREN.find((c) => c.kind === 'Brand')!;
const brand = (i: number) => ({ shared_vendor_brand_id: i, shared_vendor_id: 3, brand_id: i, brand_name: `Brand ${i}`, mfg_code: 'SKF' });

describe("a shared vendor's child records", () => {
  it('remove a record only after the question naming it is confirmed', async () => {
    const calls = stubApi((c) => {
      if (c.path === '/api/V1/SharedVendor/Brand/Search') return json({ itemList: [brand(1)], totalCount: 1 });
      if (c.method === 'DELETE' && c.path === '/api/V1/SharedVendor/Brand/Delete/1') return json({ message: 'Removed.' });
      return undefined;
    });
    renderAs(['ViewVendors', 'SharedVendorEdit'], <ChildTab def={BRANDS} id={3} vendorName="Grainger" canEdit />);
    fireEvent.click(await screen.findByTestId('sv-brands-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-message').textContent).toBe('Brand 1 is removed from brands of Grainger. The change is recorded in the history.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/V1/SharedVendor/Brand/Delete/1']));
  }, SCREEN_TEST_MS);

  it('page when there are more than one page of them', async () => {
    const calls = stubApi((c) => {
      if (c.path !== '/api/V1/SharedVendor/Brand/Search') return undefined;
      const { pageNumber = 0, pageSize = 10 } = c.body as { pageNumber?: number; pageSize?: number };
      const rows = Array.from({ length: Math.min(pageSize, 45 - pageNumber * pageSize) }, (_, i) => brand(pageNumber * pageSize + i + 1));
      return json({ itemList: rows, totalCount: 45 });
    });
    renderAs(['ViewVendors'], <ChildTab def={BRANDS} id={3} vendorName="Grainger" canEdit={false} />);
    await screen.findByText('Brand 1');
    expect(screen.getAllByTestId('sv-brands-row')).toHaveLength(20);
    fireEvent.click(screen.getByTestId('sv-brands-page-3'));
    await screen.findByText('Brand 45');
    expect(screen.getAllByTestId('sv-brands-row')).toHaveLength(5);
    expect(calls.at(-1)?.body).toMatchObject({ shared_vendor_id: 3, pageNumber: 2, pageSize: 20 });
  }, SCREEN_TEST_MS);
});
