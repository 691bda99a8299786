import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { userContextStore, type UserContext } from '../../lib/userContext';
import { UserContextProvider } from '../../shell/UserContextProvider';
import { on } from '../../shared/events';
import { JumpBox } from './JumpBox';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function context(settings: Record<string, string>, permissions: string[] = ['BasicAccess']): UserContext {
  return {
    currentUser: { asp_users_id: 7, user_id: 'buyer', fname: 'Bea', lname: 'Buyer', supplier_portal_user: false, customer_portal_user: false, fss_employee: false, first_time_user: false, password_expired: false },
    currentSite: { site_id: 1, siteCode: 'ACME-NORTH', site_name: 'North', erpTypeID: 7, client_id: 1, client_code: 'ACME', app_type: 0, show_ctb_usage: false, asp8_rfq: true, customer_portal_catalog: false },
    availableSites: [],
    permissions: permissions.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })),
    aspUserSettings: Object.entries(settings).map(([setting_key, setting_value], i) => ({ setting_id: i + 1, asp_users_id: 7, setting_key, setting_value })),
    isPunchinUser: false,
    menuItems: [],
    aspShortcuts: [],
    appType: 0,
  } as unknown as UserContext;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderBox() {
  return render(
    <UserContextProvider>
      <MemoryRouter initialEntries={['/homeMain']}>
        <JumpBox />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </UserContextProvider>,
  );
}

const PICK = { cip_no: 2, cid_no: 3, site_id: 1, cip_code: 'BRG-6204-2RS', cust_item_code: 'CP-10021', location: 'A-01-01', qty_on_hand: 24, status_id: 1, cust_avg_cost: 4.125 };

const input = () => screen.getByTestId('jumpbox-input') as HTMLInputElement;
const posted = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST').map(([, init]) => JSON.parse(init.body));

describe('JumpBox', () => {
  let fetchMock: Mock;
  let toasts: string[];
  let off: () => void;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    toasts = [];
    off = on('notify', (t) => toasts.push(t.message));
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/UpdateUserSetting')) return json({ setting_id: 1, asp_users_id: 7, ...JSON.parse(String(init?.body)) });
      if (url.includes('/QuickSearch/CIPCode/BRG-6204-2RS/ACME-NORTH')) return json([PICK]);
      if (url.includes('/QuickSearch/CIPNo/')) return json([]);
      if (url.endsWith('/QuickSearch/CustItemCode')) return json([PICK, { ...PICK, cip_no: 9, location: 'B-02-01' }]);
      if (url.includes('/ItemSearch/FreeText?text=C10&')) return json({ searched: 'C10', items: [{ ...PICK, cip_no: 101, cid_no: 11, cip_code: 'C101', matched: 'prefix', item_id: 5, cust_desc1: 'CLAMP' }] });
      if (url.includes('/ItemSearch/FreeText?text=nitrile&')) return json({ searched: 'nitrile', items: [{ ...PICK, cip_no: 202, cid_no: 22, cip_code: 'GLV-NIT', matched: 'contains', item_id: 6, cust_desc1: 'GLOVE, NITRILE' }] });
      if (url.includes('/ItemSearch/FreeText')) return json({ searched: 'BEAR', items: [{ ...PICK, matched: 'contains', item_id: 1, cust_desc1: 'BEARING, BALL' }] });
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  it('starts with the saved type, and restores the saved text only when saveSearchData is true', () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchType': 'Customer Part', 'navigation.jumpbox.searchData': 'CP-10021', 'navigation.jumpbox.saveSearchData': 'true' }));
    renderBox();
    expect(screen.getByTestId('jumpbox').getAttribute('data-search-type')).toBe('customerPart');
    expect(input().value).toBe('CP-10021');
  });

  it('does not restore the text without saveSearchData, and starts at CIP ID without a saved type', () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchData': 'CP-10021', 'navigation.jumpbox.saveSearchData': 'false' }));
    renderBox();
    expect(screen.getByTestId('jumpbox').getAttribute('data-search-type')).toBe('cipId');
    expect(input().value).toBe('');
  });

  it('saves the search type on every change', async () => {
    userContextStore.set(context({}));
    renderBox();
    fireEvent.mouseDown(screen.getByTestId('jumpbox-type'));
    fireEvent.click(await screen.findByTestId('jumpbox-type-option-erpItemCode'));
    await waitFor(() => expect(posted(fetchMock, '/UpdateUserSetting')).toEqual([{ setting_key: 'navigation.jumpbox.searchType', setting_value: 'ERP Item Code' }]));
  });

  it("says 'CIP Id must be a number.' without asking the API", async () => {
    userContextStore.set(context({}));
    renderBox();
    fireEvent.change(input(), { target: { value: 'BRG' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(toasts).toContain('CIP Id must be a number.'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('QuickSearch'))).toBe(false);
  });

  it("saves the text of a search and says 'Item not found.' when nothing matches", async () => {
    userContextStore.set(context({}));
    renderBox();
    fireEvent.change(input(), { target: { value: '424242' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(toasts).toContain('Item not found.'));
    expect(posted(fetchMock, '/UpdateUserSetting')).toContainEqual({ setting_key: 'navigation.jumpbox.searchData', setting_value: '424242' });
  });

  it('goes straight to the one item found', async () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchType': 'CIP Number' }));
    renderBox();
    fireEvent.change(input(), { target: { value: 'BRG-6204-2RS' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/3/2'));
  });

  it("offers 'Select Item' when a customer part matches several, the cost column only with InvFISPrice", async () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchType': 'Customer Part' }));
    renderBox();
    fireEvent.change(input(), { target: { value: 'CP-10021' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    const dialog = await screen.findByTestId('select-item-dialog');
    expect(within(dialog).getByText('Select Item')).toBeTruthy();
    expect(within(dialog).getAllByTestId('select-item-row')).toHaveLength(2);
    expect(within(dialog).queryByTestId('select-item-header-cust_avg_cost')).toBeNull();
    fireEvent.click(within(dialog).getAllByTestId('select-item-row')[1]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/3/9'));
  });

  it('shows the average cost column to InvFISPrice holders', async () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchType': 'Customer Part' }, ['BasicAccess', 'InvFISPrice']));
    renderBox();
    fireEvent.change(input(), { target: { value: 'CP-10021' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    const dialog = await screen.findByTestId('select-item-dialog');
    expect(within(dialog).getByTestId('select-item-header-cust_avg_cost').textContent).toBe('Average Cost');
    expect(within(dialog).getAllByText('$4.125')).toHaveLength(2);
  });

  it('lists free-text hits as the user types and opens the chosen one', async () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchType': 'Free Text' }));
    renderBox();
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'bear' } });
    const hit = await screen.findByTestId('jumpbox-hit');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/ItemSearch/FreeText?text=bear&limit=10'))).toBe(true);
    fireEvent.click(hit);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/3/2'));
  });
  // Issue 22: with the hits of 'C10' on screen (one highlighted), replacing the text and pressing Enter opened C101.
  for (const highlight of ['mouse', 'arrow'] as const) {
    it(`Enter searches the current text, not the hits of the old text (highlighted by ${highlight})`, async () => {
      userContextStore.set(context({ 'navigation.jumpbox.searchType': 'Free Text' }));
      renderBox();
      fireEvent.focus(input());
      fireEvent.change(input(), { target: { value: 'C10' } });
      const stale = await screen.findByTestId('jumpbox-hit');
      expect(stale.getAttribute('data-cip-no')).toBe('101');
      if (highlight === 'mouse') fireEvent.mouseEnter(stale);
      else fireEvent.keyDown(input(), { key: 'ArrowDown' });
      fireEvent.change(input(), { target: { value: 'nitrile' } });
      fireEvent.keyDown(input(), { key: 'Enter' });
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/22/202'));
    });
  }

  it('Enter on a hit highlighted in the list of the current text opens that hit', async () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchType': 'Free Text' }));
    renderBox();
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'C10' } });
    await screen.findByTestId('jumpbox-hit');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/11/101'));
  });

  it('a partial customer part offers the matches the API answers in Select Item', async () => {
    userContextStore.set(context({ 'navigation.jumpbox.searchType': 'Customer Part' }));
    renderBox();
    fireEvent.change(input(), { target: { value: 'CP-100' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    const dialog = await screen.findByTestId('select-item-dialog');
    expect(within(dialog).getAllByTestId('select-item-row')).toHaveLength(2);
    expect(posted(fetchMock, '/QuickSearch/CustItemCode')).toEqual([{ code: 'CP-100', site_code: 'ACME-NORTH' }]);
  });
});
