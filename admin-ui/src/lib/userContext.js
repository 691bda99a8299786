import { api } from '../shared/api';

// The UserContext lives outside React because react-admin's authProvider (getPermissions, getIdentity) needs it
// too; shell/UserContextProvider.jsx exposes it to components.
let state = { status: 'idle', context: null, error: null };
let inflight = null;
const subscribers = new Set();

function setState(next) {
  state = next;
  for (const fn of [...subscribers]) fn();
}

export const userContextStore = {
  getState: () => state,
  subscribe(fn) {
    subscribers.add(fn);
    return () => subscribers.delete(fn);
  },
  /** Loads (or reloads) the context; siteCode selects a site first when it is available to the user. */
  load(siteCode) {
    const query = siteCode ? `?site_code=${encodeURIComponent(siteCode)}` : '';
    setState({ ...state, status: 'loading', error: null });
    const promise = api
      .get(`/api/V1/Site/UserContext${query}`)
      .then((context) => {
        if (inflight === promise) inflight = null;
        setState({ status: 'ready', context, error: null });
        return context;
      })
      .catch((error) => {
        if (inflight === promise) inflight = null;
        setState({ status: 'error', context: state.context, error });
        throw error;
      });
    inflight = promise;
    return promise;
  },
  /** The loaded context, loading it once if needed. */
  ensure(siteCode) {
    if (state.status === 'ready') return Promise.resolve(state.context);
    if (inflight) return inflight;
    return this.load(siteCode);
  },
  set(context) {
    setState({ status: 'ready', context, error: null });
  },
  clear() {
    inflight = null;
    setState({ status: 'idle', context: null, error: null });
  },
};

export function permissionNames(context) {
  return (context?.permissions || []).map((p) => p.permission_name);
}

export function hasPermission(context, name) {
  return (context?.permissions || []).some(
    (p) => p.permission_name === name || (typeof name === 'number' && p.security_permission_id === name),
  );
}

export const ADMIN_PERMISSIONS = ['FSSConnectAdmin', 'UserAdminInternal', 'SuperUserAdmin'];
