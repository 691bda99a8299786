import { describe, expect, it } from 'vitest';
import { cipCriteria, cipSearchErrors, cipSearchFromQuery, emptyCipSearch } from './cipSearch';

describe('CID/CIP search criteria', () => {
  it('sends nothing but nulls for an empty form', () => {
    expect(Object.values(cipCriteria(emptyCipSearch())).every((v) => v === null)).toBe(true);
  });
  it('sends typed filters: numbers as numbers, choices as booleans, locations upper case', () => {
    const criteria = cipCriteria({ ...emptyCipSearch(), cid_no: '12', status_id: '1', location: ' a-01 ', below_min: 'true', consigned: 'false', text: ' bearing ' });
    expect(criteria).toMatchObject({ cid_no: 12, status_id: 1, location: 'A-01', below_min: true, consigned: false, text: 'bearing', cip_no: null });
  });
  it("refuses ids that are not numbers with the search box's message", () => {
    expect(cipSearchErrors({ cip_no: 'C10', cid_no: '7' })).toEqual({ cip_no: 'CIP Id must be a number.' });
    expect(cipSearchErrors({ cip_no: '10' })).toEqual({});
  });
  it('starts from the address', () => {
    expect(cipSearchFromQuery(new URLSearchParams('cid_no=12&text=glove&unknown=1'))).toMatchObject({ cid_no: '12', text: 'glove' });
  });
});
