import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from './App';
import type { UserContext } from './lib/roles';
import type { PunchinLocation } from './lib/locations';
import { site, userContext, type ContextSpec } from './test/fixtures';

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const sites = [site('ACME-N', { site_id: 1, site_name: 'Acme North' }), site('GEA-POR', { site_id: 3, site_name: 'Gea Portal' })];
const context = (spec: ContextSpec) => userContext({ availableSites: sites, ...spec });

const LOCATIONS: PunchinLocation[] = [
  { customer_punchin_location_id: 1, business_unit: 'BU1', state: 'OR', city: 'Portland', map_to_site_id: 1, map_to_site_code: 'ACME-N' },
  { customer_punchin_location_id: 2, business_unit: 'BU1', state: 'WA', city: 'Seattle', map_to_site_id: 1, map_to_site_code: 'ACME-N' },
];

const urlOf = (input: Parameters<typeof fetch>[0]) => String(input);

describe('portal role routing', () => {
  let fetchMock: Mock<typeof fetch>;
  let answerContext: UserContext;

  beforeEach(() => {
    window.history.replaceState(null, '', '/portal/');
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = urlOf(input);
      if (url.startsWith('/api/V1/Site/UserContext')) return json(answerContext);
      if (url === '/api/V1/Version') return json({ version: '8.67.5' });
      if (url.startsWith('/api/V1/Cart/GetPunchinLocationsBySiteId/')) return json(LOCATIONS);
      if (url === '/api/V1/Cart/PunchinLocation/Select') {
        const body = JSON.parse(String(init?.body));
        return json({
          ...answerContext,
          currentUser: { ...answerContext.currentUser, customer_punchin_location_id: body.customer_punchin_location_id },
          currentSite: site('ACME-N', { site_id: 1 }),
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
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).startsWith('/api/V1/Site/UserContext'))).toBe(false);
  });

  it('sends a customer (appType 2) to the customer home with Home and Quotes', async () => {
    answerContext = context({ appType: 2 });
    render(<App />);
    expect(await screen.findByTestId('customer-home')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Homepage' })).toBeTruthy();
    expect(screen.getByTestId('current-site').textContent).toBe('You are currently logged on to site: ACME-N');
    // The URL follows the rendered page in an effect, which a loaded machine may run after the first find.
    await waitFor(() => expect(window.location.hash).toBe('#/customer-portal'));
    expect(screen.getByTestId('nav-home')).toBeTruthy();
    expect(screen.getByTestId('nav-quotes')).toBeTruthy();
    expect(screen.queryByTestId('nav-catalog')).toBeNull();
    expect(screen.getByTestId('portal-site-select')).toBeTruthy();
    expect(screen.queryByTestId('asp-button')).toBeNull();
  });

  it('routes a CustomerPortalUser to the quotes page with its honest empty state', async () => {
    answerContext = context({ perms: ['CustomerPortalUser'], currentSite: site('ACME-N', { customer_portal_catalog: true }) });
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
    // The redirect replaces the address as it renders the supplier home; under load the address may follow a moment later.
    await waitFor(() => expect(window.location.hash).toBe('#/supplier-portal'));
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
      currentSite: site('GEA-POR', { site_id: 3 }),
    });
    render(<App />);
    expect(await screen.findByText('Select Your Location')).toBeTruthy();
    expect(screen.queryByTestId('portal-site-select')).toBeNull();
    expect(screen.queryByTestId('asp-button')).toBeNull();

    const submit = screen.getByTestId('location-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await screen.findByTestId('location-business-unit');
    fireEvent.change(screen.getByTestId('location-business-unit'), { target: { value: 'BU1' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('location-state'), { target: { value: 'WA' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Seattle' } });
    expect(submit.disabled).toBe(false);

    await act(async () => fireEvent.click(submit));
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/V1/Cart/PunchinLocation/Select')!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ customer_punchin_location_id: 2, site_id: 3 });
    expect(await screen.findByText('Location Selected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Select Your Location')).toBeNull());
    expect(screen.getByTestId('current-site').textContent).toBe('You are currently logged on to site: ACME-N');
  });

  it('does not ask a punch-in user who already chose a location', async () => {
    answerContext = context({
      appType: 2,
      isPunchinUser: true,
      user: { customer_punchin_location_id: 1 },
      currentSite: site('GEA-POR', { site_id: 3 }),
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
