import { describe, expect, it } from 'vitest';
import { detailRoute, guardDecision, INVALID_ROUTE, limitValue, NOT_FOUND, parseLevel, withTrackingMenu, WRONG_LEVEL } from './trackingCodes';

const levels = [
  { trackingLevelID: 1, description: 'Cost Centre', isActive: true },
  { trackingLevelID: 2, description: 'Job', isActive: true },
  { trackingLevelID: 3, description: 'Machine', isActive: true },
  { trackingLevelID: 4, description: 'Level 4', isActive: false },
];

describe('tracking code route guard', () => {
  it('opens a code of the route level and refuses one of another level with the spec message', () => {
    expect(guardDecision(2, '17', { trackingLevelID: 2 })).toEqual({ kind: 'ok' });
    expect(guardDecision(1, '17', { trackingLevelID: 2 })).toEqual({ kind: 'refused', message: WRONG_LEVEL });
    expect(guardDecision(1, '17', null)).toEqual({ kind: 'refused', message: NOT_FOUND });
    expect(guardDecision(null, '17', { trackingLevelID: 2 })).toEqual({ kind: 'refused', message: INVALID_ROUTE });
    expect(guardDecision(1, 'abc', { trackingLevelID: 1 })).toEqual({ kind: 'refused', message: INVALID_ROUTE });
  });

  it('reads only levels 1 to 4 from the route', () => {
    expect([parseLevel('1'), parseLevel('4'), parseLevel('5'), parseLevel('x'), parseLevel('2.5'), parseLevel(undefined)]).toEqual([1, 4, null, null, null, null]);
    expect(detailRoute(3, 9)).toBe('/trackingcode/trackingCodeSearch/3?id=9');
  });

  it('turns limit text into numbers, empty into no limit', () => {
    expect([limitValue(''), limitValue(' 12.5 '), limitValue(null)]).toEqual([null, 12.5, null]);
    expect(Number.isNaN(limitValue('abc'))).toBe(true);
  });
});

describe('tracking menu', () => {
  it('names one entry per active level the user may see, under Controls, and the levels screen for its admin', () => {
    const holds = (p: string) => ['T1View', 'T3View', 'TrackingLevelAdmin'].includes(p);
    const menu = withTrackingMenu([{ page: 'Controls', title: 'Controls', subMenuItems: [{ page: 'users', title: 'Users' }] }], levels, holds);
    const heading = menu[0].subMenuItems?.[1];
    expect(heading?.title).toBe('Tracking Codes');
    expect(heading?.subMenuItems?.map((e) => [e?.title, e?.angularRoute])).toEqual([
      ['Cost Centre', '/trackingcode/trackingCodeSearch/1'],
      ['Machine', '/trackingcode/trackingCodeSearch/3'],
      ['Tracking Levels', '/trackingcode/levels'],
    ]);
  });

  it('adds nothing for a user without any tracking permission and creates Controls when missing', () => {
    expect(withTrackingMenu([], levels, () => false)).toEqual([]);
    const menu = withTrackingMenu([], levels, (p) => p === 'T2View');
    expect(menu[0].page).toBe('Controls');
    expect(menu[0].subMenuItems?.[0]?.subMenuItems?.map((e) => e?.title)).toEqual(['Job']);
  });
});
