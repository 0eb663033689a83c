import { describe, expect, it } from 'vitest';
import {
  carrierNameKey,
  carrierTrackingFileSchema,
  carrierTrackingTableSchema,
  cleanLabelNumber,
  DEFAULT_CARRIER_TRACKING,
  findCarrier,
  mergeCarrierTracking,
  trackingUrl,
} from '../../domain/carrier-tracking';

const table = DEFAULT_CARRIER_TRACKING;

describe('carrier names', () => {
  it.each([
    ['ヤマト運輸', 'yamato'],
    ['ヤマト運輸株式会社', 'yamato'],
    ['ﾔﾏﾄ運輸', 'yamato'],
    ['ヤマト', 'yamato'],
    ['クロネコヤマト', 'yamato'],
    ['　ヤマト 運輸　', 'yamato'],
    ['佐川急便㈱', 'sagawa'],
    ['（株）佐川急便', 'sagawa'],
    ['佐川', 'sagawa'],
    ['ｻｶﾞﾜ', 'sagawa'],
    ['日本郵便', 'japanpost'],
    ['ゆうパック', 'japanpost'],
    ['西濃運輸株式会社', 'seino'],
    ['セイノー', 'seino'],
    ['福山通運', 'fukuyama'],
    ['名鉄運輸', 'meitetsu'],
    ['トナミ運輸', 'tonami'],
    ['第一貨物', 'daiichi'],
    ['ＹＡＭＡＴＯ', 'yamato'],
  ])('%s → %s', (name, id) => {
    expect(findCarrier(table, name)).toBe(id);
  });

  it.each(['', '   ', '自社便', '引取', 'ヤマト運輸と佐川急便'])('%j has no carrier', (name) => {
    expect(findCarrier(table, name)).toBeNull();
  });

  it('folds width, spaces and company words', () => {
    expect(carrierNameKey(' 株式会社 ﾄﾅﾐ運輸 ')).toBe('トナミ運輸');
  });

  it('every built-in entry is valid and matched by its own name', () => {
    expect(carrierTrackingTableSchema.safeParse(table).success).toBe(true);
    for (const [id, entry] of Object.entries(table))
      expect(findCarrier(table, entry.name)).toBe(id);
    for (const id of [
      'yamato',
      'sagawa',
      'japanpost',
      'seino',
      'fukuyama',
      'meitetsu',
      'tonami',
      'daiichi',
    ]) {
      expect(table[id]).toBeDefined();
    }
  });
});

describe('label numbers and URLs', () => {
  it.each([
    ['4123-4567-8901', '412345678901'],
    ['４１２３ ４５６７ ８９０１', '412345678901'],
    ['4123－4567－8901', '412345678901'],
    [' 412345678901 ', '412345678901'],
    ['AB12', 'AB12'],
    ['', ''],
    ['---', ''],
    ['123&x=<script>', ''],
    ['123/../456', ''],
    ['123?a=1', ''],
    ['12%20', ''],
  ])('%j → %j', (raw, clean) => {
    expect(cleanLabelNumber(raw)).toBe(clean);
  });

  it('builds the URL from the template with the cleaned number', () => {
    expect(trackingUrl(table, 'ヤマト運輸', '4123-4567-8901')).toBe(
      'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=412345678901',
    );
    expect(trackingUrl(table, '佐川急便', '１２３４５')).toBe(
      'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=12345',
    );
    expect(trackingUrl(table, 'ゆうパック', '1234')).toContain('reqCodeNo1=1234&');
  });

  it('gives no link for an unknown carrier, an empty number or an injection attempt', () => {
    expect(trackingUrl(table, '自社便', '412345678901')).toBeNull();
    expect(trackingUrl(table, 'ヤマト運輸', '')).toBeNull();
    expect(trackingUrl(table, 'ヤマト運輸', null)).toBeNull();
    expect(trackingUrl(table, null, '412345678901')).toBeNull();
    expect(trackingUrl(table, 'ヤマト運輸', '123&x=<script>')).toBeNull();
    expect(trackingUrl(table, 'ヤマト運輸', '"><script>alert(1)</script>')).toBeNull();
    expect(trackingUrl(table, 'https://evil.example/{number}', '123')).toBeNull();
  });

  it('every link starts with its template and never carries ledger text', () => {
    for (const entry of Object.values(table)) {
      const url = trackingUrl(table, entry.name, '0000-1111')!;
      expect(url.startsWith(entry.url.slice(0, entry.url.indexOf('{number}')))).toBe(true);
      expect(url).toContain('00001111');
      expect(url).not.toMatch(/[<>"'\s]/);
    }
  });
});

describe('the override file', () => {
  it('replaces, adds and removes entries', () => {
    const file = carrierTrackingFileSchema.parse({
      carriers: {
        yamato: { name: 'ヤマト運輸', aliases: [], url: 'https://example.jp/y?n={number}' },
        okayama: {
          name: '岡山県貨物',
          aliases: ['岡山県貨物運送'],
          url: 'https://example.jp/o/{number}',
        },
        daiichi: null,
      },
    });
    const merged = mergeCarrierTracking(table, file);
    expect(trackingUrl(merged, 'ヤマト運輸', '1')).toBe('https://example.jp/y?n=1');
    expect(trackingUrl(merged, '岡山県貨物運送株式会社', '12-3')).toBe('https://example.jp/o/123');
    expect(trackingUrl(merged, '第一貨物', '1')).toBeNull();
    expect(trackingUrl(merged, '佐川急便', '1')).not.toBeNull();
  });

  it.each([
    [{ carriers: { x: { name: 'X', aliases: [], url: 'http://example.jp/{number}' } } }],
    [{ carriers: { x: { name: 'X', aliases: [], url: 'https://example.jp/' } } }],
    [{ carriers: { x: { name: 'X', aliases: [], url: 'https://example.jp/{number}/{number}' } } }],
    [{ carriers: { x: { name: 'X', aliases: [], url: 'https://example.jp/"<x>{number}' } } }],
    [{ carriers: { X: { name: 'X', aliases: [], url: 'https://example.jp/{number}' } } }],
    [{ carriers: { x: { name: 'X', url: 'https://example.jp/{number}' } } }],
    [{ carrier: {} }],
  ])('refuses %j', (value) => {
    expect(carrierTrackingFileSchema.safeParse(value).success).toBe(false);
  });
});
