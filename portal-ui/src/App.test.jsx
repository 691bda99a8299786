import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from './App';

function json(body, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const sites = [
  { site_id: 1, siteCode: 'ACME-N', site_name: 'Acme North' },
  { site_id: 3, siteCode: 'GEA-POR', site_name: 'Gea Portal' },
];
const context = ({ user = {}, perms = [], appType = 0, isPunchinUser = false, currentSite }) => ({
  currentUser: {
    asp_users_id: 9,
    user_id: 'u',
    fname: 'Pat',
    lname: 'Portal',
    fss_employee: false,
    supplier_portal_user: false,
    customer_punchin_location_id: null,
    ...user,
  },
  currentSite: currentSite ?? { site_id: 1, siteCode: 'ACME-N', customer_portal_catalog: false },
  availableSites: sites,
  permissions: perms.map((permission_name, i) => ({ permission_name, security_permission_id: i })),
  isPunchinUser,
  appType,
  menuItems: [],
});

const LOCATIONS = [
  { customer_punchin_location_id: 1, business_unit: 'BU1', state: 'OR', city: 'Portland', map_to_site_id: 1, map_to_site_code: 'ACME-N' },
  { customer_punchin_location_id: 2, business_unit: 'BU1', state: 'WA', city: 'Seattle', map_to_site_id: 1, map_to_site_code: 'ACME-N' },
];

describe('portal role routing', () => {
  let fetchMock;
  let answerContext;

  beforeEach(() => {
    window.history.replaceState(null, '', '/portal/');
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url, init) => {
      if (url.startsWith('/api/V1/Site/UserContext')) return json(answerContext);
      if (url === '/api/V1/Version') return json({ version: '8.67.5' });
      if (url.startsWith('/api/V1/Cart/GetPunchinLocationsBySiteId/')) return json(LOCATIONS);
      if (url === '/api/V1/Cart/PunchinLocation/Select') {
        const body = JSON.parse(init.body);
        return json({
          ...answerContext,
          currentUser: { ...answerContext.currentUser, customer_punchin_location_id: body.customer_punchin_location_id },
          currentSite: { site_id: 1, siteCode: 'ACME-N' },
        });
      }
      return json({ status: 404, message: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the sign-in page without a token', async () => {
    localStorage.clear();
    render(<App />);
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u.startsWith('/api/V1/Site/UserContext'))).toBe(false);
  });

  it('sends a customer (appType 2) to the customer home with Home and Quotes', async () => {
    answerContext = context({ appType: 2 });
    render(<App />);
    expect(await screen.findByTestId('customer-home')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Homepage' })).toBeTruthy();
    expect(screen.getByTestId('current-site').textContent).toBe('You are currently logged on to site: ACME-N');
    expect(window.location.hash).toBe('#/customer-portal');
    expect(screen.getByTestId('nav-home')).toBeTruthy();
    expect(screen.getByTestId('nav-quotes')).toBeTruthy();
    expect(screen.queryByTestId('nav-catalog')).toBeNull();
    expect(screen.getByTestId('portal-site-select')).toBeTruthy();
    expect(screen.queryByTestId('asp-button')).toBeNull();
  });

  it('routes a CustomerPortalUser to the quotes page with its honest empty state', async () => {
    answerContext = context({ perms: ['CustomerPortalUser'], currentSite: { site_id: 1, siteCode: 'ACME-N', customer_portal_catalog: true } });
    window.history.replaceState(null, '', '/portal/#/customer-portal/quotes');
    render(<App />);
    expect(await screen.findByTestId('quotes-page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quotes' })).toBeTruthy();
    expect(screen.getByTestId('quotes-empty').textContent).toMatch(/no quotes yet/i);
    expect(screen.getByTestId('nav-catalog')).toBeTruthy();
  });

  it('sends a supplier to the Supplier Portal home, away from customer pages', async () => {
    answerContext = context({ user: { supplier_portal_user: true }, appType: 1 });
    window.history.replaceState(null, '', '/portal/#/customer-portal/quotes');
    render(<App />);
    expect(await screen.findByTestId('supplier-home')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Supplier Portal' })).toBeTruthy();
    expect(window.location.hash).toBe('#/supplier-portal');
    expect(screen.queryByTestId('nav-quotes')).toBeNull();
  });

  it('gives provider employees the ASP button back to the staff console', async () => {
    answerContext = context({ appType: 2, user: { fss_employee: true } });
    render(<App />);
    const button = await screen.findByTestId('asp-button');
    expect(button.getAttribute('href')).toBe('/');
  });

  it('asks a punch-in user at GEA-POR for a location, without a site switcher', async () => {
    answerContext = context({
      appType: 2,
      isPunchinUser: true,
      user: { fss_employee: true },
      currentSite: { site_id: 3, siteCode: 'GEA-POR' },
    });
    render(<App />);
    expect(await screen.findByText('Select Your Location')).toBeTruthy();
    expect(screen.queryByTestId('portal-site-select')).toBeNull();
    expect(screen.queryByTestId('asp-button')).toBeNull();

    const submit = screen.getByTestId('location-submit');
    expect(submit.disabled).toBe(true);
    await screen.findByTestId('location-business-unit');
    fireEvent.change(screen.getByTestId('location-business-unit'), { target: { value: 'BU1' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('location-state'), { target: { value: 'WA' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Seattle' } });
    expect(submit.disabled).toBe(false);

    await act(async () => fireEvent.click(submit));
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/V1/Cart/PunchinLocation/Select');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ customer_punchin_location_id: 2, site_id: 3 });
    expect(await screen.findByText('Location Selected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Select Your Location')).toBeNull());
    expect(screen.getByTestId('current-site').textContent).toBe('You are currently logged on to site: ACME-N');
  });

  it('does not ask a punch-in user who already chose a location', async () => {
    answerContext = context({
      appType: 2,
      isPunchinUser: true,
      user: { customer_punchin_location_id: 1 },
      currentSite: { site_id: 3, siteCode: 'GEA-POR' },
    });
    render(<App />);
    expect(await screen.findByTestId('customer-home')).toBeTruthy();
    expect(screen.queryByText('Select Your Location')).toBeNull();
    expect(screen.getByTestId('site-code').textContent).toBe('GEA-POR');
  });

  it('tells staff without a portal role so', async () => {
    answerContext = context({ perms: ['BasicAccess'] });
    render(<App />);
    expect(await screen.findByTestId('no-portal-role')).toBeTruthy();
  });

  it('returns to sign-in when the session is gone (401)', async () => {
    fetchMock.mockImplementation(async () => json({ status: 401, message: 'expired' }, 401));
    render(<App />);
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(localStorage.getItem('asp.token')).toBeNull();
  });
});
