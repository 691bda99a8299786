import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  validatePassword,
  validatePasswordConfirmation,
} from './passwordRule';

describe('validatePassword', () => {
  it.each([
    ['Abcdefg1', 'upper, lower, digit'],
    ['abcdefg1!', 'lower, digit, special'],
    ['ABCDEFG1@', 'upper, digit, special'],
    ['Abcdefgh#', 'upper, lower, special'],
    ['Aa1@Aa1@', 'all four classes'],
  ])('accepts %s (%s)', (password) => {
    expect(validatePassword(password)).toBeUndefined();
  });

  it.each([
    ['Abcde1!', 'only 7 characters'],
    ['abcdefgh1', 'two classes: lower and digit'],
    ['ABCDEFGH', 'one class'],
    ['Abcdefgh', 'two classes: upper and lower'],
    ['Abcd efg1', 'contains a space'],
    ['Abcdefg1\t', 'contains a tab'],
    ['abcdefg-1', 'a dash is not one of the special characters'],
    ['', 'empty'],
    [undefined, 'missing'],
  ] as [string | undefined, string][])('rejects %j (%s)', (password) => {
    expect(validatePassword(password)).toBe(PASSWORD_RULE_MESSAGE);
  });

  it('counts each listed special character', () => {
    for (const ch of '@#$%!^&*+=') {
      expect(validatePassword(`abcdefg1${ch}`)).toBeUndefined();
    }
  });

  it('uses the product wording', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Must contain 3 of 4 - 1 uppercase, 1 lowercase, 1 number, 1 special character, and be at least 8 characters.',
    );
  });
});

describe('validatePasswordConfirmation', () => {
  it('passes when both fields match', () => {
    expect(validatePasswordConfirmation('Abcdefg1', 'Abcdefg1')).toBeUndefined();
  });
  it('reports a mismatch', () => {
    expect(validatePasswordConfirmation('Abcdefg1', 'Abcdefg2')).toBe(PASSWORD_MISMATCH_MESSAGE);
    expect(PASSWORD_MISMATCH_MESSAGE).toBe('The password fields do not match.');
  });
});
