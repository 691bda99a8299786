import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userContextStore, type UserContext } from '../../../lib/userContext';
import { UserContextProvider } from '../../../shell/UserContextProvider';
import type { Schema } from '../../../shared/api';
import { OtherSettingsDialog } from './OtherSettingsDialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const CIP = { cip_no: 10, site_id: 1, vend_code: '10452', consigned: false, buddy_cip_no: null } as unknown as Schema<'Cip'>;
const VENDORS = [
  { vend_code: '10452', vend_name: 'Midwest Industrial Supply' },
  { vend_code: '41080', vend_name: 'Midwest Hose' },
  { vend_code: '30871', vend_name: 'SKF USA Inc.' },
];
const MESSAGE = 'Vendor 41080 is not an approved vendor of manufacturer SKF at ACME-NORTH. Approved vendors: 10452, 30871. Do you want to continue?';

let fetchMock: Mock;
const calls = (pattern: RegExp) => fetchMock.mock.calls.filter(([url]) => pattern.test(String(url)));

function renderDialog(permissions: string[]) {
  userContextStore.set({ currentSite: { site_id: 1 }, permissions: permissions.map((p, i) => ({ permission_name: p, security_permission_id: i + 1 })) } as unknown as UserContext);
  const onSaved = vi.fn();
  render(
    <UserContextProvider>
      <OtherSettingsDialog cip={CIP} onClose={vi.fn()} onSaved={onSaved} />
    </UserContextProvider>,
  );
  return onSaved;
}

async function pick(code: string) {
  const input = screen.getByTestId('item-other-vend_code');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: code.slice(0, 3) } });
  fireEvent.click(await screen.findByTestId(`item-other-vend_code-option-${code}`));
}

describe('switching a CIP`s vendor', () => {
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/V1/Vendor/VendorCode/10452') return json(VENDORS[0]);
      if (url === '/api/V1/Vendor/GetByQuickSearchCriteria') return json({ resultList: VENDORS, totalCount: 3 });
      const check = /CheckIfWarnAVOnVendorSwitch\/1\/10\/(\w+)$/.exec(url);
      if (check) {
        const warn = check[1] === '41080';
        return json({ warn, message: warn ? MESSAGE : null, mfg_code: 'SKF', approvedVendorCodes: ['10452', '30871'] });
      }
      if (url === '/api/V1/Item/CIP/Other/Update') return json({ success: true, message: 'Saved.', cip: { ...CIP, vend_code: JSON.parse(String(init?.body)).vend_code } });
      return json({ message: 'not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  it('warns as soon as a vendor the approved vendors do not cover is picked, and saves only once confirmed', async () => {
    const onSaved = renderDialog(['ItemEdit', 'ViewVendors']);
    await pick('41080');
    expect((await screen.findByTestId('item-other-vendor-warning')).textContent).toBe(MESSAGE);

    fireEvent.click(screen.getByTestId('item-other-save'));
    expect((await screen.findByTestId('item-vendor-switch-message')).textContent).toBe(MESSAGE);
    fireEvent.click(screen.getByTestId('item-vendor-switch-cancel'));
    await waitFor(() => expect(screen.queryByTestId('item-vendor-switch-confirm')).toBeNull());
    expect(calls(/Other\/Update$/)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('item-other-save'));
    fireEvent.click(await screen.findByTestId('item-vendor-switch-ok'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [[, init]] = calls(/Other\/Update$/);
    expect(JSON.parse(String(init.body))).toMatchObject({ cip_no: 10, vend_code: '41080' });
  }, 20_000); // two pickers, a warning and a confirmation: slow on a busy machine

  it('saves an approved vendor without asking', async () => {
    const onSaved = renderDialog(['ItemEdit', 'ViewVendors']);
    await pick('30871');
    fireEvent.click(screen.getByTestId('item-other-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByTestId('item-vendor-switch-confirm')).toBeNull();
    expect(screen.queryByTestId('item-other-vendor-warning')).toBeNull();
    expect(calls(/CheckIfWarnAVOnVendorSwitch\/1\/10\/30871$/)).toHaveLength(1);
  });

  it('asks nothing when the vendor stays', async () => {
    const onSaved = renderDialog(['ItemEdit', 'ViewVendors']);
    fireEvent.click(screen.getByTestId('item-other-consigned'));
    fireEvent.click(screen.getByTestId('item-other-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls(/CheckIfWarnAVOnVendorSwitch/)).toHaveLength(0);
    expect(JSON.parse(String(calls(/Other\/Update$/)[0][1].body))).toMatchObject({ vend_code: '10452', consigned: true });
  });
});
