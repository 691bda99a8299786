import { api } from '../shared/api';
import { useUserContext } from '../shell/UserContextProvider';
import { useLoad } from '../ui';
import type { TrackingLevel } from './trackingCodes';

/** The current site's four tracking levels (undefined while loading or without a site). */
export function useTrackingLevels(): { levels: TrackingLevel[] | undefined; reload: () => void } {
  const { context } = useUserContext();
  const siteId = context?.currentSite?.site_id ?? null;
  const loaded = useLoad(
    (signal) => api.get<TrackingLevel[]>(`/api/V1/TrackingCode/TrackingLevelsBySite/${siteId}`, { signal, quiet: true }),
    [siteId],
    siteId !== null,
  );
  return { levels: loaded.data, reload: loaded.reload };
}
