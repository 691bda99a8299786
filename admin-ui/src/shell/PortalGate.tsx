import { useEffect, type ReactNode } from 'react';
import { portalRedirectFor } from '../home/HomePage';
import { useUserContext } from './UserContextProvider';

const leavePage = (url: string) => window.location.assign(url);

/**
 * A portal user who signs in at the console (`/`) goes to the portal before any part of the console mounts: the top
 * menu, the search box and the home page each load data a portal user may not read (the menu's tracking levels
 * answered 403 on the way, issue 22), so none of them is rendered once the context says where the user belongs.
 */
export function PortalGate({ children, leave = leavePage }: { children: ReactNode; leave?: (url: string) => void }) {
  const { context } = useUserContext();
  const redirect = portalRedirectFor(context);
  useEffect(() => {
    if (redirect) leave(redirect);
  }, [redirect, leave]);
  if (redirect) return null;
  return <>{children}</>;
}
