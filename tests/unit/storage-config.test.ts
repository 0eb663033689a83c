import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createStorage } from '../../server/storage/create-storage';
import { LocalStorage } from '../../server/storage/local-storage';
import { S3Storage } from '../../server/storage/s3-storage';

const secret = 'a-platform-secret-0123456789abcdef';

describe('object storage configuration', () => {
  it('uses the local directory with 5-minute download URLs when nothing is set', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/portal-config-test' });
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(config.S3_REGION).toBe('us-east-1');
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
    expect(config.DOWNLOAD_URL_TTL_SECONDS).toBe(300);
    const storage = createStorage(config, secret);
    expect(storage).toBeInstanceOf(LocalStorage);
    expect(
      await storage.createDownloadUrl('portal-10001', 'Shared/a.pdf', {
        fileName: 'a.pdf',
        expiresInSeconds: 60,
      }),
    ).toMatch(/^http:\/\/localhost:3000\/api\/storage\/download\?/);
  });

  it('opens the S3 driver when S3_ENDPOINT is set', async () => {
    const config = loadConfig({
      S3_ENDPOINT: 'https://s3.example.jp',
      S3_REGION: 'ap-northeast-1',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'false',
      S3_BUCKET_PREFIX: 'acme-',
      DOWNLOAD_URL_TTL_SECONDS: '600',
    });
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(config.DOWNLOAD_URL_TTL_SECONDS).toBe(600);
    const storage = createStorage(config, secret);
    expect(storage).toBeInstanceOf(S3Storage);
    // Virtual-hosted style, the prefixed bucket, the region: all from the configuration.
    const url = new URL(
      await storage.createDownloadUrl('portal-10001', 'Shared/a.pdf', {
        fileName: 'a.pdf',
        expiresInSeconds: 60,
      }),
    );
    expect(url.host).toBe('acme-portal-10001.s3.example.jp');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^minio\/\d{8}\/ap-northeast-1\/s3\//);
    await storage.close?.();
  });

  it('refuses half a key pair without showing the secret', () => {
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'very-secret-value' })).toThrow(
      /S3_ACCESS_KEY_ID=.*set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'very-secret-value' })).not.toThrow(
      /very-secret-value/,
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'id-only' })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it.each([
    ['S3_ENDPOINT', 'not a url'],
    ['S3_BUCKET_PREFIX', 'Upper_'],
    ['DOWNLOAD_URL_TTL_SECONDS', '0'],
    ['DOWNLOAD_URL_TTL_SECONDS', '604801'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('refuses %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
