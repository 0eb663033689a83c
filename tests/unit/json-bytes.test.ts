import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../../server/json-bytes';

describe('jsonBytes (the order search answer as UTF-8 bytes)', () => {
  it('is exactly the UTF-8 of the JSON text, whatever the characters', () => {
    const values = [
      [],
      { items: [], total: 0 },
      [{ property_name: '山田様邸 新築工事', model_name: 'ＫＲ－１０ 雪止め金具', quantity: 60 }],
      { text: 'ascii only "quoted" \\ and \n newline', n: 420, none: null },
      { emoji: '屋根🏠太陽光☀️', lone: '\ud800', mixed: 'é ß ½ — 円' },
      'x'.repeat(10_000) + '漢'.repeat(10_000),
    ];
    for (const value of values) {
      const bytes = jsonBytes(value);
      expect(bytes.equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(value);
    }
  });
});
