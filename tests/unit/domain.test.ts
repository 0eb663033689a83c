import { describe, expect, it } from 'vitest';
import { fixExpectedDeliveryDate } from '../../domain/expected-delivery-date';
import { isOneLineName } from '../../domain/manager-row';
import { pageTitle } from '../../domain/page-title';
import { canEditTop, canOpenManagers, isCorporateAdmin, isStaff } from '../../domain/user-type';

describe('user types (docs/product.md §1, §6)', () => {
  it('staff are customer 99999 with type 3, and only that pair', () => {
    expect(isStaff({ customerCode: 99999, userTypeId: 3 })).toBe(true);
    expect(isStaff({ customerCode: 10001, userTypeId: 3 })).toBe(false);
    expect(isStaff({ customerCode: 99999, userTypeId: 1 })).toBe(false);
  });

  it('every type except 2 and 3 is a corporate administrator', () => {
    expect(isCorporateAdmin(1)).toBe(true);
    expect(isCorporateAdmin(4)).toBe(true);
    expect(isCorporateAdmin(2)).toBe(false);
    expect(isCorporateAdmin(3)).toBe(false);
  });

  it('general users may not open /managers; only staff may edit the top page', () => {
    expect(canOpenManagers(2)).toBe(false);
    expect(canOpenManagers(1)).toBe(true);
    expect(canOpenManagers(3)).toBe(true);
    expect(canEditTop(3)).toBe(true);
    expect(canEditTop(1)).toBe(false);
  });
});

describe('expected delivery date (docs/product.md §4)', () => {
  it('rewrites year 1900 to 2025 and leaves other dates alone', () => {
    expect(fixExpectedDeliveryDate('1900-03-15')).toBe('2025-03-15');
    expect(fixExpectedDeliveryDate('2026-03-15')).toBe('2026-03-15');
    expect(fixExpectedDeliveryDate(null)).toBeNull();
  });
});

describe('page title', () => {
  it('is the product name, a separator and the page name', () => {
    expect(pageTitle('お客様ポータル', '注文一覧')).toBe('お客様ポータル | 注文一覧');
    expect(pageTitle('お客様ポータル')).toBe('お客様ポータル');
  });
});

describe('user names are one line without links', () => {
  it.each([
    '山田 太郎',
    'J. Smith',
    'T.Yamada',
    '株式会社東和ルーフ 大阪営業所',
    'Jean-Luc O’Neil',
  ])('takes %j', (name) => expect(isOneLineName(name)).toBe(true));
  it.each([
    '山田\n太郎',
    '山田\r太郎',
    '山田\u0085太郎',
    '山田\u2029太郎',
    '山田\u200B太郎',
    'abc\u202Edef',
    '\u2066隠し\u2069',
    'https://evil.example',
    'ftp://files.example',
    'ｈｔｔｐ：／／ｅｖｉｌ',
    'javascript:alert(1)',
    'www.example',
    'evil-portal.com',
    'login.evil.co.jp',
    'ＥＶＩＬ．ＣＯＭ',
    'a@b.example',
  ])('refuses %j', (name) => expect(isOneLineName(name)).toBe(false));
});
