import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userContextStore } from '../lib/userContext';
import { getToken } from '../shared/token';
import { renderInApp, stubFetch } from '../ui/testing';
import { ImpersonationBanner } from './ImpersonationBanner';
import { readImpersonator } from './ImpersonationSession';
import { AspUserMenu } from './UserMenu';
import { BUYER, LocationProbe, SUPPORT, contextOf, signIn } from './impersonationTesting';

const SUPPORT_CONTEXT = contextOf(SUPPORT, ['BasicAccess', 'ImpersonateUsers']);
const ACTING_CONTEXT = contextOf(BUYER, ['BasicAccess', 'Buyer'], SUPPORT.asp_users_id);

function actAsBuyer() {
  signIn(ACTING_CONTEXT);
  localStorage.setItem('asp.impersonator', JSON.stringify({ id: 9, login: 'support', name: 'Sam Support' }));
}

describe('ImpersonationBanner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  it('shows nothing to a user acting as themselves', () => {
    signIn(SUPPORT_CONTEXT);
    renderInApp(<ImpersonationBanner />);
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });

  it('says whom the support user acts as and who they are', () => {
    actAsBuyer();
    renderInApp(<ImpersonationBanner />);
    expect(screen.getByTestId('impersonation-banner').textContent).toContain(
      'You are acting as Bea Buyer (buyer), signed in as Sam Support (support).',
    );
  });

  it('does not name another support user remembered by this browser', () => {
    signIn(ACTING_CONTEXT);
    localStorage.setItem('asp.impersonator', JSON.stringify({ id: 12, login: 'other', name: 'Other Person' }));
    renderInApp(<ImpersonationBanner />);
    expect(screen.getByTestId('impersonation-self').textContent).toBe('your own account');
  });

  it("returns to the support user's session and the user search", async () => {
    actAsBuyer();
    const fetchMock = stubFetch((path) => {
      if (path === '/api/auth/impersonate/stop') return { access_token: 'support-token', token_type: 'Bearer', expires_in: 900 };
      if (path.startsWith('/api/V1/Site/UserContext')) return SUPPORT_CONTEXT;
      return [];
    });
    renderInApp(
      <>
        <ImpersonationBanner />
        <LocationProbe />
      </>,
      '/homeMain',
    );
    fireEvent.click(screen.getByTestId('impersonation-return'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/users'));
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/auth/impersonate/stop');
    expect(getToken()).toBe('support-token');
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
    expect(readImpersonator(9)).toBeNull();
  }, 15_000);

  it('offers the same way back in the user menu, and no new impersonation meanwhile', async () => {
    actAsBuyer();
    stubFetch((path) => {
      if (path === '/api/auth/impersonate/stop') return { access_token: 'support-token', token_type: 'Bearer', expires_in: 900 };
      if (path.startsWith('/api/V1/Site/UserContext')) return SUPPORT_CONTEXT;
      return [];
    });
    renderInApp(<AspUserMenu />);
    fireEvent.click(screen.getByLabelText('ra.auth.user_menu'));
    expect(screen.queryByTestId('impersonate-user')).toBeNull();
    fireEvent.click(await screen.findByTestId('stop-impersonating'));
    await waitFor(() => expect(userContextStore.getState().context?.currentUser.user_id).toBe('support'));
    expect(getToken()).toBe('support-token');
  }, 15_000);
});
