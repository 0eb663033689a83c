import { describe, expect, it } from 'vitest';
import {
  defaultOrderFilters,
  hasOrderSearch,
  type OrderSearchState,
  orderSearchFromParams,
  orderSearchToParams,
} from './order-search-params';

const NOW = new Date('2026-11-22T03:00:00Z');
const parse = (query: string) => orderSearchFromParams(new URLSearchParams(query), NOW);

describe('the orders search in the address', () => {
  it('an address without conditions is the default search', () => {
    expect(hasOrderSearch(new URLSearchParams(''))).toBe(false);
    expect(parse('')).toEqual({
      filters: defaultOrderFilters(NOW),
      sort: null,
      page: 1,
      customer: null,
    });
    expect(parse('').filters).toMatchObject({ status: 'backlog', fromDate: '2026-05-22' });
  });

  it('reads back every condition it wrote', () => {
    const state: OrderSearchState = {
      filters: {
        status: 'shipped',
        dateField: 'expected_delivery_date',
        fromDate: '2025-01-01',
        toDate: '2025-12-31',
        orderNo: 'SO2611-000754',
        propertyName: '市営住宅 第2期',
        itemNoStart: 'KR-10',
        itemNoEnd: 'KR-20',
        productName: '屋根用取付金具',
        keywords: ['瓦', 'ステンレス & 黒'],
        keywordMatch: 'and',
        openInquiry: true,
      },
      sort: { field: 'shipped_date', direction: 'desc' },
      page: 3,
      customer: 10002,
    };
    const query = orderSearchToParams(state).toString();
    expect(parse(query)).toEqual(state);
  });

  it('keeps 問い合わせ中 in the address, and only the value it writes turns it on', () => {
    expect(parse('inquiry=open').filters.openInquiry).toBe(true);
    expect(parse('inquiry=yes').filters.openInquiry).toBe(false);
    expect(orderSearchToParams(parse('status=all')).has('inquiry')).toBe(false);
  });

  it('keeps a cleared start date apart from the default one', () => {
    const cleared = orderSearchToParams({
      filters: { ...defaultOrderFilters(NOW), status: 'all', fromDate: null },
      sort: null,
      page: 1,
      customer: null,
    });
    expect(cleared.get('from')).toBe('');
    expect(parse(cleared.toString()).filters.fromDate).toBeNull();
    expect(parse('status=all').filters.fromDate).toBe('2026-05-22');
  });

  it('falls back to the default of each value that does not parse', () => {
    const state = parse(
      'status=bogus&from=2025-02-30&to=yesterday&sort=price.asc&page=0&customer=-1&match=xor',
    );
    expect(state.filters.status).toBe('backlog');
    expect(state.filters.fromDate).toBeNull();
    expect(state.filters.toDate).toBeNull();
    expect(state.filters.keywordMatch).toBe('or');
    expect(state.sort).toBeNull();
    expect(state.page).toBe(1);
    expect(state.customer).toBeNull();
    expect(parse('page=abc').page).toBe(1);
    expect(parse('sort=quantity.sideways').sort).toBeNull();
    expect(parse('date=created_at').filters.dateField).toBe('sale_order_date');
    expect(parse(`no=${'1'.repeat(80)}`).filters.orderNo).toHaveLength(50);
  });

  it('takes keywords as the chips do: trimmed, no blanks or repeats, at most five', () => {
    const query = ['  瓦 ', '', '瓦', '金具', 'a', 'b', 'c', 'd'].map(
      (k) => `kw=${encodeURIComponent(k)}`,
    );
    expect(parse(query.join('&')).filters.keywords).toEqual(['瓦', '金具', 'a', 'b', 'c']);
  });

  it('puts the dates of a range in order and item numbers in upper case', () => {
    const state = parse('from=2026-03-01&to=2026-01-01&item_from=kr-10&item_to=kr-10');
    expect(state.filters).toMatchObject({
      fromDate: '2026-01-01',
      toDate: '2026-03-01',
      itemNoStart: 'KR-10',
      itemNoEnd: 'KR-10',
    });
  });
});
