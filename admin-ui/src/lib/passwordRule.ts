export const PASSWORD_RULE_MESSAGE =
  'Must contain 3 of 4 - 1 uppercase, 1 lowercase, 1 number, 1 special character, and be at least 8 characters.';
export const PASSWORD_MISMATCH_MESSAGE = 'The password fields do not match.';

// Only these count as "special"; other non-space characters are allowed but do not add a class.
const SPECIAL = /[@#$%!^&*+=]/;

/** Returns the rule's message when the password breaks it, otherwise undefined (react-admin validator shape). */
export function validatePassword(password: string | null | undefined): string | undefined {
  const value = password ?? '';
  if (value.length < 8 || /\s/.test(value)) return PASSWORD_RULE_MESSAGE;
  const classes = [/\d/, /[A-Z]/, /[a-z]/, SPECIAL].filter((re) => re.test(value)).length;
  return classes >= 3 ? undefined : PASSWORD_RULE_MESSAGE;
}

export function validatePasswordConfirmation(password: string | null | undefined, confirmation: string | null | undefined): string | undefined {
  return (password ?? '') === (confirmation ?? '') ? undefined : PASSWORD_MISMATCH_MESSAGE;
}
