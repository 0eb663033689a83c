import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigOf, ConfigError, FILE_VARIABLES, loadConfig } from '../../server/config';
import { redactUrl } from '../../server/logger';
import { renderIndexHtml } from '../../server/plugins/web-app';

describe('configuration', () => {
  it('starts on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.WEB_TITLE).toBe('お客様ポータル');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.urlPrefixes).toEqual(['https://', 'http://']);
    expect(config.SEED_DEMO).toBe(true);
  });

  it('signs in from localhost and its loopback aliases unless PUBLIC_BASE_URL names the one address', () => {
    expect(loadConfig({ PORT: '4123' }).trustedOrigins).toEqual([
      'http://localhost:4123',
      'http://127.0.0.1:4123',
      'http://[::1]:4123',
    ]);
    const configured = loadConfig({ PUBLIC_BASE_URL: 'https://portal.example.co.jp/' });
    expect(configured.publicBaseUrl).toBe('https://portal.example.co.jp');
    expect(configured.trustedOrigins).toEqual(['https://portal.example.co.jp']);
  });

  it('treats an empty DATABASE_URL as absent (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nobody' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('DATABASE_URL="mysql://x"');
    expect(message).toContain('SUPPORT_EMAIL="nobody"');
  });

  it('names a bad secret or a URL with a password without printing them', () => {
    const bad = {
      AUTH_SECRET: 'short-secret-value-xyz',
      DATABASE_URL: 'mysql://admin:S3cretPw@db/portal',
      REDIS_URL: 'http://:RedisPw@localhost:6379',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    const message = (() => {
      try {
        loadConfig(bad);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('AUTH_SECRET=(22 characters, not shown): must be at least 32');
    expect(message).toContain('DATABASE_URL="mysql://admin:***@db/portal"');
    expect(message).toContain('REDIS_URL="http://:***@localhost:6379"');
    for (const secret of ['short-secret-value-xyz', 'S3cretPw', 'RedisPw']) {
      expect(message).not.toContain(secret);
    }
  });

  it('refuses a PUBLIC_BASE_URL that is not http(s)', () => {
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://example.com' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('bounds every connection by time and their number by default', () => {
    const config = loadConfig({});
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(config.HTTP_REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(config.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(72_000);
    expect(config.HTTP_IDLE_TIMEOUT_MS).toBe(120_000);
    expect(config.HTTP_MAX_CONNECTIONS).toBe(2000);
    const set = loadConfig({
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '5000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_IDLE_TIMEOUT_MS: '30000',
      HTTP_MAX_CONNECTIONS: '500',
    });
    expect(set).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 5000,
      HTTP_REQUEST_TIMEOUT_MS: 5000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
      HTTP_IDLE_TIMEOUT_MS: 30_000,
      HTTP_MAX_CONNECTIONS: 500,
    });
  });

  it('refuses a connection time-out or cap that is off, not a number, or out of order', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    const message = messageOf({
      HTTP_HEADERS_TIMEOUT_MS: '0',
      HTTP_REQUEST_TIMEOUT_MS: 'soon',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '-1',
      HTTP_IDLE_TIMEOUT_MS: '1.5',
      HTTP_MAX_CONNECTIONS: '0',
    });
    for (const name of [
      'HTTP_HEADERS_TIMEOUT_MS="0"',
      'HTTP_REQUEST_TIMEOUT_MS="soon"',
      'HTTP_KEEP_ALIVE_TIMEOUT_MS="-1"',
      'HTTP_IDLE_TIMEOUT_MS="1.5"',
      'HTTP_MAX_CONNECTIONS="0"',
    ]) {
      expect(message).toContain(name);
    }
    expect(
      messageOf({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' }),
    ).toContain('HTTP_HEADERS_TIMEOUT_MS="30000": must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  });

  it('limits the connections of one address below the cap: a tenth of it unless set', () => {
    expect(loadConfig({}).maxConnectionsPerAddress).toBe(200);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS: '500' }).maxConnectionsPerAddress).toBe(50);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS: '5' }).maxConnectionsPerAddress).toBe(1);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '30' }).maxConnectionsPerAddress).toBe(
      30,
    );
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: ' ' }).maxConnectionsPerAddress).toBe(
      200,
    );
  });

  it('refuses a per-address connection limit that is off, not a number, or would let one address fill the cap', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    for (const value of ['0', '-1', '1.5', 'many']) {
      expect(messageOf({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: value })).toContain(
        `HTTP_MAX_CONNECTIONS_PER_ADDRESS="${value}"`,
      );
    }
    for (const value of ['2000', '2001']) {
      expect(messageOf({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: value })).toContain(
        `HTTP_MAX_CONNECTIONS_PER_ADDRESS="${value}": must be less than HTTP_MAX_CONNECTIONS`,
      );
    }
    expect(messageOf({ HTTP_MAX_CONNECTIONS: '100', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '99' })).toBe(
      '',
    );
  });

  it('reads TRUST_PROXY as Fastify does, and stops the start on an entry it is not', () => {
    for (const value of [
      '127.0.0.1',
      '10.0.0.0/8, 192.168.1.1',
      '10.0.0.0/255.0.0.0',
      'loopback,linklocal,uniquelocal',
      '2001:db8::/32',
      '::ffff:10.0.0.1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).not.toThrow();
    }
    for (const value of ['proxy.example.com', 'true', '10.0.0.0/33', '10.0.0.0/255.0.255.0']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY=/);
    }
  });

  it('serves metrics on 127.0.0.1:9464 apart from the public port unless METRICS_PORT=0', () => {
    const config = loadConfig({});
    expect([config.METRICS_HOST, config.METRICS_PORT]).toEqual(['127.0.0.1', 9464]);
    expect(loadConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig({ PORT: '9100', METRICS_PORT: '9100' })).toThrow(
      /METRICS_PORT="9100": must not be PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: 'on' })).toThrow(/METRICS_PORT="on"/);
  });

  it('sends traces only when OTEL_EXPORTER_OTLP_ENDPOINT names a collector', () => {
    expect(loadConfig({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    const on = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' });
    expect([on.OTEL_EXPORTER_OTLP_ENDPOINT, on.OTEL_SERVICE_NAME]).toEqual([
      'http://collector:4318',
      'customer-portal',
    ]);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT="collector:4318"/,
    );
  });

  it('runs every role in one process by default; web and worker apart only on PostgreSQL', () => {
    expect(loadConfig({}).PORTAL_ROLE).toBe('all');
    const pg = { DATABASE_URL: 'postgres://portal@db/portal' };
    expect(loadConfig({ ...pg, PORTAL_ROLE: 'worker' }).PORTAL_ROLE).toBe('worker');
    expect(loadConfig({ ...pg, PORTAL_ROLE: 'web' }).PORTAL_ROLE).toBe('web');
    expect(() => loadConfig({ PORTAL_ROLE: 'worker' })).toThrow(
      /PORTAL_ROLE="worker": web and worker need DATABASE_URL/,
    );
    expect(() => loadConfig({ ...pg, PORTAL_ROLE: 'jobs' })).toThrow(/PORTAL_ROLE="jobs"/);
  });

  it('migrates at start unless MIGRATE_ON_START=false leaves it to a job', () => {
    expect(loadConfig({}).MIGRATE_ON_START).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).MIGRATE_ON_START).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START=/);
  });

  it('takes the icon, the logo and the default banner images from the environment, with the demo’s by default', () => {
    const defaults = loadConfig({});
    expect(defaults.ICON_URL).toBe('/favicon.svg');
    expect(defaults.LOGO_URL).toBeUndefined();
    expect(defaults.DEFAULT_BANNER_IMAGES).toEqual([
      '/demo-assets/banner-solar-mounting.svg',
      '/demo-assets/banner-roof-renewal.svg',
    ]);
    expect(appConfigOf(defaults)).toMatchObject({ iconUrl: '/favicon.svg' });
    expect(appConfigOf(defaults)).not.toHaveProperty('logoUrl');

    const configured = loadConfig({
      ICON_URL: 'https://cdn.example.co.jp/icon.png',
      LOGO_URL: '/brand/logo.svg',
      DEFAULT_BANNER_IMAGES: ' https://cdn.example.co.jp/a.png , /brand/b.svg ,',
    });
    expect(configured.DEFAULT_BANNER_IMAGES).toEqual([
      'https://cdn.example.co.jp/a.png',
      '/brand/b.svg',
    ]);
    expect(appConfigOf(configured)).toMatchObject({
      iconUrl: 'https://cdn.example.co.jp/icon.png',
      logoUrl: '/brand/logo.svg',
    });
  });

  it('refuses an icon, logo or banner image that is neither a path of the server nor an http(s) URL', () => {
    let error: unknown;
    try {
      loadConfig({
        ICON_URL: 'javascript:alert(1)',
        LOGO_URL: '//elsewhere.example.com/logo.svg',
        DEFAULT_BANNER_IMAGES: '/ok.svg,banner.png',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['ICON_URL', 'LOGO_URL', 'DEFAULT_BANNER_IMAGES']) {
      expect(message).toContain(name);
    }
    expect(() => loadConfig({ DEFAULT_BANNER_IMAGES: ' , ' })).toThrow(/DEFAULT_BANNER_IMAGES/);
  });

  it('writes the configured icon into the page, its address escaped', () => {
    const html =
      '<html><head><title>x</title><link rel="icon" type="image/svg+xml" href="/favicon.svg" /></head><body></body></html>';
    const page = renderIndexHtml(
      html,
      appConfigOf(loadConfig({ ICON_URL: 'https://cdn.example.co.jp/icon.png?a=1&b="2"' })),
    );
    expect(page).toContain(
      '<link rel="icon" href="https://cdn.example.co.jp/icon.png?a=1&#38;b=&#34;2&#34;" />',
    );
    expect(page).not.toContain('/favicon.svg');
  });

  it('reads SEED_DEMO=false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

/** The message of the ConfigError the environment raises ('' when it starts). */
function configErrorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('secrets from files', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-secret-files-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const fileWith = (name: string, content: string) => {
    const path = join(folder, name);
    writeFileSync(path, content);
    return path;
  };
  const values: Record<string, string> = {
    AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    S3_SECRET_ACCESS_KEY: 'minio-secret-key',
    FIREBASE_API_KEY: 'AIzaSyExampleKey_123',
    DATABASE_URL: 'postgres://portal:DbPw@db:5432/portal',
    SMTP_URL: 'smtp://mail:MailPw@smtp:587',
    REDIS_URL: 'redis://:RedisPw@redis:6379',
  };
  const needs: Record<string, NodeJS.ProcessEnv> = {
    S3_SECRET_ACCESS_KEY: { S3_ACCESS_KEY_ID: 'minio' },
  };

  it('reads every secret from the file its _FILE variable names, without the final line break', () => {
    expect([...FILE_VARIABLES].sort()).toEqual(Object.keys(values).sort());
    for (const [name, value] of Object.entries(values)) {
      const config = loadConfig({
        ...needs[name],
        [`${name}_FILE`]: fileWith(name, `${value}\n`),
      });
      expect(config[name as keyof typeof config], name).toBe(value);
    }
  });

  it('refuses a variable set both directly and by a file, naming it', () => {
    for (const [name, value] of Object.entries(values)) {
      const message = configErrorOf({
        ...needs[name],
        [name]: value,
        [`${name}_FILE`]: fileWith(name, value),
      });
      expect(message, name).toContain(`${name} and ${name}_FILE are both set`);
      expect(message, name).not.toContain(value);
    }
  });

  it('checks a secret from a file as the variable and does not print it', () => {
    const message = configErrorOf({
      AUTH_SECRET_FILE: fileWith('short', 'short-secret-value-xyz\n'),
      REDIS_URL_FILE: fileWith('redis', 'http://:RedisPw@localhost:6379'),
    });
    expect(message).toContain(
      'AUTH_SECRET (from AUTH_SECRET_FILE)=(22 characters, not shown): must be at least 32',
    );
    expect(message).toContain('REDIS_URL (from REDIS_URL_FILE)="http://:***@localhost:6379"');
    expect(message).not.toContain('short-secret-value-xyz');
    expect(message).not.toContain('RedisPw');
  });

  it('refuses a _FILE variable whose file cannot be read, naming it', () => {
    const missing = join(folder, 'no-such-file');
    expect(configErrorOf({ SMTP_URL_FILE: missing })).toContain(
      `SMTP_URL_FILE="${missing}": cannot be read`,
    );
  });
});

describe('log redaction', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/api/auth/reset-password?token=abc&callbackURL=%2Flogin')).toBe(
      '/api/auth/reset-password?token=%5Bredacted%5D&callbackURL=%2Flogin',
    );
    expect(redactUrl('/top')).toBe('/top');
  });

  it("hides the reset link's token, which the identity provider puts in the path", () => {
    expect(
      redactUrl('/api/auth/reset-password/knJgkU6WFAxANd7qKduGChZ6?callbackURL=%2Freset'),
    ).toBe('/api/auth/reset-password/[redacted]?callbackURL=%2Freset');
    expect(redactUrl('/api/auth/reset-password/abc')).toBe('/api/auth/reset-password/[redacted]');
  });
});

describe('export limits', () => {
  it('runs 2 exports per person and 4 in all by default, or as configured', () => {
    expect(loadConfig({})).toMatchObject({
      LEDGER_EXPORT_MAX_PER_USER: 2,
      LEDGER_EXPORT_MAX_TOTAL: 4,
    });
    expect(
      loadConfig({ LEDGER_EXPORT_MAX_PER_USER: '1', LEDGER_EXPORT_MAX_TOTAL: '12' }),
    ).toMatchObject({ LEDGER_EXPORT_MAX_PER_USER: 1, LEDGER_EXPORT_MAX_TOTAL: 12 });
  });

  it.each(['0', '-1', 'two', '1.5'])('refuses %j as a limit, naming the variable', (value) => {
    for (const name of ['LEDGER_EXPORT_MAX_PER_USER', 'LEDGER_EXPORT_MAX_TOTAL']) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
