import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { HttpError } from '../errors';
import { BULK_DOWNLOAD_PATH, findBulkDownload } from '../services/order-documents-service';
import { attachmentDisposition } from '../storage/content-disposition';
import type { ObjectStorage } from '../storage/storage-port';

/**
 * The zip of a prepared bulk download. No bearer token (the browser navigates here): the random id
 * is the permission and expires. Entries are read one at a time while the zip streams out, so no
 * file is ever held whole in memory.
 */
export async function bulkDownloadRoutes(app: FastifyInstance, opts: { storage: ObjectStorage }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${BULK_DOWNLOAD_PATH}/:id`,
    { schema: { hide: true, params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }) } },
    async (request, reply) => {
      const download = await findBulkDownload(app.db, request.params.id);
      if (!download) {
        throw new HttpError(
          410,
          'LINK_EXPIRED',
          'ダウンロードURLの有効期限が切れています。画面からもう一度ダウンロードしてください。',
        );
      }
      const zip = new yazl.ZipFile();
      for (const key of download.keys) {
        const name = key.slice(key.lastIndexOf('/') + 1);
        zip.addReadStreamLazy(name, {}, (callback) => {
          opts.storage.getObjectStream(download.bucket, key).then(
            (stream) => callback(null, stream),
            (err: Error) => {
              request.log.error({ err, key }, 'bulk download entry failed');
              callback(err, undefined as never);
            },
          );
        });
      }
      zip.end();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(download.file_name))
        .header('cache-control', 'private, no-store')
        .send(zip.outputStream);
    },
  );
}
