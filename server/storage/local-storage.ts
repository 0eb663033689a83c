import { randomBytes, randomUUID } from 'node:crypto';
import { constants, createWriteStream, type Dirent } from 'node:fs';
import {
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type DownloadGrant,
  type DownloadQuery,
  DownloadSigner,
  LOCAL_DOWNLOAD_PATH,
} from './signed-download';
import {
  assertValidBucketName,
  assertValidDownload,
  assertValidObjectKey,
  compareObjectKeys,
  type DownloadUrlOptions,
  InvalidObjectKeyError,
  type ObjectEntry,
  type ObjectHead,
  ObjectNotFoundError,
  type ObjectStorage,
} from './storage-port';

/** Where the embedded default keeps the buckets (docs/product.md §10): `<dataDir>/storage`. */
export function localStorageRoot(dataDir: string): string {
  return join(dataDir, 'storage');
}

export interface LocalStorageOptions {
  /**
   * Signs the download URLs (the platform passes its identity secret; a key of its own is derived
   * from it). Without one, a random secret of this process: its URLs stop working on restart.
   */
  downloadSecret?: string | Buffer;
  /** Origin the download URLs start with (PUBLIC_BASE_URL); '' gives origin-relative URLs. */
  publicBaseUrl?: string;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

export function createLocalStorage(
  dataDir: string,
  options: LocalStorageOptions = {},
): LocalStorage {
  return new LocalStorage(dataDir, options);
}

// Temporary files live beside the buckets (same file system, so rename is atomic) in a folder
// whose name no valid bucket can have.
const TEMP_FOLDER = '.tmp';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The object-storage port on a local directory: `<dataDir>/storage/<bucket>/<key>`.
 *
 * Symbolic links: the storage root itself may be one (a mounted volume), but below it a path must
 * resolve (realpath) inside its own bucket and its own top-level folder (Shared/, Spec/); anything
 * else is refused with InvalidObjectKeyError. Listings never show links.
 */
export class LocalStorage implements ObjectStorage {
  readonly rootDir: string;
  private readonly signer: DownloadSigner;
  private readonly publicBaseUrl: string;
  private readonly now: () => number;

  constructor(dataDir: string, options: LocalStorageOptions = {}) {
    this.rootDir = localStorageRoot(dataDir);
    this.signer = new DownloadSigner(options.downloadSecret ?? randomBytes(32));
    this.publicBaseUrl = (options.publicBaseUrl ?? '').replace(/\/$/, '');
    this.now = options.now ?? Date.now;
  }

  private pathOf(bucket: string, key: string): string {
    assertValidBucketName(bucket);
    assertValidObjectKey(key, { allowEmpty: true });
    return key === '' ? join(this.rootDir, bucket) : join(this.rootDir, bucket, ...key.split('/'));
  }

  private realRoot: string | undefined;

  private async realRootDir(): Promise<string> {
    if (this.realRoot === undefined) this.realRoot = await realpath(this.rootDir);
    return this.realRoot;
  }

  /**
   * The real path of a key, or null when nothing is there. Refuses a path that a symbolic link
   * leads out of its bucket, or from one top-level folder into another.
   */
  private async resolve(bucket: string, key: string): Promise<string | null> {
    const path = this.pathOf(bucket, key);
    let real: string;
    let root: string;
    try {
      real = await realpath(path);
      root = await this.realRootDir();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const top = key.split('/')[0]!;
    const fence = top === '' ? join(root, bucket) : join(root, bucket, top);
    if (real !== fence && !real.startsWith(fence + sep)) {
      throw new InvalidObjectKeyError(
        `symbolic link out of the bucket folder: ${JSON.stringify(`${bucket}/${key}`)}`,
      );
    }
    return real;
  }

  /** Creates the folder of a key (when missing) and checks that it stays inside the bucket. */
  private async prepareFolder(bucket: string, folderKey: string): Promise<void> {
    if ((await this.resolve(bucket, folderKey)) === null) {
      await mkdir(this.pathOf(bucket, folderKey), { recursive: true });
      await this.resolve(bucket, folderKey);
    }
  }

  async putObject(bucket: string, key: string, body: Buffer | string | Readable): Promise<void> {
    assertValidObjectKey(key);
    const target = this.pathOf(bucket, key);
    if (key.endsWith('/')) {
      await this.prepareFolder(bucket, key);
      return;
    }
    const temp = join(this.rootDir, TEMP_FOLDER, `${process.pid}-${randomUUID()}`);
    try {
      await this.ensureTempFolder();
      await this.writeTemp(temp, body).catch(async (error: unknown) => {
        if (!isMissing(error)) throw error;
        // The root was removed since the temp folder was made; a stream cannot be replayed.
        this.tempFolderReady = undefined;
        if (!(typeof body === 'string' || Buffer.isBuffer(body))) throw error;
        await this.ensureTempFolder();
        await this.writeTemp(temp, body);
      });
      await this.prepareFolder(bucket, key.slice(0, key.lastIndexOf('/') + 1));
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  }

  private tempFolderReady: Promise<unknown> | undefined;

  private ensureTempFolder(): Promise<unknown> {
    this.tempFolderReady ??= mkdir(join(this.rootDir, TEMP_FOLDER), { recursive: true }).catch(
      (error: unknown) => {
        this.tempFolderReady = undefined;
        throw error;
      },
    );
    return this.tempFolderReady;
  }

  private async writeTemp(temp: string, body: Buffer | string | Readable): Promise<void> {
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      await writeFile(temp, body, { flag: 'wx' });
    } else {
      await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
    }
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    assertValidObjectKey(key);
    const real = await this.resolve(bucket, key);
    if (real === null) return false;
    const info = await stat(real);
    return key.endsWith('/') ? info.isDirectory() : info.isFile();
  }

  async headObject(bucket: string, key: string): Promise<ObjectHead | null> {
    assertValidObjectKey(key);
    const real = key.endsWith('/') ? null : await this.resolve(bucket, key);
    if (real === null) return null;
    const info = await stat(real);
    return info.isFile() ? { size: info.size, lastModified: info.mtime } : null;
  }

  async list(bucket: string, prefix: string): Promise<ObjectEntry[]> {
    assertValidObjectKey(prefix, { allowEmpty: true });
    // Like S3, the prefix may end inside a name: 'Shared/カタ' lists 'Shared/カタログ/'.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const namePrefix = prefix.slice(folder.length);
    const real = await this.resolve(bucket, folder);
    if (real === null) return [];
    let names: Dirent[];
    try {
      names = await readdir(real, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const entries: ObjectEntry[] = [];
    for (const entry of names) {
      if (!entry.name.startsWith(namePrefix)) continue;
      // Symbolic links are neither: they are never listed.
      if (entry.isDirectory()) entries.push({ key: `${folder}${entry.name}/`, isDir: true });
      else if (entry.isFile()) entries.push({ key: `${folder}${entry.name}`, isDir: false });
    }
    return entries.sort((a, b) => compareObjectKeys(a.key, b.key));
  }

  async getObjectStream(bucket: string, key: string): Promise<Readable> {
    return (await this.openObject(bucket, key)).stream;
  }

  /** The object's stream with its size and time (for Content-Length and Last-Modified). */
  async openObject(bucket: string, key: string): Promise<{ stream: Readable } & ObjectHead> {
    assertValidObjectKey(key);
    if (key.endsWith('/')) throw new ObjectNotFoundError(bucket, key);
    const real = await this.resolve(bucket, key);
    if (real === null) throw new ObjectNotFoundError(bucket, key);
    // Open before returning so that a missing object rejects here, not later as a stream error.
    // O_NOFOLLOW: the resolved path must not have become a link since it was checked.
    try {
      const handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        throw new ObjectNotFoundError(bucket, key);
      }
      return { stream: handle.createReadStream(), size: info.size, lastModified: info.mtime };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (isMissing(error) || code === 'EISDIR' || code === 'ELOOP') {
        throw new ObjectNotFoundError(bucket, key);
      }
      throw error;
    }
  }

  async createDownloadUrl(
    bucket: string,
    key: string,
    options: DownloadUrlOptions,
  ): Promise<string> {
    assertValidDownload(bucket, key, options);
    const query = this.signer.toQuery({
      bucket,
      key,
      fileName: options.fileName,
      expiresAt: Math.floor(this.now() / 1000) + options.expiresInSeconds,
    });
    return `${this.publicBaseUrl}${LOCAL_DOWNLOAD_PATH}?${query}`;
  }

  /** The grant of one of this driver's download URLs; throws DownloadLinkError when altered or expired. */
  verifyDownload(query: DownloadQuery): DownloadGrant {
    return this.signer.verify(query, this.now());
  }

  async deleteBucket(bucket: string): Promise<void> {
    await rm(this.pathOf(bucket, ''), { recursive: true, force: true });
  }
}
