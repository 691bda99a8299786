// What the kit's component tests share: a signed-in user with given permissions, the providers a screen needs, and
// a fetch that answers by path. Test code only.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { vi, type Mock } from 'vitest';
import { userContextStore, type UserContext } from '../lib/userContext';
import { UserContextProvider } from '../shell/UserContextProvider';

/** Signs a user in (in the store) with these permission names. */
export function signInWith(permissions: string[]): void {
  userContextStore.set({
    currentUser: { asp_users_id: 7, user_id: 'buyer', fname: 'Bea', lname: 'Buyer' },
    currentSite: { site_id: 1, siteCode: 'ACME-NORTH' },
    availableSites: [],
    permissions: permissions.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })),
    aspUserSettings: [],
    menuItems: [],
    aspShortcuts: [],
  } as unknown as UserContext);
}

/** Renders in the console's providers at `path`; resources answer empty lists unless a data provider is given. */
export function renderInApp(ui: ReactNode, path = '/', dataProvider?: DataProvider) {
  const empty = testDataProvider({ getList: async () => ({ data: [], total: 0 }) } as Partial<DataProvider>);
  return render(
    <AdminContext dataProvider={dataProvider ?? empty}>
      <UserContextProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </UserContextProvider>
    </AdminContext>,
  );
}

export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch: `answer(path, init)` gives the body (or a Response); the mock is returned to read the calls. */
export function stubFetch(answer: (path: string, init?: RequestInit) => unknown): Mock {
  localStorage.setItem('asp.token', 'tok');
  const mock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname + new URL(url, 'http://localhost').search;
    const body = answer(path, init);
    return body instanceof Response ? body : jsonAnswer(body);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
