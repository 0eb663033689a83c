import type { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { HttpError } from '../errors';
import {
  BULK_DOWNLOAD_PATH,
  findBulkDownload,
  MISSING_LIST_HEADING,
  MISSING_LIST_NAME,
} from '../services/order-documents-service';
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
      const download = await findBulkDownload({ db: app.db }, request.params.id);
      if (!download) {
        throw new HttpError(
          410,
          'LINK_EXPIRED',
          'ダウンロードURLの有効期限が切れています。画面からもう一度ダウンロードしてください。',
        );
      }
      const zip = new yazl.ZipFile();
      const output = zip.outputStream as PassThrough; // typed as the interface; it is a PassThrough
      // A file gone or unreadable after the link was made (deleted, storage away) ends the
      // download unfinished: the browser reports a failed download instead of a zip that looks
      // whole without the file, and the person asks again (the caution flag then names it).
      // yazl reports a failed entry on the ZipFile, and pipe() forwards no read error: both are
      // caught here, or the process would stop on an unhandled error.
      let reading: Readable | undefined;
      const fail = (err: Error, key?: string) => {
        request.log.error({ err, key }, 'bulk download ended unfinished');
        reading?.destroy();
        output.destroy(err);
      };
      zip.on('error', (err: Error) => fail(err));
      // The person cancelled: stop reading files nobody receives.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) reading?.destroy();
      });
      for (const key of download.keys) {
        const name = key.slice(key.lastIndexOf('/') + 1);
        zip.addReadStreamLazy(name, {}, (callback) => {
          if (output.destroyed) return;
          opts.storage.getObjectStream(download.bucket, key).then(
            (stream) => {
              reading = stream;
              stream.once('error', (err) => fail(err, key));
              callback(null, stream);
            },
            (err: Error) => fail(err, key),
          );
        });
      }
      if (download.missing_files.length > 0) {
        // The files asked for that did not exist, named in the zip itself: the dialog that said
        // so is gone by the time the zip is opened. CRLF and a BOM, so that Windows' Notepad
        // reads the Japanese names.
        const text = `${MISSING_LIST_HEADING}\r\n${download.missing_files.join('\r\n')}\r\n`;
        zip.addBuffer(Buffer.from(`\ufeff${text}`, 'utf8'), MISSING_LIST_NAME);
      }
      zip.end();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(download.file_name))
        .header('cache-control', 'private, no-store')
        .send(output);
    },
  );
}
