import { describe, expect, it } from 'vitest';
import { HttpError } from '../shared/http';
import { checkField, hasErrors, keyWords, serverErrors, validateForm } from './validation';

const RULES = {
  user_id: { label: 'User name', required: true, maxLength: 100 },
  email: { label: 'E-mail', email: true },
  min_qty: { label: 'Minimum', number: true, min: 0 },
  bins: { label: 'Bins', integer: true },
};

describe('validateForm', () => {
  it('finds every problem at once, named by label', () => {
    const errors = validateForm(RULES, { user_id: 'x'.repeat(101), email: 'nope', min_qty: '-1', bins: '2.5' });
    expect(errors).toEqual({
      user_id: 'User name can be at most 100 characters',
      email: 'E-mail must be an e-mail address',
      min_qty: 'Minimum must be at least 0',
      bins: 'Bins must be a whole number',
    });
    expect(hasErrors(errors)).toBe(true);
  });
  it('passes a good form and leaves optional blanks alone', () => {
    const errors = validateForm(RULES, { user_id: 'ada', email: '', min_qty: '3.5', bins: 4 });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });
  it('checks required and numbers', () => {
    expect(checkField(RULES.user_id, '  ')).toBe('User name is required');
    expect(checkField(RULES.min_qty, '3x')).toBe('Minimum must be a number');
    expect(checkField({ label: 'Code', minLength: 3 }, 'ab')).toBe('Code must be at least 3 characters');
  });
});

describe('serverErrors', () => {
  it("puts the server's messages at the fields with labels, the others on the form", () => {
    const error = new HttpError('Bad', 400, {}, [
      { field: 'user_id', error: 'user_id can be at most 100 characters' },
      { field: 'site_code', error: 'is unknown' },
      { field: 'Error', error: 'The user could not be saved.' },
    ]);
    expect(serverErrors(error, RULES)).toEqual({
      fields: { user_id: 'User name can be at most 100 characters' },
      form: 'Site code: is unknown\nThe user could not be saved.',
    });
  });
  it('says keys in words', () => {
    expect(keyWords('user_id')).toBe('User id');
    expect(keyWords('minQty')).toBe('Min qty');
  });
});
