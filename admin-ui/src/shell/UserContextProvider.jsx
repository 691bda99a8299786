import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { userContextStore } from '../lib/userContext';
import { api } from '../shared/api';

const UserContextCtx = createContext(null);

/** Exposes the UserContext store (loaded by the authProvider after sign-in) to the shell's components. */
export function UserContextProvider({ children }) {
  const state = useSyncExternalStore(userContextStore.subscribe, userContextStore.getState);
  const value = useMemo(
    () => ({
      ...state,
      reload: (siteCode) => userContextStore.load(siteCode),
      /** PUT /api/V1/Site/CurrentSite answers the new context, which replaces the old one everywhere. */
      changeSite: async (siteCode) => {
        const context = await api.put('/api/V1/Site/CurrentSite', { site_code: siteCode });
        userContextStore.set(context);
        return context;
      },
      setContext: (context) => userContextStore.set(context),
    }),
    [state],
  );
  return <UserContextCtx.Provider value={value}>{children}</UserContextCtx.Provider>;
}

export function useUserContext() {
  const value = useContext(UserContextCtx);
  if (!value) throw new Error('useUserContext must be used inside <UserContextProvider>');
  return value;
}
