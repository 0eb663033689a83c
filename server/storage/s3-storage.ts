import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './content-disposition';
import { contentTypeOf } from './content-type';
import {
  assertValidBucketName,
  assertValidDownload,
  assertValidObjectKey,
  compareObjectKeys,
  type DownloadUrlOptions,
  type ObjectEntry,
  type ObjectHead,
  ObjectNotFoundError,
  type ObjectStorage,
  StorageUnavailableError,
} from './storage-port';

export interface S3StorageOptions {
  /** e.g. https://s3.ap-northeast-1.amazonaws.com, http://127.0.0.1:9000 (MinIO); unset = AWS by region. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither = the SDK's default chain (AWS_* variables, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO, s3rver and most gateways). */
  forcePathStyle: boolean;
  /** Put before every bucket name, e.g. "acme-" (AWS bucket names are global). */
  bucketPrefix?: string;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
  /** Keys per ListObjectsV2 page (S3's maximum and default: 1000; tests use fewer). */
  listPageSize?: number;
}

function errorName(error: unknown): string {
  return (error as { name?: string }).name ?? '';
}

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return ['NotFound', 'NoSuchKey', 'NoSuchBucket'].includes(errorName(error)) || status === 404;
}

const isNoSuchBucket = (error: unknown) => errorName(error) === 'NoSuchBucket';

/**
 * Whether an SDK error means the store itself is not answering (after the SDK's own retries):
 * no HTTP answer at all (refused, reset, timed out) or a 5xx. A 4xx is an answer about the request.
 */
function isUnavailable(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (typeof status === 'number') return status >= 500;
  return (
    ['TimeoutError', 'RequestTimeout', 'NetworkingError'].includes(errorName(error)) ||
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** Keys written by other tools can hold what our keys may not ('a//b', '../x'): never listed. */
function isUsableKey(key: string): boolean {
  try {
    assertValidObjectKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The object-storage port on any S3-compatible store (AWS S3, MinIO, GCS interop, s3rver). */
export class S3Storage implements ObjectStorage {
  readonly client: S3Client;
  private readonly bucketPrefix: string;
  private readonly region: string;
  private readonly now: () => number;
  private readonly listPageSize: number;
  /** Buckets known to exist (or being created), so that a put costs no HeadBucket. */
  private readonly buckets = new Map<string, Promise<void>>();

  constructor(options: S3StorageOptions) {
    this.bucketPrefix = options.bucketPrefix ?? '';
    this.region = options.region;
    this.now = options.now ?? Date.now;
    this.listPageSize = options.listPageSize ?? 1000;
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
      // Checksums only where S3 requires them: many S3-compatible stores reject the newer
      // default (CRC32 trailers in aws-chunked bodies).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down must fail a request in seconds, not hang it (3 attempts in all).
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
      maxAttempts: 3,
    });
    // Outermost step: sees each command's final error, after the SDK's retries.
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          throw isUnavailable(error) ? new StorageUnavailableError(error) : error;
        }
      },
      { step: 'initialize', name: 'storageUnavailable' },
    );
  }

  /** The store's bucket name of one of our bucket names. */
  private nameOf(bucket: string): string {
    assertValidBucketName(bucket);
    const name = `${this.bucketPrefix}${bucket}`;
    assertValidBucketName(name);
    return name;
  }

  private ensureBucket(name: string): Promise<void> {
    let ready = this.buckets.get(name);
    if (!ready) {
      ready = (async () => {
        try {
          await this.client.send(new HeadBucketCommand({ Bucket: name }));
        } catch (error) {
          if (!isNotFound(error)) throw error;
          await this.client
            .send(
              new CreateBucketCommand({
                Bucket: name,
                // us-east-1 is the one region that takes no location constraint.
                ...(this.region === 'us-east-1'
                  ? {}
                  : { CreateBucketConfiguration: { LocationConstraint: this.region as never } }),
              }),
            )
            .catch((e: unknown) => {
              if (errorName(e) !== 'BucketAlreadyOwnedByYou') throw e;
            });
        }
      })();
      ready.catch(() => this.buckets.delete(name));
      this.buckets.set(name, ready);
    }
    return ready;
  }

  async putObject(bucket: string, key: string, body: Buffer | string | Readable): Promise<void> {
    assertValidObjectKey(key);
    const Bucket = this.nameOf(bucket);
    const ContentType = contentTypeOf(key);
    await this.ensureBucket(Bucket);
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      const put = () =>
        this.client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType,
          }),
        );
      await put().catch(async (error: unknown) => {
        // Deleted since this process last saw it: create it again.
        if (!isNoSuchBucket(error)) throw error;
        this.buckets.delete(Bucket);
        await this.ensureBucket(Bucket);
        await put();
      });
      return;
    }
    // A stream of unknown length: multipart upload, never all of it in memory.
    await new Upload({ client: this.client, params: { Bucket, Key: key, Body: body, ContentType } })
      .done()
      .catch((error: unknown) => {
        if (isNoSuchBucket(error)) this.buckets.delete(Bucket);
        throw error;
      });
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    assertValidObjectKey(key);
    if (!key.endsWith('/')) return (await this.headObject(bucket, key)) !== null;
    // A folder exists when its marker or anything below it does.
    try {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.nameOf(bucket), Prefix: key, MaxKeys: 1 }),
      );
      return (page.Contents?.length ?? 0) > 0;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async headObject(bucket: string, key: string): Promise<ObjectHead | null> {
    assertValidObjectKey(key);
    const Bucket = this.nameOf(bucket);
    if (key.endsWith('/')) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async list(bucket: string, prefix: string): Promise<ObjectEntry[]> {
    assertValidObjectKey(prefix, { allowEmpty: true });
    const Bucket = this.nameOf(bucket);
    const entries: ObjectEntry[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            Delimiter: '/',
            MaxKeys: this.listPageSize,
            ContinuationToken: token,
          }),
        );
        for (const folder of page.CommonPrefixes ?? []) {
          if (folder.Prefix && isUsableKey(folder.Prefix)) {
            entries.push({ key: folder.Prefix, isDir: true });
          }
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key;
          // The folder's own marker is the folder, not an entry of it.
          if (!key || (prefix.endsWith('/') && key === prefix) || !isUsableKey(key)) continue;
          entries.push({ key, isDir: key.endsWith('/') });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      if (isNoSuchBucket(error)) return [];
      throw error;
    }
    return entries.sort((a, b) => compareObjectKeys(a.key, b.key));
  }

  async getObjectStream(bucket: string, key: string): Promise<Readable> {
    assertValidObjectKey(key);
    const Bucket = this.nameOf(bucket);
    if (key.endsWith('/')) throw new ObjectNotFoundError(bucket, key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket, Key: key }));
      // On Node the SDK's body is an http.IncomingMessage: a Readable already.
      if (!(answer.Body instanceof Readable)) throw new Error('S3 GetObject gave no stream');
      return answer.Body;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(bucket, key);
      throw error;
    }
  }

  async createDownloadUrl(
    bucket: string,
    key: string,
    options: DownloadUrlOptions,
  ): Promise<string> {
    assertValidDownload(bucket, key, options);
    const command = new GetObjectCommand({
      Bucket: this.nameOf(bucket),
      Key: key,
      ResponseContentDisposition: attachmentDisposition(options.fileName),
      ResponseContentType: contentTypeOf(options.fileName),
    });
    return getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds,
      signingDate: new Date(this.now()),
    });
  }

  async deleteBucket(bucket: string): Promise<void> {
    const Bucket = this.nameOf(bucket);
    this.buckets.delete(Bucket);
    try {
      // Always the first page again: what was deleted is gone from the listing.
      for (;;) {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket, MaxKeys: this.listPageSize }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        if (keys.length === 0) break;
        await this.deleteKeys(Bucket, keys);
      }
      await this.client.send(new DeleteBucketCommand({ Bucket }));
    } catch (error) {
      if (isNoSuchBucket(error)) return;
      throw error;
    }
  }

  private async deleteKeys(Bucket: string, keys: string[]): Promise<void> {
    try {
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(`S3 DeleteObjects failed for ${failed.length} keys: ${failed[0]?.Code}`);
      }
    } catch (error) {
      // Some S3-compatible stores (GCS interop) have no multi-object delete.
      if (errorName(error) !== 'NotImplemented') throw error;
      for (const Key of keys) await this.client.send(new DeleteObjectCommand({ Bucket, Key }));
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
