import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { userContextStore, type UserContext } from '../../lib/userContext';
import { UserContextProvider } from '../../shell/UserContextProvider';
import { on } from '../../shared/events';
import { ItemPage } from './ItemPage';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const SITES = [
  { site_id: 1, siteCode: 'ACME-NORTH', site_name: 'North', erpTypeID: 7, client_id: 1, client_code: 'ACME', app_type: 0, show_ctb_usage: false, asp8_rfq: true, customer_portal_catalog: false },
  { site_id: 2, siteCode: 'ACME-SOUTH', site_name: 'South', erpTypeID: 7, client_id: 1, client_code: 'ACME', app_type: 0, show_ctb_usage: false, asp8_rfq: true, customer_portal_catalog: false },
];
const context = (site: number) =>
  ({
    currentUser: { asp_users_id: 7, user_id: 'buyer', fname: 'Bea', lname: 'Buyer', supplier_portal_user: false, customer_portal_user: false, fss_employee: false, first_time_user: false, password_expired: false },
    currentSite: SITES[site - 1],
    availableSites: SITES,
    permissions: [{ permission_name: 'BasicAccess', security_permission_id: 1 }],
    aspUserSettings: [],
    isPunchinUser: false,
    menuItems: [],
    aspShortcuts: [],
    appType: 0,
  }) as unknown as UserContext;

const CIP = { cip_no: 10, cid_no: 3, site_id: 2, status_id: 1, cip_code: 'BRG', multiple: false, updated_at: '2026-01-01T00:00:00Z' };

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <AdminContext dataProvider={testDataProvider()}>
      <UserContextProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/item/:cid_no/:cip_no" element={<ItemPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </UserContextProvider>
    </AdminContext>,
  );
}

describe('ItemPage route guard', () => {
  let fetchMock: Mock;
  let toasts: string[];
  let off: () => void;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    toasts = [];
    off = on('notify', (t) => toasts.push(t.message));
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/V1/Item/CIP/10') return json(CIP);
      if (url === '/api/V1/Item/CIP/11') return json({ message: "Can't display CIP until Item Add Req is approved.", errors: [] }, 409);
      if (url === '/api/V1/Site/CurrentSite' && init?.method === 'PUT') return json(context(2));
      return json({ message: 'The item you are trying to find does not exist.' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  it('sends a CIP of another CID back to the search with the combination message', async () => {
    userContextStore.set(context(2));
    renderAt('/item/4/10');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/search'));
    expect(toasts).toEqual(['The CID/CIP combination you are trying to find does not exist.']);
  });

  it("passes on the API's refusal of a Pending CIP", async () => {
    userContextStore.set(context(1));
    renderAt('/item/3/11');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/search'));
    expect(toasts).toEqual(["Can't display CIP until Item Add Req is approved."]);
  });

  it('asks before opening an item of another site; declining goes back to the search', async () => {
    userContextStore.set(context(1));
    renderAt('/item/3/10');
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(
      'You are trying to access data from site ACME-SOUTH. Do you want to change your site?',
    );
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/item/search'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/V1/Site/CurrentSite')).toBe(false);
  });

  it('accepting changes the site, says so and opens the item', async () => {
    userContextStore.set(context(1));
    renderAt('/item/3/10');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await screen.findByTestId('item-page');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/V1/Site/CurrentSite') ?? [];
    expect(JSON.parse(init.body)).toEqual({ site_code: 'ACME-SOUTH' });
    expect(toasts).toContain('Your site has been changed to ACME-SOUTH');
  });
});
