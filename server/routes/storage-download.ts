import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../errors';
import { attachmentDisposition } from '../storage/content-disposition';
import { contentTypeOf } from '../storage/content-type';
import { LocalStorage } from '../storage/local-storage';
import { DownloadLinkError, LOCAL_DOWNLOAD_PATH } from '../storage/signed-download';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  type ObjectStorage,
} from '../storage/storage-port';

const downloadQuerySchema = z.object({
  b: z.string().min(1).max(100),
  k: z.string().min(1).max(2048),
  name: z.string().min(1).max(1024),
  exp: z.coerce.number().int().nonnegative(),
  sig: z.string().max(128),
});

const EXPIRED_MESSAGE =
  'ダウンロードURLの有効期限が切れています。画面からもう一度ダウンロードしてください。';
const INVALID_MESSAGE = 'ダウンロードURLが正しくありません。';

/**
 * The local driver's signed download URLs (the S3 driver's URLs go to the store itself). No bearer
 * token: the HMAC signature is the permission, for one object, one file name, until the expiry.
 * Hidden from the OpenAPI document: clients receive these URLs, they never build them.
 */
export async function storageDownloadRoutes(
  app: FastifyInstance,
  opts: { storage: ObjectStorage },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storage = opts.storage;

  api.get(
    LOCAL_DOWNLOAD_PATH,
    { schema: { hide: true, querystring: downloadQuerySchema } },
    async (request, reply) => {
      if (!(storage instanceof LocalStorage)) throw notFound();
      let opened: Awaited<ReturnType<LocalStorage['openObject']>>;
      let fileName: string;
      try {
        const grant = storage.verifyDownload(request.query);
        fileName = grant.fileName;
        opened = await storage.openObject(grant.bucket, grant.key);
      } catch (error) {
        if (error instanceof DownloadLinkError) {
          request.log.warn({ reason: error.reason }, 'download link refused');
          throw error.reason === 'expired'
            ? new HttpError(410, 'LINK_EXPIRED', EXPIRED_MESSAGE)
            : new HttpError(403, 'FORBIDDEN', INVALID_MESSAGE);
        }
        // Signed by us, so only a file removed (or a link planted) since then gets here.
        if (error instanceof ObjectNotFoundError || error instanceof InvalidObjectKeyError) {
          throw notFound();
        }
        throw error;
      }
      return reply
        .header('content-type', contentTypeOf(fileName))
        .header('content-length', String(opened.size))
        .header('content-disposition', attachmentDisposition(fileName))
        .header('last-modified', opened.lastModified.toUTCString())
        .header('cache-control', 'private, no-store')
        .send(opened.stream);
    },
  );
}
