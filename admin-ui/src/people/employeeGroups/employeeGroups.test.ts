import { describe, expect, it } from 'vitest';
import { employeeGroupCriteria, emptyGroupForm, groupBody, parseAmount } from './employeeGroups';

describe('employee group helpers', () => {
  it('sends blank filters as null and the type as a number', () => {
    expect(employeeGroupCriteria({ text: '  ', group_type: '' })).toEqual({ text: null, group_type: null });
    expect(employeeGroupCriteria({ text: ' maint ', group_type: '2' })).toEqual({ text: 'maint', group_type: 2 });
  });

  it('parses amounts: blank is none, text is refused', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(' 250.5 ')).toBe(250.5);
    expect(parseAmount('abc')).toBe('invalid');
  });

  it('builds the body of a new group and reports amounts that are not numbers', () => {
    const errors: Record<string, string> = {};
    const body = groupBody({ ...emptyGroupForm(), description: ' Night ', limitWeekly: '200', limitDaily: 'x' }, null, errors);
    expect(body.description).toBe('Night');
    expect(body.limitWeekly).toBe(200);
    expect(body.employee_group_id).toBeNull();
    expect(Object.keys(errors)).toEqual(['limitDaily']);
  });
});
