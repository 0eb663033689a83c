import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage } from './storage-port';

/**
 * The object-storage port of docs/product.md §10: any S3-compatible store when S3_ENDPOINT is set, the
 * local directory DATA_DIR/storage otherwise. The secret signs the local driver's download URLs.
 */
export function createStorage(config: Config, secret: string): ObjectStorage {
  if (config.S3_ENDPOINT) {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ACCESS_KEY_ID ? { accessKeyId: config.S3_ACCESS_KEY_ID } : {}),
      ...(config.S3_SECRET_ACCESS_KEY ? { secretAccessKey: config.S3_SECRET_ACCESS_KEY } : {}),
      ...(config.S3_BUCKET_PREFIX ? { bucketPrefix: config.S3_BUCKET_PREFIX } : {}),
    });
  }
  return createLocalStorage(config.dataDir, {
    downloadSecret: secret,
    publicBaseUrl: config.publicBaseUrl,
  });
}
