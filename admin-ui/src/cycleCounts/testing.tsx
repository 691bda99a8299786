// Test helpers of the stock and vendor screens' component tests: a signed-in user with given permissions, the
// screen inside react-admin and the router, and a fetch stub that answers by method and path and records the calls.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AdminContext, testDataProvider } from 'react-admin';
import { userContextStore, type UserContext } from '../lib/userContext';
import { UserContextProvider } from '../shell/UserContextProvider';
import { jsonAnswer } from '../ui/testing';

export function contextWith(permissions: string[]): UserContext {
  return {
    currentUser: { asp_users_id: 1, user_id: 'buyer', fname: 'Bea', lname: 'Buyer', supplier_portal_user: false, customer_portal_user: false, fss_employee: false, first_time_user: false, password_expired: false },
    currentSite: { site_id: 1, siteCode: 'ACME-NORTH', site_name: 'North', erpTypeID: 7, client_id: 1, client_code: 'ACME', app_type: 0, show_ctb_usage: false, asp8_rfq: true, customer_portal_catalog: false },
    availableSites: [],
    permissions: permissions.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })),
    aspUserSettings: [],
    isPunchinUser: false,
    menuItems: [],
    aspShortcuts: [],
    appType: 0,
  } as unknown as UserContext;
}

export function renderAs(permissions: string[], screen: ReactElement) {
  localStorage.setItem('asp.token', 'tok');
  userContextStore.set(contextWith(permissions));
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider()}>
        <UserContextProvider>{screen}</UserContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Screens load in several rounds (user context, then the lists): more than vitest's 5 s on a busy machine. */
export const SCREEN_TEST_MS = 20000;

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A JSON answer (the kit's). */
export const json = jsonAnswer;

/**
 * Stubs fetch: `answer(call)` gives each call's response (undefined: 404). Returns the calls made, in order.
 */
export function stubApi(answer: (call: Call) => Response | Promise<Response> | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      let body: unknown = init?.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          // not JSON: kept as sent
        }
      }
      const call = { method: (init?.method ?? 'GET').toUpperCase(), path: u.pathname, query: u.searchParams, body };
      calls.push(call);
      return (await answer(call)) ?? json({ message: 'not found' }, 404);
    }),
  );
  return calls;
}

export function resetStubs() {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  userContextStore.clear();
}
