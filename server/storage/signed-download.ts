import { createHmac, timingSafeEqual } from 'node:crypto';

/** The API route that serves the local driver's signed download URLs (server/routes/storage-download.ts). */
export const LOCAL_DOWNLOAD_PATH = '/api/storage/download';

/** What a signed download URL grants: one object, under one file name, until one moment. */
export interface DownloadGrant {
  bucket: string;
  key: string;
  fileName: string;
  /** Unix time in seconds after which the URL no longer works. */
  expiresAt: number;
}

/** The query of a signed URL: b, k, name, exp and sig (sig is redacted from the request log). */
export interface DownloadQuery {
  b: string;
  k: string;
  name: string;
  exp: number;
  sig: string;
}

export class DownloadLinkError extends Error {
  override name = 'DownloadLinkError';
  constructor(readonly reason: 'invalid' | 'expired') {
    super(`download link ${reason}`);
  }
}

/**
 * HMAC-SHA256 over every field of the grant, with a key derived from the platform secret, so that
 * neither the object, nor the file name, nor the expiry can be changed without the secret.
 */
export class DownloadSigner {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    if (secret.length < 16) throw new RangeError('the download signing secret is too short');
    // A key of its own: the identity secret itself never signs anything a browser sees.
    this.key = createHmac('sha256', secret).update('portal/local-storage/download-url/v1').digest();
  }

  private signatureOf(grant: DownloadGrant): Buffer {
    const message = JSON.stringify([grant.bucket, grant.key, grant.fileName, grant.expiresAt]);
    return createHmac('sha256', this.key).update(message, 'utf8').digest();
  }

  toQuery(grant: DownloadGrant): string {
    return new URLSearchParams({
      b: grant.bucket,
      k: grant.key,
      name: grant.fileName,
      exp: String(grant.expiresAt),
      sig: this.signatureOf(grant).toString('base64url'),
    }).toString();
  }

  /** The grant of a signed query; throws DownloadLinkError when it was altered or has expired. */
  verify(query: DownloadQuery, nowMs: number): DownloadGrant {
    const grant: DownloadGrant = {
      bucket: query.b,
      key: query.k,
      fileName: query.name,
      expiresAt: query.exp,
    };
    const expected = this.signatureOf(grant);
    const given = /^[A-Za-z0-9_-]{43}$/.test(query.sig)
      ? Buffer.from(query.sig, 'base64url')
      : null;
    // Constant time: the comparison does not tell how many leading bytes were right.
    if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new DownloadLinkError('invalid');
    }
    // Checked after the signature, so an altered expiry is 'invalid', never 'expired'.
    if (nowMs >= grant.expiresAt * 1000) throw new DownloadLinkError('expired');
    return grant;
  }
}
