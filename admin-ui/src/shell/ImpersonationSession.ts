// Starting and ending impersonation (docs/auth.md, "Impersonation"): the API answers a token for a new session, which
// replaces the stored one as a sign-in does; then the context is reloaded and every cached query dropped, as after a
// site switch (useSwitchSite), because permissions, sites and data all belong to the other person now.
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi, type Schema } from '../shared/api';
import { notify } from '../shared/events';
import { storeToken } from '../shared/token';
import { hasPermission, userContextStore, type UserContext } from '../lib/userContext';
import { useUserContext } from './UserContextProvider';

export const IMPERSONATE_USERS = 'ImpersonateUsers';
/** Where the way back lands: the user search, where the support user looks for the next person. */
export const RETURN_ROUTE = '/users';
const IMPERSONATOR_KEY = 'asp.impersonator';
const PAGE = 20;

/** The person to act as, as the user search lists them. */
export type ImpersonationTarget = Pick<Schema<'UserRecord'>, 'id' | 'user_id' | 'fname' | 'lname'> &
  Partial<Pick<Schema<'UserRecord'>, 'site_ids'>>;

/**
 * The support user, remembered at the start: while impersonating the context describes only the target
 * (`impersonatedByUserId` is an id), and the target may not read the support user's record.
 */
export interface Impersonator {
  id: number;
  login: string;
  name: string;
}

export function personName(user: { fname?: string | null; lname?: string | null; user_id?: string | null }): string {
  return [user.fname, user.lname].filter(Boolean).join(' ') || user.user_id || '';
}

/** "Bea Buyer (buyer)", or the login alone when the user has no name. */
export function personLabel(user: { fname?: string | null; lname?: string | null; user_id?: string | null }): string {
  const name = [user.fname, user.lname].filter(Boolean).join(' ');
  return name && user.user_id ? `${name} (${user.user_id})` : name || user.user_id || '';
}

/**
 * The active users matching `typed` whom the caller may act as: the console's user search (GET /api/admin/users),
 * which for a holder of ImpersonateUsers alone answers only those (docs/auth.md, "Impersonation").
 */
export function searchUsersToImpersonate(typed: string, signal?: AbortSignal): Promise<Schema<'UserRecord'>[]> {
  const filter = { is_active: true, ...(typed ? { q: typed } : {}) };
  return callApi('get', '/admin/users', {
    query: { filter: JSON.stringify(filter), range: JSON.stringify([0, PAGE - 1]), sort: JSON.stringify(['user_id', 'ASC']) },
    signal,
    quiet: true,
  });
}

export function readImpersonator(expectedId: number | null | undefined): Impersonator | null {
  if (expectedId == null) return null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(IMPERSONATOR_KEY) || 'null');
    if (stored && typeof stored === 'object' && (stored as Impersonator).id === expectedId) return stored as Impersonator;
  } catch {
    // A damaged entry is as good as none: the banner then names no one.
  }
  return null;
}

function rememberImpersonator(context: UserContext | null) {
  const user = context?.currentUser;
  if (!user) return;
  const entry: Impersonator = { id: user.asp_users_id, login: user.user_id, name: personName(user) };
  localStorage.setItem(IMPERSONATOR_KEY, JSON.stringify(entry));
}

// The dialog lives in the layout: the user menu closes, and unmounts its items, when an item is chosen.
let dialogOpen = false;
const dialogListeners = new Set<() => void>();
function setDialogOpen(open: boolean) {
  dialogOpen = open;
  for (const fn of [...dialogListeners]) fn();
}
export const impersonateDialog = {
  open: () => setDialogOpen(true),
  close: () => setDialogOpen(false),
  subscribe(fn: () => void) {
    dialogListeners.add(fn);
    return () => {
      dialogListeners.delete(fn);
    };
  },
  isOpen: () => dialogOpen,
};

export function useImpersonateDialogOpen(): boolean {
  return useSyncExternalStore(impersonateDialog.subscribe, impersonateDialog.isOpen);
}

export interface ImpersonationState {
  /** The user may start an impersonation now (holds ImpersonateUsers and is not already acting as someone). */
  canImpersonate: boolean;
  /** The id of the support user while acting as someone, else null. */
  impersonatedBy: number | null;
  start: (target: ImpersonationTarget) => Promise<void>;
  stop: () => Promise<void>;
}

export function useImpersonation(): ImpersonationState {
  const { context } = useUserContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const impersonatedBy = context?.impersonatedByUserId ?? null;
  const canImpersonate = impersonatedBy == null && hasPermission(context, IMPERSONATE_USERS);

  // Cached queries (permissions, identity, lists) belong to the previous person; wait for the active ones so the
  // routes of the new permissions exist before navigating.
  const switchTo = useCallback(
    async (route: string) => {
      await userContextStore.load();
      await queryClient.invalidateQueries();
      navigate(route);
    },
    [queryClient, navigate],
  );

  const start = useCallback(
    async (target: ImpersonationTarget) => {
      const before = userContextStore.getState().context;
      // Quiet: the dialog or the row action says why it was refused (refusalOf), once.
      storeToken(await callApi('post', '/auth/impersonate', { body: { asp_users_id: target.id }, quiet: true }));
      rememberImpersonator(before);
      // No toast: the banner says it, and a toast would outlive a quick return.
      await switchTo('/homeMain');
    },
    [switchTo],
  );

  const stop = useCallback(async () => {
    storeToken(await callApi('post', '/auth/impersonate/stop'));
    localStorage.removeItem(IMPERSONATOR_KEY);
    await switchTo(RETURN_ROUTE);
    notify('You are back in your own account.', 'success');
  }, [switchTo]);

  return { canImpersonate, impersonatedBy, start, stop };
}
