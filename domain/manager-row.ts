import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from './constants';
import { FIELD_MAX_LENGTHS } from './top-content';

// docs/product.md §5 "Manager row" and "User types offered", used by the managers screen and the server.

export interface ManagerRowFields {
  mail: string;
  user_name: string;
  customer_code: number | string | null;
  user_type_id: number | string | null;
}

export type ManagerRowProblem = 'empty' | 'invalid' | 'tooLong' | 'notOneLine';

/** Mail must contain an @ with non-space text on both sides (docs/product.md §5). */
export const isManagerMail = (mail: string) => /^\S+@\S+$/.test(mail.trim());

/**
 * A user name is one line of text and nothing else: it is shown in the portal and in the mails the
 * portal sends to the person's address, so line breaks (and every other control or direction
 * character) and anything a mail reader would turn into a link (a URL, a host name, a mail
 * address) are refused. Full-width spellings count as their ASCII forms.
 */
export function isOneLineName(name: string): boolean {
  if (/[\p{Cc}\p{Zl}\p{Zp}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u.test(name)) return false;
  const folded = name.normalize('NFKC').toLowerCase();
  if (/[a-z][a-z0-9+.-]*:\/\/|\b(mailto|javascript|data):|\bwww\./.test(folded)) return false;
  if (/[^\s@]+@[^\s@]+\.[^\s@]+/.test(folded)) return false;
  // A host name: labels joined by dots ending in a top-level domain mail readers link.
  return !/[a-z0-9-]+\.(?:[a-z0-9-]+\.)*(?:com|net|org|info|biz|jp|io|co|me|ly|to|gl|gd|tk|ru|cn|us|uk|de|xyz|top|app|dev|link|site|online|shop|club|click|page)(?![a-z0-9])/.test(
    folded,
  );
}

/** Type 3 only with customer 99999, and 99999 only with type 3 (docs/product.md §5). */
export function isUserTypeAllowedForCustomer(customerCode: number, userTypeId: number): boolean {
  return (customerCode === STAFF_CUSTOMER_CODE) === (userTypeId === STAFF_USER_TYPE_ID);
}

/** The user types the permission select offers for a customer (docs/product.md §5). */
export function userTypesOffered<T extends { id: number }>(
  customerCode: number | null,
  all: readonly T[],
): T[] {
  if (customerCode === STAFF_CUSTOMER_CODE) return all.filter((t) => t.id === STAFF_USER_TYPE_ID);
  return all.filter((t) => t.id !== STAFF_USER_TYPE_ID);
}

export function managerRowProblems(
  row: ManagerRowFields,
): Partial<Record<keyof ManagerRowFields, ManagerRowProblem>> {
  const problems: Partial<Record<keyof ManagerRowFields, ManagerRowProblem>> = {};
  if (row.mail.trim() === '') problems.mail = 'empty';
  else if (row.mail.length > FIELD_MAX_LENGTHS.mail!) problems.mail = 'tooLong';
  else if (!isManagerMail(row.mail)) problems.mail = 'invalid';
  if (row.user_name.trim() === '') problems.user_name = 'empty';
  else if (row.user_name.length > FIELD_MAX_LENGTHS.user_name!) problems.user_name = 'tooLong';
  else if (!isOneLineName(row.user_name)) problems.user_name = 'notOneLine';
  const code =
    row.customer_code === null || row.customer_code === '' ? null : Number(row.customer_code);
  const type =
    row.user_type_id === null || row.user_type_id === '' ? null : Number(row.user_type_id);
  if (code === null) problems.customer_code = 'empty';
  else if (!Number.isInteger(code) || code <= 0) problems.customer_code = 'invalid';
  if (type === null) problems.user_type_id = 'empty';
  else if (!Number.isInteger(type)) problems.user_type_id = 'invalid';
  if (
    !problems.customer_code &&
    !problems.user_type_id &&
    !isUserTypeAllowedForCustomer(code!, type!)
  ) {
    problems.user_type_id = 'invalid';
  }
  return problems;
}

/** detail.description of the 409 answers; the screen picks its toast by whether it mentions mail. */
export const DUPLICATE_DESCRIPTIONS = {
  mail: 'mail: このメールアドレスはこの取引先に既に登録されています。',
  customerCode: 'customer_code: この取引先コードには既にこの利用者が登録されています。',
} as const;

/**
 * A corporate administrator may add an existing mail only where that person is already a
 * user of the administrator's corporation, and never a staff account. Any other existing mail (a
 * user of another corporation, the maker's staff) answers 409 with this code; the description
 * names the mail, so a client that only reads it (docs/product.md §8) still marks the mail cell.
 */
export const MAIL_HELD_ELSEWHERE = {
  code: 'MAIL_HELD_ELSEWHERE',
  message:
    '入力したメールアドレスは他の法人または当社のアカウントとして登録されているため、追加できません。追加が必要な場合はお問い合わせ先にご連絡ください。',
  description:
    'mail: このメールアドレスは他の法人または当社のアカウントとして登録されているため、追加できません。',
} as const;

/**
 * A mail whose account at the identity provider has not proved the mail (Firebase may let a person
 * change their own account's mail without confirming it): a row is never joined to it, as that
 * would give the row to whoever changed the mail (docs/decisions/011). 409; the description names
 * the mail, as MAIL_HELD_ELSEWHERE's does.
 */
export const MAIL_NOT_CONFIRMED = {
  code: 'MAIL_NOT_CONFIRMED',
  message:
    '入力したメールアドレスのアカウントは、メールアドレスの確認が済んでいないため追加できません。ご本人にメールアドレスの確認を依頼するか、お問い合わせ先にご連絡ください。',
  description:
    'mail: このメールアドレスのアカウントは、メールアドレスの確認が済んでいないため追加できません。',
} as const;
