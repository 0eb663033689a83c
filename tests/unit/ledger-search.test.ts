import { describe, expect, it } from 'vitest';
import { addYears, todayInJapan } from '../../domain/japan-time';
import {
  addKeyword,
  itemNoFilterOf,
  keywordMatchOf,
  ledgerDateWindow,
  ledgerSearchCriteriaOf,
  ledgerSearchProblems,
  ledgerStatusOf,
  matchesItemNo,
  matchesLedgerSearch,
  normalizeItemNo,
  normalizeKeywords,
  orderNoFolded,
  orderNoOfKeyword,
  parseDateInput,
  parseLedgerStatus,
  parseStatusFilter,
  searchFolded,
} from '../../domain/ledger-search';

describe('status (docs/product.md §7: all / shipped / backlog)', () => {
  it('reads the codes, the Japanese wording, and empty as all', () => {
    expect(parseStatusFilter('shipped')).toBe('shipped');
    expect(parseStatusFilter('出荷済')).toBe('shipped');
    expect(parseStatusFilter(' 受注残 ')).toBe('backlog');
    expect(parseStatusFilter('全て')).toBe('all');
    expect(parseStatusFilter('')).toBe('all');
    expect(parseStatusFilter(undefined)).toBe('all');
    expect(parseStatusFilter('キャンセル')).toBeNull();
  });

  it('maps a filter to the stored wording, all to no condition', () => {
    expect(ledgerStatusOf('shipped')).toBe('出荷済');
    expect(ledgerStatusOf('backlog')).toBe('受注残');
    expect(ledgerStatusOf('all')).toBeNull();
  });

  it('a line status is shipped or backlog, never all or empty', () => {
    expect(parseLedgerStatus('受注残')).toBe('受注残');
    expect(parseLedgerStatus('shipped')).toBe('出荷済');
    expect(parseLedgerStatus('全て')).toBeNull();
    expect(parseLedgerStatus('')).toBeNull();
  });
});

describe('keywords (docs/product.md §5: at most 5, trimmed, non-empty)', () => {
  it('trims, drops blanks and repeats, splits a string at white space incl. full-width', () => {
    expect(normalizeKeywords([' 山田 ', '', '  ', '太陽光', '山田'])).toEqual(['山田', '太陽光']);
    expect(normalizeKeywords('山田\u3000太陽光  KR-10 ')).toEqual(['山田', '太陽光', 'KR-10']);
    expect(normalizeKeywords(null)).toEqual([]);
  });

  it('the chip input adds a trimmed keyword and stops at five', () => {
    let list: string[] = [];
    for (const raw of [' a ', 'b', '', 'a', 'c', 'd', 'e', 'f']) list = addKeyword(list, raw);
    expect(list).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('search_type_flag 2 is AND, anything else OR', () => {
    expect(keywordMatchOf(2)).toBe('and');
    expect(keywordMatchOf(1)).toBe('or');
    expect(keywordMatchOf(undefined)).toBe('or');
  });
});

describe('text in another width', () => {
  it('folds full-width letters, digits and signs to ASCII, half-width katakana to full-width, and case', () => {
    expect(searchFolded('ＫＲ－１０２０')).toBe('kr-1020');
    expect(searchFolded('ｸﾗﾝﾌﾟ')).toBe('クランプ');
    expect(searchFolded('第１団地　Ａ棟')).toBe('第1団地 a棟');
    expect(searchFolded('山田様邸')).toBe('山田様邸');
  });

  it('matches a line stored in one width by a search typed in the other', () => {
    const stored = {
      customer_code: 10001,
      status: '出荷済',
      sale_order_no: 'SO2610-000001',
      delivery_no: 'DN2610-000001',
      shipping_label_number: '462055082796',
      sale_order_date: '2026-10-01',
      shipped_date: '2026-10-05',
      expected_delivery_date: '2026-10-07',
      property_name: '第１団地',
      item_name: 'CL-35',
      model_name: 'ﾁｭｳｶﾝｸﾗﾝﾌﾟ',
      destination_name1: '',
      destination_name2: '',
    };
    const by = (input: object) =>
      matchesLedgerSearch(
        stored,
        ledgerSearchCriteriaOf({ customer_code: 10001, ...input }, '2026-11-22'),
      );
    expect(by({ property_name: '第1団地' })).toBe(true);
    expect(by({ product_name: 'クランプ' })).toBe(true);
    expect(by({ text_field: ['ｸﾗﾝﾌﾟ', '第１'], search_type_flag: 2 })).toBe(true);
    expect(by({ property_name: '第2団地' })).toBe(false);
  });
});

describe('item numbers (docs/product.md §4, §5)', () => {
  it('are upper-cased, trimmed and full-width letters count as ASCII', () => {
    expect(normalizeItemNo(' kr-1020 ')).toBe('KR-1020');
    expect(normalizeItemNo('ＫＲ－１０')).toBe('KR-10');
    expect(normalizeItemNo(null)).toBe('');
  });

  it('equal start and end is a prefix match', () => {
    const filter = itemNoFilterOf('kr-10', 'KR-10');
    expect(filter).toEqual({ kind: 'prefix', prefix: 'KR-10' });
    expect(matchesItemNo('KR-1020-BK', filter)).toBe(true);
    expect(matchesItemNo('KR-10', filter)).toBe(true);
    expect(matchesItemNo('KR-2040-BK', filter)).toBe(false);
    expect(matchesItemNo('XKR-10', filter)).toBe(false);
  });

  it('start <= item <= end; only a start or only an end bounds one side', () => {
    const range = itemNoFilterOf('KR-1020', 'KR-1030');
    expect(range).toEqual({ kind: 'range', from: 'KR-1020', to: 'KR-1030' });
    expect(matchesItemNo('KR-1020', range)).toBe(true);
    expect(matchesItemNo('KR-1025-BK', range)).toBe(true);
    expect(matchesItemNo('KR-1030', range)).toBe(true);
    // Longer than the end with the same beginning sorts after it.
    expect(matchesItemNo('KR-1030-SV', range)).toBe(false);
    expect(matchesItemNo('KR-1019', range)).toBe(false);
    const from = itemNoFilterOf('SR', '');
    expect(from).toEqual({ kind: 'range', from: 'SR', to: null });
    expect(matchesItemNo('SR-200-GL', from)).toBe(true);
    expect(matchesItemNo('RF-100-GL', from)).toBe(false);
    const to = itemNoFilterOf(null, 'CL-35-BK');
    expect(matchesItemNo('CL-35-BK', to)).toBe(true);
    expect(matchesItemNo('CL-40-AL', to)).toBe(false);
    expect(itemNoFilterOf(' ', '')).toBeNull();
  });
});

describe('dates (docs/product.md §4: empty dates mean two years back to two years ahead)', () => {
  it('reads YYYY-MM-DD and YYYY/M/D; refuses days that do not exist', () => {
    expect(parseDateInput('2026-04-01')).toBe('2026-04-01');
    expect(parseDateInput('2026/4/1')).toBe('2026-04-01');
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput(null)).toBeNull();
    expect(parseDateInput('2026-02-29')).toBeUndefined();
    expect(parseDateInput('2028-02-29')).toBe('2028-02-29');
    expect(parseDateInput('01.04.2026')).toBeUndefined();
  });

  it('moves by years; 29 February becomes 28 February', () => {
    expect(addYears('2026-11-22', -2)).toBe('2024-11-22');
    expect(addYears('2028-02-29', 2)).toBe('2030-02-28');
  });

  it('fills each empty bound on its own', () => {
    expect(ledgerDateWindow(null, null, '2026-11-22')).toEqual({
      from: '2024-11-22',
      to: '2028-11-22',
    });
    expect(ledgerDateWindow('2026-01-01', null, '2026-11-22')).toEqual({
      from: '2026-01-01',
      to: '2028-11-22',
    });
  });

  it('today is the calendar date in Japan', () => {
    expect(todayInJapan(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(todayInJapan(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
  });
});

describe('the whole search', () => {
  const line = {
    customer_code: 10001,
    status: '受注残',
    sale_order_no: 'SO2611-000754',
    delivery_no: '',
    shipping_label_number: '',
    sale_order_date: '2026-10-01',
    shipped_date: null,
    expected_delivery_date: '2026-12-10',
    property_name: '山田様邸 新築工事',
    item_name: 'KR-1020-BK',
    model_name: '屋根用取付金具 KR-1020 (ブラック)',
    destination_name1: '山田様邸 現場',
    destination_name2: '現場担当 鈴木様',
  };

  it('builds criteria from the spec body; item_no alone is a prefix match', () => {
    expect(
      ledgerSearchCriteriaOf(
        {
          customer_code: 10001,
          item_no: 'kr-10',
          status: '受注残',
          text_field: ' 山田 ',
          search_type_flag: 2,
          product_name: ' ',
        },
        '2026-11-22',
      ),
    ).toEqual({
      customerCode: 10001,
      from: '2024-11-22',
      to: '2028-11-22',
      dateField: 'sale_order_date',
      status: '受注残',
      itemNo: { kind: 'prefix', prefix: 'KR-10' },
      orderNo: null,
      productName: null,
      propertyName: null,
      keywords: ['山田'],
      keywordMatch: 'and',
    });
  });

  it('names the problems of an input by field', () => {
    expect(
      ledgerSearchProblems({
        customer_code: 1,
        from_date: '2026-10-02',
        to_date: '2026-10-01',
        status: 'x',
        text_field: ['a', 'b', 'c', 'd', 'e', 'f'],
        item_no: 'A',
        item_no_end: 'B',
      }),
    ).toEqual({
      to_date: 'date-order',
      status: 'invalid-status',
      text_field: 'too-many-keywords',
      item_no: 'item-no-conflict',
    });
    expect(ledgerSearchProblems({ customer_code: 1 })).toEqual({});
  });

  it('matches in memory as the SQL does: OR / AND keywords, case-insensitive names', () => {
    const criteria = (input: object) =>
      ledgerSearchCriteriaOf({ customer_code: 10001, ...input }, '2026-11-22');
    expect(matchesLedgerSearch(line, criteria({}))).toBe(true);
    expect(matchesLedgerSearch(line, criteria({ status: 'shipped' }))).toBe(false);
    expect(matchesLedgerSearch(line, criteria({ text_field: ['鈴木', '無し'] }))).toBe(true);
    expect(
      matchesLedgerSearch(line, criteria({ text_field: ['鈴木', '無し'], search_type_flag: 2 })),
    ).toBe(false);
    expect(matchesLedgerSearch(line, criteria({ text_field: ['kr-1020-bk'] }))).toBe(true);
    expect(matchesLedgerSearch(line, criteria({ product_name: 'kr-1020' }))).toBe(true);
    expect(matchesLedgerSearch(line, criteria({ property_name: '佐藤' }))).toBe(false);
    expect(matchesLedgerSearch(line, criteria({ to_date: '2026-09-30' }))).toBe(false);
    expect(
      matchesLedgerSearch(line, ledgerSearchCriteriaOf({ customer_code: 10002 }, '2026-11-22')),
    ).toBe(false);
  });

  it('finds a line by its order number typed with or without hyphens, in full width, or by its start', () => {
    const criteria = (input: object) =>
      ledgerSearchCriteriaOf({ customer_code: 10001, ...input }, '2026-11-22');
    for (const typed of [
      'SO2611-000754',
      'so2611000754',
      'ＳＯ２６１１ー０００７５４',
      'SO2611-00',
    ]) {
      expect(matchesLedgerSearch(line, criteria({ order_no: typed })), typed).toBe(true);
    }
    expect(matchesLedgerSearch(line, criteria({ order_no: '2611-000754' }))).toBe(false);
    expect(matchesLedgerSearch(line, criteria({ order_no: 'SO2611-000755' }))).toBe(false);
    // A keyword chip that reads as a number also finds the line by its order number's start.
    expect(matchesLedgerSearch(line, criteria({ text_field: ['so2611000754'] }))).toBe(true);
    expect(orderNoFolded(' ＳＯ２６１１－０００７５４ ')).toBe('so2611000754');
    expect(orderNoOfKeyword('SO2611-0007')).toBe('so26110007');
    expect(orderNoOfKeyword('4620-5508')).toBe('46205508');
    // A model code or a short number is a keyword only: fewer than six digits.
    expect(orderNoOfKeyword('KR-1020')).toBeNull();
    expect(orderNoOfKeyword('SPM-450')).toBeNull();
    expect(orderNoOfKeyword('SO2611')).toBeNull();
    expect(orderNoOfKeyword('山田')).toBeNull();
    expect(orderNoOfKeyword('ーー')).toBeNull();
  });

  it('applies the date range to the chosen date: a line without that date is outside', () => {
    const criteria = (input: object) =>
      ledgerSearchCriteriaOf({ customer_code: 10001, ...input }, '2026-11-22');
    const december = { from_date: '2026-12-01', to_date: '2026-12-31' };
    expect(matchesLedgerSearch(line, criteria(december))).toBe(false);
    expect(
      matchesLedgerSearch(line, criteria({ ...december, date_field: 'expected_delivery_date' })),
    ).toBe(true);
    expect(matchesLedgerSearch(line, criteria({ date_field: 'shipped_date' }))).toBe(false);
  });
});
