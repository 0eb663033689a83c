import type { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { clientInfoOf } from '../services/caller';
import { DOCUMENT_FILE_PATH, DocumentTicketSigner } from '../services/document-tickets';
import {
  type DocumentsPorts,
  documentZipOf,
  openDocumentTicket,
  verifyDocumentTicket,
} from '../services/documents-service';
import { attachmentDisposition } from '../storage/content-disposition';
import { contentTypeOf } from '../storage/content-type';

const ticketQuerySchema = z.object({
  t: z.string().min(1).max(4096),
  sig: z.string().max(128),
});

/**
 * A document's download ticket opened (docs/decisions/030). No bearer token: the browser
 * navigates here, and the signed ticket is the permission, for one file (or one zip), one person,
 * a few minutes. The portal serves the file itself (from the archive, or the customer's Spec
 * folder), so that the download is recorded when it happens: a file when it is sent, a zip once
 * it has gone out whole. Hidden from the OpenAPI document.
 */
export async function documentFileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ports = (): DocumentsPorts => ({
    db: app.db,
    storage: app.platform.storage,
    archiveBucket: app.config.DOCUMENT_ARCHIVE_BUCKET,
    invoiceMails: { config: app.config, mailer: app.platform.mailer },
    tickets: new DocumentTicketSigner(app.platform.secret),
    downloadTtlSeconds: app.config.DOWNLOAD_URL_TTL_SECONDS,
    publicBaseUrl: app.config.publicBaseUrl,
  });
  api.get(
    DOCUMENT_FILE_PATH,
    { schema: { hide: true, querystring: ticketQuerySchema } },
    async (request, reply) => {
      const ticket = verifyDocumentTicket(ports(), request.query);
      if (ticket.kind !== 'zip') {
        const opened = await openDocumentTicket(ports(), ticket, clientInfoOf(request));
        return reply
          .header('content-type', contentTypeOf(opened.fileName))
          .header('content-length', String(opened.size))
          .header('content-disposition', attachmentDisposition(opened.fileName))
          .header('cache-control', 'private, no-store')
          .send(opened.stream);
      }

      const content = await documentZipOf(ports(), ticket, clientInfoOf(request));
      const zip = new yazl.ZipFile();
      const output = zip.outputStream as PassThrough;
      // An archived object gone or unreadable ends the download unfinished (the browser reports a
      // failed download, and no receipt is written), as the orders' bulk download does.
      let reading: Readable | undefined;
      const fail = (err: Error, key?: string) => {
        request.log.error({ err, key }, 'documents zip ended unfinished');
        reading?.destroy();
        output.destroy(err);
      };
      zip.on('error', (err: Error) => fail(err));
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) reading?.destroy();
      });
      // The whole zip reached the client's connection: now it counts as downloaded.
      reply.raw.once('finish', () => {
        content.delivered().catch((err: unknown) => {
          request.log.error({ err }, 'documents zip delivered, but its receipts were not written');
        });
      });
      for (const entry of content.entries) {
        zip.addReadStreamLazy(entry.name, {}, (callback) => {
          if (output.destroyed) return;
          app.platform.storage.getObjectStream(entry.bucket, entry.key).then(
            (stream) => {
              reading = stream;
              stream.once('error', (err) => fail(err, entry.key));
              callback(null, stream);
            },
            (err: Error) => fail(err, entry.key),
          );
        });
      }
      zip.addBuffer(content.index, 'index.csv');
      zip.end();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(content.fileName))
        .header('cache-control', 'private, no-store')
        .send(output);
    },
  );
}
