import { useCallback } from 'react';
import { useRefresh } from 'react-admin';
import { useNavigate } from 'react-router';
import { notify } from '../shared/events';
import { useUserContext } from './UserContextProvider';
import type { UserContext } from '../lib/userContext';
import type { SiteEntry } from '../lib/sites';

/** Changes the current site, confirms it with a toast and goes to the home page (spec 1, Home page). */
export function useSwitchSite() {
  const { changeSite } = useUserContext();
  const refresh = useRefresh();
  const navigate = useNavigate();
  return useCallback(
    async (site: Pick<SiteEntry, 'siteCode'>): Promise<UserContext> => {
      const context = await changeSite(site.siteCode);
      const code = context?.currentSite?.siteCode || site.siteCode;
      notify(`Site set to ${code}`, 'success');
      // Cached react-admin queries belong to the previous site.
      refresh();
      navigate('/homeMain');
      return context;
    },
    [changeSite, refresh, navigate],
  );
}
