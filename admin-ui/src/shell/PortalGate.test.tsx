import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PortalGate } from './PortalGate';
import { UserContextProvider } from './UserContextProvider';
import { userContextStore, type UserContext } from '../lib/userContext';

const contextWith = (permissions: string[], user: Partial<UserContext['currentUser']> = {}) =>
  ({
    currentUser: { asp_users_id: 1, user_id: 'u', supplier_portal_user: false, customer_portal_user: false, ...user },
    currentSite: { site_id: 4, siteCode: 'GEA-MAIN' },
    permissions: permissions.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })),
    menuItems: [],
  }) as unknown as UserContext;

function renderGate(context: UserContext) {
  userContextStore.set(context);
  const leave = vi.fn();
  render(
    <UserContextProvider>
      <PortalGate leave={leave}>
        <div data-testid="console-shell">menu</div>
      </PortalGate>
    </UserContextProvider>,
  );
  return leave;
}

describe('PortalGate', () => {
  afterEach(() => userContextStore.clear());

  it('sends a customer-portal user to the portal without mounting the console (no menu call to answer 403)', () => {
    const leave = renderGate(contextWith(['CustomerPortalUser']));
    expect(screen.queryByTestId('console-shell')).toBeNull();
    expect(leave).toHaveBeenCalledWith('/portal/#/customer-portal');
  });

  it('sends a supplier to the supplier portal', () => {
    const leave = renderGate(contextWith(['BasicAccess'], { supplier_portal_user: true }));
    expect(screen.queryByTestId('console-shell')).toBeNull();
    expect(leave).toHaveBeenCalledWith('/portal/#/supplier-portal');
  });

  it('shows the console to staff', () => {
    const leave = renderGate(contextWith(['BasicAccess', 'CustomerPortalUser']));
    expect(screen.getByTestId('console-shell')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });
});
