import type { Readable } from 'node:stream';

/** One entry of a one-level listing. Folders end with '/' like S3 CommonPrefixes. */
export interface ObjectEntry {
  /** The full key from the bucket root, e.g. 'Shared/カタログ/' or 'Spec/請求書_SO2406-000123.pdf'. */
  key: string;
  isDir: boolean;
}

/** Size and modification time of one stored object. */
export interface ObjectHead {
  size: number;
  lastModified: Date;
}

export interface DownloadUrlOptions {
  /**
   * The name the browser saves the file under (Content-Disposition: attachment, RFC 6266 with an
   * RFC 5987 UTF-8 filename* so that Japanese names survive).
   */
  fileName: string;
  /** How long the URL works, in whole seconds (1 to 604800, the S3 limit). */
  expiresInSeconds: number;
}

/**
 * The customer buckets (docs/product.md §10, §4): documents under Spec/, shared files under Shared/.
 * S3-shaped so that the local directory driver and the S3 driver are interchangeable; both pass
 * the same contract tests (tests/unit/storage-contract.test.ts).
 *
 * Every method refuses an invalid bucket name or key (a path trick such as '..', an absolute path,
 * a backslash, a control character) with InvalidObjectKeyError before touching anything.
 */
export interface ObjectStorage {
  /** Writes the whole object, replacing an existing one. A key ending in '/' writes a folder marker. */
  putObject(bucket: string, key: string, body: Buffer | string | Readable): Promise<void>;
  /** True when the object exists (for a key ending in '/', when the folder exists). */
  exists(bucket: string, key: string): Promise<boolean>;
  /** Size and modification time of an object; null when there is no object (or only a folder). */
  headObject(bucket: string, key: string): Promise<ObjectHead | null>;
  /**
   * One level below prefix, as S3 ListObjectsV2 with delimiter '/': objects and folders whose key
   * starts with prefix, every page of them, sorted by compareObjectKeys, never the prefix itself.
   * A missing bucket or prefix lists nothing.
   */
  list(bucket: string, prefix: string): Promise<ObjectEntry[]>;
  /** Rejects with ObjectNotFoundError when the object does not exist. */
  getObjectStream(bucket: string, key: string): Promise<Readable>;
  /**
   * A short-lived URL that downloads the object as an attachment named options.fileName: an S3
   * presigned GET, or for the local driver an HMAC-signed URL served by the API itself
   * (server/routes/storage-download.ts). Does not check that the object exists: call headObject
   * first when a missing object must be told apart.
   */
  createDownloadUrl(bucket: string, key: string, options: DownloadUrlOptions): Promise<string>;
  /** Removes the bucket and everything in it; a missing bucket is not an error. */
  deleteBucket(bucket: string): Promise<void>;
  /** Releases connections (the S3 client); the platform calls it on shutdown. */
  close?(): Promise<void>;
}

/**
 * The one listing order of both drivers: by key, comparing UTF-8 bytes as S3 does (JavaScript's
 * `<` compares UTF-16 units, which differs for characters outside the BMP).
 */
export function compareObjectKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export class ObjectNotFoundError extends Error {
  override name = 'ObjectNotFoundError';
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(`object not found: ${bucket}/${key}`);
  }
}

/** The object store did not answer (down, unreachable, timing out, or failing with a 5xx). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(override readonly cause: unknown) {
    super(`object storage unavailable: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/** A bucket name or key that could leave the storage root or is not valid for S3. */
export class InvalidObjectKeyError extends Error {
  override name = 'InvalidObjectKeyError';
}

// S3 bucket naming rules (3-63 characters, lower case, digits, '.', '-'); they also keep a
// bucket name from being a path trick such as '..' on the local driver.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const MAX_KEY_BYTES = 1024;

export function assertValidBucketName(bucket: string): void {
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw new InvalidObjectKeyError(`invalid bucket name: ${JSON.stringify(bucket)}`);
  }
}

/**
 * Keys are relative, '/'-separated paths: no leading '/', no '\', no NUL or other control
 * characters, no empty, '.' or '..' segments. A single trailing '/' names a folder.
 */
export function assertValidObjectKey(key: string, options: { allowEmpty?: boolean } = {}): void {
  const fail = (why: string): never => {
    throw new InvalidObjectKeyError(`invalid object key (${why}): ${JSON.stringify(key)}`);
  };
  if (key === '') {
    if (options.allowEmpty) return;
    fail('empty');
  }
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) fail('too long');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(key)) fail('control character or backslash');
  if (key.startsWith('/')) fail('absolute');
  const segments = (key.endsWith('/') ? key.slice(0, -1) : key).split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') fail('empty, . or .. segment');
  }
}

/** Longest accepted download file name, in UTF-8 bytes (the usual file-system limit). */
const MAX_FILE_NAME_BYTES = 255;

/** The checks both drivers apply to createDownloadUrl's arguments. */
export function assertValidDownload(
  bucket: string,
  key: string,
  options: DownloadUrlOptions,
): void {
  assertValidBucketName(bucket);
  assertValidObjectKey(key);
  if (key.endsWith('/')) throw new InvalidObjectKeyError('a folder cannot be downloaded');
  const { fileName, expiresInSeconds } = options;
  if (
    fileName === '' ||
    Buffer.byteLength(fileName, 'utf8') > MAX_FILE_NAME_BYTES ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a header value must not carry them
    /[\u0000-\u001f\u007f-\u009f/\\]/.test(fileName)
  ) {
    throw new InvalidObjectKeyError(`invalid download file name: ${JSON.stringify(fileName)}`);
  }
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > 604_800) {
    throw new RangeError(`expiresInSeconds must be 1 to 604800, got ${expiresInSeconds}`);
  }
}
