import { callApi } from '../shared/api';
import { useUserContext } from '../shell/UserContextProvider';
import { useLoad } from '../ui';
import type { TrackingLevel } from './trackingCodes';

/** The current site's four tracking levels (undefined while loading or without a site). */
export function useTrackingLevels(): { levels: TrackingLevel[] | undefined; reload: () => void } {
  const { context } = useUserContext();
  const siteId = context?.currentSite?.site_id ?? null;
  const loaded = useLoad(
    (signal) => callApi('get', '/V1/TrackingCode/TrackingLevelsBySite/{site}', { path: { site: siteId ?? 0 }, signal, quiet: true }),
    [siteId],
    siteId !== null,
  );
  return { levels: loaded.data, reload: loaded.reload };
}

/** A level's name at the current site ('Cost Centre'); 'Level n' until the levels are known. */
export function useLevelName(level: number | null): string {
  const { levels } = useTrackingLevels();
  return levels?.find((l) => l.trackingLevelID === level)?.description ?? (level ? `Level ${level}` : '');
}
