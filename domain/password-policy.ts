import { PASSWORD_MIN_LENGTH } from './constants';

// docs/product.md §5: at least 8 characters with a letter, a digit and a symbol. One rule for the login form,
// the reset form and the identity provider on the server.
const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const SYMBOL = /[^A-Za-z0-9\s]/;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too-short' | 'too-long' | 'no-letter' | 'no-digit' | 'no-symbol';

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('too-short');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('too-long');
  if (!LETTER.test(password)) problems.push('no-letter');
  if (!DIGIT.test(password)) problems.push('no-digit');
  if (!SYMBOL.test(password)) problems.push('no-symbol');
  return problems;
}

export function meetsPasswordPolicy(password: string): boolean {
  return passwordProblems(password).length === 0;
}

/**
 * A password being chosen may not begin or end with white space: a space pasted along with it
 * would be part of it, and the same password typed without it would then be "wrong". (Only where a
 * password is chosen; the login form keeps the spec's rule.)
 */
export const hasSurroundingSpace = (password: string) => /^\s|\s$/.test(password);
export const SURROUNDING_SPACE_TEXT = 'パスワードの先頭と末尾に空白は使えません。';

/** Shown where a new password is chosen (the reset form); the login form never explains why. */
export const PASSWORD_POLICY_TEXT =
  'パスワードは8文字以上で、英字・数字・記号をそれぞれ1文字以上含めてください。';

/**
 * The message refusing a password being chosen (a reset, an invitation, a change), or null when it
 * may be chosen: docs/product.md §5's policy first, then no surrounding space. The one rule the
 * server applies under either provider and the screens apply before they send.
 */
export function newPasswordRefusal(password: unknown): string | null {
  if (typeof password !== 'string' || !meetsPasswordPolicy(password)) return PASSWORD_POLICY_TEXT;
  if (hasSurroundingSpace(password)) return SURROUNDING_SPACE_TEXT;
  return null;
}
