import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfoOf } from '../services/caller';
import { DOCUMENT_FILE_PATH, DocumentTicketSigner } from '../services/document-tickets';
import { openDocumentTicket } from '../services/documents-service';
import { attachmentDisposition } from '../storage/content-disposition';
import { contentTypeOf } from '../storage/content-type';

const ticketQuerySchema = z.object({
  t: z.string().min(1).max(4096),
  sig: z.string().max(128),
});

/**
 * A document's download ticket opened (docs/decisions/030). No bearer token: the browser
 * navigates here, and the signed ticket is the permission, for one file, one person, a few
 * minutes. The portal serves the file itself (from the archive, or the customer's Spec folder),
 * so that the download is recorded when it happens. Hidden from the OpenAPI document.
 */
export async function documentFileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    DOCUMENT_FILE_PATH,
    { schema: { hide: true, querystring: ticketQuerySchema } },
    async (request, reply) => {
      const opened = await openDocumentTicket(
        {
          db: app.db,
          storage: app.platform.storage,
          archiveBucket: app.config.DOCUMENT_ARCHIVE_BUCKET,
          tickets: new DocumentTicketSigner(app.platform.secret),
          downloadTtlSeconds: app.config.DOWNLOAD_URL_TTL_SECONDS,
          publicBaseUrl: app.config.publicBaseUrl,
        },
        request.query,
        clientInfoOf(request),
      );
      return reply
        .header('content-type', contentTypeOf(opened.fileName))
        .header('content-length', String(opened.size))
        .header('content-disposition', attachmentDisposition(opened.fileName))
        .header('cache-control', 'private, no-store')
        .send(opened.stream);
    },
  );
}
