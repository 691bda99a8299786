import { callApi, type Schema } from '../shared/api';

export type UserContext = Schema<'UserContext'>;
export type UserContextStatus = 'idle' | 'loading' | 'ready' | 'error';
export interface UserContextState {
  status: UserContextStatus;
  context: UserContext | null;
  error: unknown;
}

// The UserContext lives outside React because react-admin's authProvider (getPermissions, getIdentity) needs it
// too; shell/UserContextProvider.tsx exposes it to components.
let state: UserContextState = { status: 'idle', context: null, error: null };
let inflight: Promise<UserContext> | null = null;
const subscribers = new Set<() => void>();

function setState(next: UserContextState) {
  state = next;
  for (const fn of [...subscribers]) fn();
}

export const userContextStore = {
  getState: (): UserContextState => state,
  subscribe(fn: () => void): () => void {
    subscribers.add(fn);
    return () => subscribers.delete(fn);
  },
  /** Loads (or reloads) the context; siteCode selects a site first when it is available to the user. */
  load(siteCode?: string | null): Promise<UserContext> {
    setState({ ...state, status: 'loading', error: null });
    const promise: Promise<UserContext> = callApi('get', '/V1/Site/UserContext', { query: { site_code: siteCode || undefined } })
      .then((context) => {
        if (inflight === promise) inflight = null;
        setState({ status: 'ready', context, error: null });
        return context;
      })
      .catch((error: unknown) => {
        if (inflight === promise) inflight = null;
        setState({ status: 'error', context: state.context, error });
        throw error;
      });
    inflight = promise;
    return promise;
  },
  /** The loaded context, loading it once if needed. */
  ensure(siteCode?: string | null): Promise<UserContext> {
    if (state.status === 'ready' && state.context) return Promise.resolve(state.context);
    if (inflight) return inflight;
    return this.load(siteCode);
  },
  set(context: UserContext): void {
    setState({ status: 'ready', context, error: null });
  },
  clear(): void {
    inflight = null;
    setState({ status: 'idle', context: null, error: null });
  },
};

/** Anything carrying the context's permission list (the tests pass only that). */
type WithPermissions = { permissions?: readonly Schema<'PermissionRef'>[] } | null | undefined;

export function permissionNames(context: WithPermissions): string[] {
  return (context?.permissions || []).map((p) => p.permission_name);
}

/** By name, or by id when given a number (the spec checks 'Add a Release' by the permission's id). */
export function hasPermission(context: WithPermissions, name: string | number): boolean {
  return (context?.permissions || []).some(
    (p) => p.permission_name === name || (typeof name === 'number' && p.security_permission_id === name),
  );
}

export const ADMIN_PERMISSIONS = ['FSSConnectAdmin', 'UserAdminInternal', 'SuperUserAdmin'];
