import { describe, expect, it } from 'vitest';
import {
  isUserTypeAllowedForCustomer,
  managerRowProblems,
  userTypesOffered,
} from '../../domain/manager-row';
import {
  meetsPasswordPolicy,
  newPasswordRefusal,
  PASSWORD_POLICY_TEXT,
  passwordProblems,
  SURROUNDING_SPACE_TEXT,
} from '../../domain/password-policy';
import {
  bannerProblems,
  fieldProblemMessage,
  isAllowedImageUrl,
  isAllowedLink,
  noticeProblems,
} from '../../domain/top-content';

describe('password policy (docs/product.md §5)', () => {
  it('needs 8 characters with a letter, a digit and a symbol', () => {
    expect(meetsPasswordPolicy('Passw0rd!')).toBe(true);
    expect(meetsPasswordPolicy('a1!aaaaa')).toBe(true);
    expect(passwordProblems('Pa0!')).toEqual(['too-short']);
    expect(passwordProblems('Password!')).toEqual(['no-digit']);
    expect(passwordProblems('12345678!')).toEqual(['no-letter']);
    expect(passwordProblems('Passw0rdd')).toEqual(['no-symbol']);
    expect(meetsPasswordPolicy('ぱすわーど1234!')).toBe(false);
  });
});

describe('notice and banner rules (docs/product.md §5)', () => {
  const prefixes = ['https://', 'http://'];

  it('links must be absolute http(s) URLs starting with a configured prefix', () => {
    expect(isAllowedLink('https://example.com/a', prefixes)).toBe(true);
    expect(isAllowedLink('javascript:alert(1)', prefixes)).toBe(false);
    expect(isAllowedLink('/relative', prefixes)).toBe(false);
    expect(isAllowedLink('https://other.example/', ['https://www.example.co.jp/'])).toBe(false);
  });

  it('refuses white space and escaped host names, which browsers and Node read differently', () => {
    for (const value of [
      'https://exa mple.com',
      'https://example.com/a b',
      'https://exa%20mple.com',
    ]) {
      expect(isAllowedLink(value, prefixes), value).toBe(false);
      expect(isAllowedImageUrl(value), value).toBe(false);
    }
    expect(isAllowedLink('https://例え.jp/お知らせ', prefixes)).toBe(true);
  });

  it('banner images may also be paths on this site, never scripts or protocol-relative URLs', () => {
    expect(isAllowedImageUrl('/demo-assets/banner.svg')).toBe(true);
    expect(isAllowedImageUrl('//evil.example/x.png')).toBe(false);
    expect(isAllowedImageUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedImageUrl('data:image/png;base64,xx')).toBe(false);
  });

  it('names the limit of a text too long, on the notice, the banner and the manager row', () => {
    expect(
      noticeProblems({ title: 'あ'.repeat(200), url: 'https://example.com' }, prefixes),
    ).toEqual({});
    expect(
      noticeProblems({ title: 'あ'.repeat(201), url: 'https://example.com' }, prefixes),
    ).toEqual({
      title: 'tooLong',
    });
    expect(fieldProblemMessage('tooLong', 'title')).toBe('200文字以内で入力してください。');
    expect(fieldProblemMessage('tooLong', 'user_name')).toBe('100文字以内で入力してください。');
    expect(fieldProblemMessage('invalid', 'title')).toBe('形式が正しくありません。');
    const row = { mail: 'a@b', user_name: '名'.repeat(101), customer_code: 10001, user_type_id: 2 };
    expect(managerRowProblems(row)).toEqual({ user_name: 'tooLong' });
    expect(
      managerRowProblems({ ...row, user_name: '名', mail: `${'a'.repeat(250)}@b.jp` }),
    ).toEqual({
      mail: 'tooLong',
    });
  });

  it('marks empty and invalid fields', () => {
    expect(noticeProblems({ title: '', url: 'x' }, prefixes)).toEqual({
      title: 'empty',
      url: 'invalid',
    });
    expect(noticeProblems({ title: 'a', url: 'https://example.com' }, prefixes)).toEqual({});
    expect(
      bannerProblems({ explanation: 'a', image_url: '', destination_url: '' }, prefixes),
    ).toEqual({ image_url: 'empty', destination_url: 'empty' });
  });
});

describe('manager rows (docs/product.md §5)', () => {
  const row = { mail: 'a@b', user_name: '名前', customer_code: 10001, user_type_id: 2 };

  it('needs all four fields, a mail with @ between non-space text, and a numeric permission', () => {
    expect(managerRowProblems(row)).toEqual({});
    expect(managerRowProblems({ ...row, mail: '' })).toEqual({ mail: 'empty' });
    expect(managerRowProblems({ ...row, mail: 'a @b' })).toEqual({ mail: 'invalid' });
    expect(managerRowProblems({ ...row, mail: '@b' })).toEqual({ mail: 'invalid' });
    expect(managerRowProblems({ ...row, user_type_id: 'x' })).toEqual({ user_type_id: 'invalid' });
    expect(managerRowProblems({ ...row, customer_code: null })).toEqual({ customer_code: 'empty' });
  });

  it('type 3 only with customer 99999 and 99999 only with type 3', () => {
    expect(isUserTypeAllowedForCustomer(99999, 3)).toBe(true);
    expect(isUserTypeAllowedForCustomer(99999, 2)).toBe(false);
    expect(isUserTypeAllowedForCustomer(10001, 3)).toBe(false);
    expect(managerRowProblems({ ...row, user_type_id: 3 })).toEqual({ user_type_id: 'invalid' });
    const types = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(userTypesOffered(99999, types)).toEqual([{ id: 3 }]);
    expect(userTypesOffered(10001, types)).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('a password being chosen', () => {
  it('is refused with the policy first, then for a space at either end, else taken', () => {
    expect(newPasswordRefusal('abcdefgh')).toBe(PASSWORD_POLICY_TEXT);
    expect(newPasswordRefusal(undefined)).toBe(PASSWORD_POLICY_TEXT);
    expect(newPasswordRefusal(' Fresh-pass1!')).toBe(SURROUNDING_SPACE_TEXT);
    expect(newPasswordRefusal('Fresh-pass1! ')).toBe(SURROUNDING_SPACE_TEXT);
    expect(newPasswordRefusal('Fresh pass1!')).toBeNull();
  });
});
