import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeQr, penaltyScore, type QrCode, qrSvgPath } from '../../web/src/lib/qr-code';

// The reference matrices were made by python3-qrcode 7 (Debian's package) in byte mode at level M
// with the mask forced, border 0: { "<mask>|<text>": { version, rows } } (tests/unit/fixtures).
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures/qr-reference.json'), 'utf8'),
) as Record<string, { version: number; rows: string[] }>;

const rowsOf = (code: QrCode) => code.modules.map((r) => r.map((d) => (d ? '1' : '0')).join(''));

describe('QR code encoder (byte mode, level M)', () => {
  it.each(Object.keys(reference))('draws the reference matrix of %s', (key) => {
    const [mask, ...rest] = key.split('|');
    const expected = reference[key]!;
    const code = encodeQr(rest.join('|'), { mask: Number(mask) });
    expect(code.version).toBe(expected.version);
    expect(code.size).toBe(expected.version * 4 + 17);
    expect(rowsOf(code)).toEqual(expected.rows);
  });

  it('chooses the mask of the lowest penalty, with the finder patterns in three corners', () => {
    const text =
      'otpauth://totp/portal:staff%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const code = encodeQr(text);
    const scores = [0, 1, 2, 3, 4, 5, 6, 7].map((m) =>
      penaltyScore(encodeQr(text, { mask: m }).modules),
    );
    expect(scores[code.mask]).toBe(Math.min(...scores));
    const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    const rows = rowsOf(code);
    const n = code.size;
    for (let i = 0; i < 7; i++) {
      expect(rows[i]!.slice(0, 7)).toBe(finder[i]);
      expect(rows[i]!.slice(n - 7)).toBe(finder[i]);
      expect(rows[n - 7 + i]!.slice(0, 7)).toBe(finder[i]);
    }
  });

  it('refuses a text longer than version 40 holds', () => {
    expect(() => encodeQr('x'.repeat(2400))).toThrow();
  });

  it('draws one square per dark module in the SVG path', () => {
    const code = encodeQr('HELLO');
    const dark = code.modules.flat().filter(Boolean).length;
    expect(qrSvgPath(code).match(/M/g)).toHaveLength(dark);
  });

  // zbarimg (Debian's zbar-tools) reads the code back where it is installed.
  const zbar = spawnSync('zbarimg', ['--version']).status === 0;
  it.runIf(zbar)('is read back by zbarimg', () => {
    const text =
      'otpauth://totp/%E3%81%8A%E5%AE%A2%E6%A7%98:a%40example.com?secret=JBSWY3DPEHPK3PXP';
    const code = encodeQr(text);
    const scale = 4;
    const margin = 4;
    const n = (code.size + 2 * margin) * scale;
    const lines = [`P1`, `${n} ${n}`];
    for (let y = 0; y < n; y++) {
      const row: number[] = [];
      for (let x = 0; x < n; x++) {
        const mx = Math.floor(x / scale) - margin;
        const my = Math.floor(y / scale) - margin;
        row.push(code.modules[my]?.[mx] ? 1 : 0);
      }
      lines.push(row.join(' '));
    }
    const dir = mkdtempSync(join(tmpdir(), 'qr-'));
    try {
      writeFileSync(join(dir, 'code.pbm'), lines.join('\n'));
      const read = execFileSync('zbarimg', ['-q', '--raw', join(dir, 'code.pbm')], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      expect(read.trim()).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
