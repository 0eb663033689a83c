import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../domain/app-config';
import { DEFAULT_CARRIER_TRACKING, trackingUrl } from '../../domain/carrier-tracking';
import { appConfigOf, ConfigError, loadConfig } from '../../server/config';

// CARRIER_TRACKING_FILE: read and checked at start; a bad file stops the start naming the variable.

const dir = mkdtempSync(join(tmpdir(), 'carrier-tracking-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('CARRIER_TRACKING_FILE', () => {
  it('unset: the built-in table, which the web app receives in its configuration', () => {
    const config = loadConfig({});
    expect(config.carrierTracking).toEqual(DEFAULT_CARRIER_TRACKING);
    const app = appConfigSchema.parse(appConfigOf(config));
    expect(app.carrierTracking).toEqual(DEFAULT_CARRIER_TRACKING);
  });

  it('a valid file overrides, adds and removes carriers', () => {
    const path = file(
      'ok.json',
      JSON.stringify({
        carriers: {
          sagawa: { name: '佐川急便', aliases: ['佐川'], url: 'https://example.jp/s?no={number}' },
          kurume: { name: '久留米運送', aliases: [], url: 'https://example.jp/k/{number}' },
          tonami: null,
        },
      }),
    );
    const table = loadConfig({ CARRIER_TRACKING_FILE: path }).carrierTracking;
    expect(trackingUrl(table, '佐川', '1-2')).toBe('https://example.jp/s?no=12');
    expect(trackingUrl(table, '久留米運送株式会社', '9')).toBe('https://example.jp/k/9');
    expect(trackingUrl(table, 'トナミ運輸', '9')).toBeNull();
    expect(trackingUrl(table, 'ヤマト運輸', '9')).toContain('kuronekoyamato');
  });

  it.each([
    ['a missing file', join(dir, 'missing.json'), /CARRIER_TRACKING_FILE=.*cannot be read/],
    ['broken JSON', 'broken.json', /CARRIER_TRACKING_FILE=.*is not JSON/],
    ['a template without {number}', 'nonumber.json', /CARRIER_TRACKING_FILE=.*\{number\}/],
    ['an http URL', 'http.json', /CARRIER_TRACKING_FILE=.*https/],
  ])('%s stops the start naming the variable', (_, name, message) => {
    const contents: Record<string, string> = {
      'broken.json': '{"carriers": ',
      'nonumber.json': JSON.stringify({
        carriers: { x: { name: 'X', aliases: [], url: 'https://example.jp/' } },
      }),
      'http.json': JSON.stringify({
        carriers: { x: { name: 'X', aliases: [], url: 'http://example.jp/{number}' } },
      }),
    };
    const path = name in contents ? file(name, contents[name]!) : name;
    expect(() => loadConfig({ CARRIER_TRACKING_FILE: path })).toThrow(ConfigError);
    expect(() => loadConfig({ CARRIER_TRACKING_FILE: path })).toThrow(message);
  });
});
