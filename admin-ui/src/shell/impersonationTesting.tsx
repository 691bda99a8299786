// Test code only: the people of the impersonation tests and a probe of the router's location.
import { useLocation } from 'react-router';
import { userContextStore, type UserContext } from '../lib/userContext';

export const SUPPORT = { asp_users_id: 9, user_id: 'support', fname: 'Sam', lname: 'Support' };
export const BUYER = { asp_users_id: 3, user_id: 'buyer', fname: 'Bea', lname: 'Buyer' };
const SITES = [
  { site_id: 1, siteCode: 'ACME-NORTH' },
  { site_id: 2, siteCode: 'ACME-SOUTH' },
];

/** A context as the API answers it for `user`, with these permissions and, when acting as them, the support user. */
export function contextOf(user: typeof SUPPORT, permissions: string[], impersonatedByUserId: number | null = null): UserContext {
  return {
    currentUser: user,
    currentSite: SITES[0],
    availableSites: SITES,
    permissions: permissions.map((permission_name, i) => ({ permission_name, security_permission_id: i + 1 })),
    aspUserSettings: [],
    menuItems: [],
    aspShortcuts: [],
    impersonatedByUserId,
  } as unknown as UserContext;
}

export function signIn(context: UserContext) {
  userContextStore.set(context);
}

export function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}
