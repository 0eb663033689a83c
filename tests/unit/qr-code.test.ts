import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { qrModules } from '../../web/src/components/second-factor/qr-code-image';

// The reference matrices were made by python3-qrcode 7 (Debian's package) in byte mode at level M
// with the mask forced, border 0: { "<mask>|<text>": { version, rows } } (tests/unit/fixtures).
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures/qr-reference.json'), 'utf8'),
) as Record<string, { version: number; rows: string[] }>;

const rowsOf = (modules: boolean[][]) => modules.map((r) => r.map((d) => (d ? '1' : '0')).join(''));

/** The level and mask the code's format bits name (beside the top-left finder pattern). */
function formatOf(rows: string[]): { level: number; mask: number } {
  const bits = [
    ...[0, 1, 2, 3, 4, 5, 7, 8].map((x) => rows[8]![x]),
    ...[7, 5, 4, 3, 2, 1, 0].map((y) => rows[y]![8]),
  ].join('');
  const format = Number.parseInt(bits, 2) ^ 0x5412;
  return { level: (format >> 13) & 3, mask: (format >> 10) & 7 };
}

describe('the QR code of the second factor (qrcode-generator)', () => {
  it.each(Object.keys(reference))('is of the reference’s version, at level M, for %s', (key) => {
    const text = key.split('|').slice(1).join('|');
    const rows = rowsOf(qrModules(text));
    const expected = reference[key]!;
    expect(rows).toHaveLength(expected.version * 4 + 17);
    // Level M is 00 in the format bits.
    expect(formatOf(rows).level).toBe(0);
    // With the same mask, the very matrix of the reference encoder (UTF-8 text included).
    if (formatOf(rows).mask === Number(key.split('|')[0])) expect(rows).toEqual(expected.rows);
  });

  it('draws the same matrix as the reference encoder where both chose the same mask', () => {
    const same = Object.keys(reference).filter((key) => {
      const rows = rowsOf(qrModules(key.split('|').slice(1).join('|')));
      return formatOf(rows).mask === Number(key.split('|')[0]);
    });
    expect(same.length).toBeGreaterThan(0);
  });

  it('has the finder patterns in three corners', () => {
    const rows = rowsOf(
      qrModules(
        'otpauth://totp/portal:staff%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      ),
    );
    const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    const n = rows.length;
    for (let i = 0; i < 7; i++) {
      expect(rows[i]!.slice(0, 7)).toBe(finder[i]);
      expect(rows[i]!.slice(n - 7)).toBe(finder[i]);
      expect(rows[n - 7 + i]!.slice(0, 7)).toBe(finder[i]);
    }
  });
});
