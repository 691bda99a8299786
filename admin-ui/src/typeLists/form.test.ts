import { describe, expect, it } from 'vitest';
import { activeFilterValue, emptyForm, formOf, insertBody, mayChange, updateBody } from './form';

describe('the type value form', () => {
  it('sends empty numbers as null so the server picks the next value id and sort order', () => {
    expect(insertBody({ ...emptyForm(), description: 'Net 120 days', code: 'NET120' })).toEqual({
      siteId: null,
      valueID: null,
      code: 'NET120',
      description: 'Net 120 days',
      description2: '',
      sortOrder: null,
      erpTypeId: null,
    });
    expect(insertBody({ ...emptyForm(), valueID: '42', sortOrder: '5', erpTypeId: '7', description: 'x' })).toMatchObject({ valueID: 42, sortOrder: 5, erpTypeId: 7 });
  });

  it('shows a value as it is and sends its texts back without the value id or scope', () => {
    const form = formOf({
      typeValueId: 9,
      typeCode: 'Terms',
      valueID: 3,
      code: 'NET30',
      description: 'Net 30 days',
      description2: null,
      sortOrder: 30,
      isActive: true,
      siteId: null,
      siteCode: null,
      erpTypeId: null,
      ecsId: null,
      updatedBy: null,
      updatedAt: '2026-01-01T00:00:00Z',
    });
    expect(form).toEqual({ valueID: '3', code: 'NET30', description: 'Net 30 days', description2: '', sortOrder: '30', erpTypeId: '' });
    expect(updateBody(9, { ...form, code: '' })).toEqual({ typeValueId: 9, code: '', description: 'Net 30 days', description2: '', sortOrder: 30 });
  });

  it('limits a client administrator\'s new value to the current site and lets only providers change shared values', () => {
    expect(insertBody({ ...emptyForm(), description: 'Our truck' }, 12)).toMatchObject({ siteId: 12, description: 'Our truck' });
    expect(mayChange({ siteId: null }, false)).toBe(false);
    expect(mayChange({ siteId: 12 }, false)).toBe(true);
    expect(mayChange({ siteId: null }, true)).toBe(true);
  });

  it('maps the status filter to the search\'s isActive', () => {
    expect([activeFilterValue('all'), activeFilterValue('active'), activeFilterValue('inactive')]).toEqual([null, true, false]);
  });
});
