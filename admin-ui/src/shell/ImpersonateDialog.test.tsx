import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userContextStore } from '../lib/userContext';
import { on, type Toast } from '../shared/events';
import { getToken } from '../shared/token';
import { jsonAnswer, renderInApp, stubFetch } from '../ui/testing';
import { ImpersonateDialog } from './ImpersonateDialog';
import { impersonateDialog, readImpersonator } from './ImpersonationSession';
import { AspUserMenu } from './UserMenu';
import { BUYER, LocationProbe, SUPPORT, contextOf, signIn } from './impersonationTesting';

/** The filters of the user searches made. */
const filtersSent = (fetchMock: Mock) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/api/admin/users')
    .map((u) => JSON.parse(u.searchParams.get('filter') || '{}'));

const BUYER_RECORD = { id: 3, user_id: 'buyer', fname: 'Bea', lname: 'Buyer', site_ids: [1, 2], is_active: true };

describe('ImpersonateDialog', () => {
  let toasts: Toast[];
  let off: () => void;
  beforeEach(() => {
    toasts = [];
    off = on('notify', (t) => toasts.push(t));
  });
  afterEach(() => {
    off();
    impersonateDialog.close();
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  const openMenu = () => fireEvent.click(screen.getByLabelText('ra.auth.user_menu'));

  it('is offered in the user menu to holders of ImpersonateUsers only', async () => {
    signIn(contextOf(BUYER, ['BasicAccess', 'Buyer']));
    const { unmount } = renderInApp(<AspUserMenu />);
    openMenu();
    expect(await screen.findByTestId('my-profile')).toBeTruthy();
    expect(screen.queryByTestId('impersonate-user')).toBeNull();
    unmount();
    signIn(contextOf(SUPPORT, ['BasicAccess', 'ImpersonateUsers']));
    renderInApp(<AspUserMenu />);
    openMenu();
    fireEvent.click(await screen.findByTestId('impersonate-user'));
    expect(impersonateDialog.isOpen()).toBe(true);
  });

  it('searches by name or login, shows name, login and sites, confirms, then acts as the user', async () => {
    signIn(contextOf(SUPPORT, ['BasicAccess', 'ImpersonateUsers']));
    localStorage.setItem('asp.token', 'support-token');
    const fetchMock = stubFetch((path) => {
      if (path.startsWith('/api/admin/users')) return [BUYER_RECORD];
      if (path === '/api/auth/impersonate') return { access_token: 'buyer-token', token_type: 'Bearer', expires_in: 900 };
      if (path.startsWith('/api/V1/Site/UserContext')) return contextOf(BUYER, ['BasicAccess', 'Buyer'], SUPPORT.asp_users_id);
      return jsonAnswer({ status: 404, message: 'no', errors: [] }, 404);
    });
    localStorage.setItem('asp.token', 'support-token');
    renderInApp(
      <>
        <ImpersonateDialog />
        <LocationProbe />
      </>,
      '/users',
    );
    impersonateDialog.open();
    const dialog = await screen.findByTestId('impersonate-dialog');
    expect((within(dialog).getByTestId('impersonate-continue') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.focus(within(dialog).getByTestId('impersonate-user'));
    fireEvent.mouseDown(within(dialog).getByTestId('impersonate-user'));
    fireEvent.change(within(dialog).getByTestId('impersonate-user'), { target: { value: 'buy' } });
    const option = await screen.findByTestId('impersonate-user-option-3');
    expect(option.textContent).toBe('Bea Buyer (buyer) - ACME-NORTH, ACME-SOUTH');
    await waitFor(() => expect(filtersSent(fetchMock)).toContainEqual({ is_active: true, q: 'buy' }));
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByTestId('impersonate-continue'));

    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByTestId('confirm-message').textContent).toContain('You will act as Bea Buyer (buyer) (sites ACME-NORTH, ACME-SOUTH)');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/auth/impersonate'))).toBe(false);
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/homeMain'));
    const post = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/auth/impersonate'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ asp_users_id: 3 });
    expect(getToken()).toBe('buyer-token');
    expect(userContextStore.getState().context?.currentUser.user_id).toBe('buyer');
    expect(readImpersonator(SUPPORT.asp_users_id)).toEqual({ id: 9, login: 'support', name: 'Sam Support' });
    expect(impersonateDialog.isOpen()).toBe(false);
    expect(toasts).toEqual([]);
  }, 20_000);

  it("says the server's reason when the user is out of reach and keeps the support user's session", async () => {
    signIn(contextOf(SUPPORT, ['BasicAccess', 'ImpersonateUsers']));
    stubFetch((path) => {
      if (path.startsWith('/api/admin/users')) return [BUYER_RECORD];
      return jsonAnswer({ status: 404, message: 'The user you are trying to find does not exist.', errors: [] }, 404);
    });
    localStorage.setItem('asp.token', 'support-token');
    renderInApp(<ImpersonateDialog />);
    impersonateDialog.open();
    const dialog = await screen.findByTestId('impersonate-dialog');
    fireEvent.mouseDown(within(dialog).getByTestId('impersonate-user'));
    fireEvent.click(await screen.findByTestId('impersonate-user-option-3'));
    fireEvent.click(within(dialog).getByTestId('impersonate-continue'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(toasts).toEqual([{ message: 'The user you are trying to find does not exist.', type: 'error' }]));
    expect(getToken()).toBe('support-token');
    expect(await screen.findByTestId('impersonate-dialog')).toBeTruthy();
  }, 20_000);
});
