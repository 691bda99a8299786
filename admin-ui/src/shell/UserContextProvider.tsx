import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { userContextStore, type UserContext, type UserContextState } from '../lib/userContext';
import { callApi } from '../shared/api';

export interface UserContextValue extends UserContextState {
  reload: (siteCode?: string | null) => Promise<UserContext>;
  /** PUT /api/V1/Site/CurrentSite answers the new context, which replaces the old one everywhere. */
  changeSite: (siteCode: string) => Promise<UserContext>;
  setContext: (context: UserContext) => void;
}

const UserContextCtx = createContext<UserContextValue | null>(null);

/** Exposes the UserContext store (loaded by the authProvider after sign-in) to the shell's components. */
export function UserContextProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(userContextStore.subscribe, userContextStore.getState);
  const value = useMemo<UserContextValue>(
    () => ({
      ...state,
      reload: (siteCode) => userContextStore.load(siteCode),
      changeSite: async (siteCode) => {
        const context = await callApi('put', '/V1/Site/CurrentSite', { body: { site_code: siteCode } });
        userContextStore.set(context);
        return context;
      },
      setContext: (context) => userContextStore.set(context),
    }),
    [state],
  );
  return <UserContextCtx.Provider value={value}>{children}</UserContextCtx.Provider>;
}

export function useUserContext(): UserContextValue {
  const value = useContext(UserContextCtx);
  if (!value) throw new Error('useUserContext must be used inside <UserContextProvider>');
  return value;
}
