import { describe, expect, it } from 'vitest';
import { passwordFormErrors } from './PasswordDialog';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '../lib/passwordRule';

describe('change password form', () => {
  it('needs both fields, a rule-abiding password and a matching confirmation', () => {
    expect(passwordFormErrors({ password: '', confirm_password: '' }, { requireCurrent: false })).toEqual({
      password: 'Required',
      confirm_password: 'Required',
    });
    expect(passwordFormErrors({ password: 'short', confirm_password: 'short' }, { requireCurrent: false })).toEqual({
      password: PASSWORD_RULE_MESSAGE,
    });
    expect(passwordFormErrors({ password: 'Abcdefg1', confirm_password: 'Abcdefg2' }, { requireCurrent: false })).toEqual({
      confirm_password: PASSWORD_MISMATCH_MESSAGE,
    });
    expect(passwordFormErrors({ password: 'Abcdefg1', confirm_password: 'Abcdefg1' }, { requireCurrent: false })).toEqual({});
  });
  it('the self-service form also needs the current password', () => {
    expect(passwordFormErrors({ current_password: '', password: 'Abcdefg1', confirm_password: 'Abcdefg1' })).toEqual({
      current_password: 'Required',
    });
  });
});
