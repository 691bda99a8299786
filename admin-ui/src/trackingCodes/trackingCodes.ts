// Tracking levels and codes (docs/tracking-codes.md): wire shapes, addresses, the route guard's decision and the
// menu entries named by the site's levels.
import type { MenuEntry } from '../lib/menu';
import type { Schema } from '../shared/api';

export type TrackingLevel = Schema<'TrackingLevel'>;
export type TrackingCodeDetail = Schema<'TrackingCodeDetail'>;
export type TrackingCodeRow = Schema<'TrackingCodeFull'>;

export const TRACKING_CODE_EDIT = 'TrackingCodeEdit';
export const TRACKING_LEVEL_ADMIN = 'TrackingLevelAdmin';
export const LEVEL_VIEW = ['T1View', 'T2View', 'T3View', 'T4View'] as const;
export const LEVELS_ROUTE = '/trackingcode/levels';
export const WRONG_LEVEL = 'The tracking code you are trying to find does not exist in this tracking level.';
export const NOT_FOUND = 'The tracking code you are trying to find does not exist.';
export const INVALID_ROUTE = 'Invalid route guard';

export const SUSPENSION_REASONS = [
  { value: '1', label: 'Budget exhausted' },
  { value: '2', label: 'Project closed' },
  { value: '3', label: 'Under review' },
  { value: '4', label: 'Other' },
];

export const TIMINGS = [
  { value: '0', label: 'None' },
  { value: '1', label: 'On receipt' },
  { value: '2', label: 'On issue' },
];

export const searchRoute = (level: number | string) => `/trackingcode/trackingCodeSearch/${level}`;
export const detailRoute = (level: number | string, id: number | string) => `${searchRoute(level)}?id=${id}`;

/** The route's level (1-4) or null. */
export function parseLevel(raw: string | undefined | null): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 4 && String(raw).trim() === String(n) ? n : null;
}

export type GuardOutcome = { kind: 'ok' } | { kind: 'refused'; message: string };

/**
 * Spec 4 section 2, tracking code route: the code's level must equal the route's. `found` is the code's level as the
 * lookup answered it (null: the lookup answered 404/400).
 */
export function guardDecision(routeLevel: number | null, id: string | null, found: { trackingLevelID: number } | null): GuardOutcome {
  if (routeLevel === null || id === null || !/^\d+$/.test(id)) return { kind: 'refused', message: INVALID_ROUTE };
  if (!found) return { kind: 'refused', message: NOT_FOUND };
  if (found.trackingLevelID !== routeLevel) return { kind: 'refused', message: WRONG_LEVEL };
  return { kind: 'ok' };
}

const GROUP = 'Controls';

/**
 * The server's menu with a "Tracking Codes" heading in its Controls group: one entry per active level of the current
 * site (named by the level's description) for holders of the level's view permission, and the level settings for
 * TrackingLevelAdmin.
 */
export function withTrackingMenu(
  items: MenuEntry[],
  levels: readonly Pick<TrackingLevel, 'trackingLevelID' | 'description' | 'isActive'>[] | undefined,
  holds: (permission: string) => boolean,
): MenuEntry[] {
  const entry = (page: string, title: string, route: string): MenuEntry => ({ page, title, angularRoute: route, url: null, externalRoute: false, subMenuItems: [] });
  const children: MenuEntry[] = (levels ?? [])
    .filter((l) => l.isActive && holds(LEVEL_VIEW[l.trackingLevelID - 1] ?? ''))
    .map((l) => entry(`trackingCodes${l.trackingLevelID}`, l.description, searchRoute(l.trackingLevelID)));
  if (holds(TRACKING_LEVEL_ADMIN)) children.push(entry('trackingLevels', 'Tracking Levels', LEVELS_ROUTE));
  if (!children.length) return items;
  const heading: MenuEntry = { ...entry('trackingCodes', 'Tracking Codes', ''), angularRoute: null, subMenuItems: children };
  const index = items.findIndex((item) => item.page === GROUP || item.title === GROUP);
  if (index < 0) return [...items, { page: GROUP, title: GROUP, subMenuItems: [heading] }];
  const group = items[index];
  const others = (group.subMenuItems ?? []).filter((c): c is MenuEntry => Boolean(c) && c?.page !== 'trackingCodes');
  return items.map((item, i) => (i === index ? { ...group, subMenuItems: [...others, heading] } : item));
}

/** Limits as the form holds them (text) to the API's numbers (empty: no limit). */
export function limitValue(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const t = String(text).trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
}
