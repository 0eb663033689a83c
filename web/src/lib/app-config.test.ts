import type { AppConfig } from '@domain/app-config';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, readAppConfig } from './app-config';

function documentWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (json !== null) {
    const script = doc.createElement('script');
    script.id = 'app-config';
    script.type = 'application/json';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('readAppConfig', () => {
  it('reads the configuration the server embeds', () => {
    const config: AppConfig = { ...DEFAULT_APP_CONFIG, webTitle: '屋根ポータル', companyPages: [] };
    expect(readAppConfig(documentWith(JSON.stringify(config)))).toEqual(config);
  });

  it('falls back to the defaults without an embedded configuration (vite dev)', () => {
    expect(readAppConfig(documentWith(null))).toBe(DEFAULT_APP_CONFIG);
    expect(DEFAULT_APP_CONFIG.webTitle).toBe('お客様ポータル');
  });
});
