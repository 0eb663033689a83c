import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ledgerExportBodySchema,
  ledgerImportAnswerSchema,
  ledgerSearchAnswerSchema,
  ledgerSearchBodySchema,
} from '../../../../../domain/api/ledger';
import { apiErrorSchema } from '../../../../../domain/api-error';
import { authorize, mayImportLedger } from '../../../../services/authorization';
import { ExportSlots } from '../../../../services/export-slots';
import {
  exportLedgerItems,
  type LedgerExportDeps,
} from '../../../../services/ledger-export-service';
import { importLedgerAsCaller, LEDGER_IMPORT_MAX_BYTES } from '../../../../services/ledger-import';
import {
  type LedgerSearchDeps,
  searchLedgerItems,
} from '../../../../services/ledger-search-service';
import type { DatabasePort } from '../../../../services/ports';
import { attachmentDisposition } from '../../../../storage/content-disposition';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 409);
const tags = ['spec'];

/** Order lines: the search (docs/product.md §7) and the staff-only CSV import (docs/product.md §13). */
export async function ledgerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: DatabasePort = { db: app.db };
  const searchDeps: LedgerSearchDeps = { db: app.db, ledgerCache: app.platform.ledgerCache };

  // Only this plugin reads text/csv bodies; the rest of the API stays JSON-only. The parser keeps
  // the app's 1 MB limit: only the import's own bodyLimit raises it, so the search, which shares
  // this plugin, does not read a 20 MB CSV before refusing it.
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  api.post(
    '/search-result-ledgerItem',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '受注・出荷明細の検索',
        description:
          'page / page_size / sort のいずれも無い場合は明細の配列（最大 20,000 件、超えると 400 TOO_MANY_RESULTS）、' +
          'いずれかがある場合は { items, total, page, page_size } を返します。',
        body: ledgerSearchBodySchema,
        response: { 200: ledgerSearchAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The answer (up to 20,000 lines) comes typed from the repository's SELECT: it is written
      // as JSON without a second pass through zod (docs/decisions/005); the schema documents it
      // and the API tests check the shape. Sent as bytes, encoded once (or taken from the answer
      // cache, docs/decisions/018): a string answer is measured (Content-Length) and then encoded
      // again, 1 MB of Japanese text twice.
      const answer = await searchLedgerItems(searchDeps, callerOf(request), request.body);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(answer);
    },
  );

  const exportDeps: LedgerExportDeps = {
    db: app.db,
    carrierTracking: app.config.carrierTracking,
    slots: new ExportSlots({
      perUser: app.config.LEDGER_EXPORT_MAX_PER_USER,
      total: app.config.LEDGER_EXPORT_MAX_TOTAL,
    }),
  };
  api.post(
    '/export-ledgerItem',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '受注・出荷明細の Excel / CSV 出力',
        description:
          '検索と同じ本文（条件・並び順・得意先）に format（xlsx または csv）を加えて送ると、条件に合う全明細' +
          '（全ページ、並び順どおり）をファイルで返します（Content-Disposition の filename* に' +
          '「注文一覧_<得意先コード>_<日本時間の YYYYMMDD>」）。page / page_size は使いません。' +
          '100,000 件を超える検索は出力前に 400 TOO_MANY_RESULTS。' +
          '同時に実行できる出力は1人2件・全体4件まで（設定で変更可）で、超えると 429 TOO_MANY_REQUESTS と Retry-After。CSV は BOM 付き UTF-8・CRLF で、' +
          '= + - @（全角の ＝＋－＠ などの字形も、前の空白や見えない文字を除いて）やタブ・CR・LF で' +
          "始まる文字列は先頭に ' を付けます。",
        body: ledgerExportBodySchema,
        // 200 is the file itself (a stream, not serialized), described above; only the errors are
        // JSON and have a schema.
        response: { ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await exportLedgerItems(exportDeps, callerOf(request), request.body);
      // A reader that goes away before the file is sent: the stream is ended, which stops its
      // reading and frees the export's slot.
      reply.raw.once('close', () => {
        if (!file.body.readableEnded) file.body.destroy();
      });
      return (reply as FastifyReply)
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-export-lines', String(file.lines))
        .send(file.body);
    },
  );

  api.post(
    '/import-ledger',
    {
      bodyLimit: LEDGER_IMPORT_MAX_BYTES,
      // Staff only, decided before the body is read: refused callers' 20 MB files
      // would otherwise be read whole, and many at once exhaust the memory. The service keeps its
      // own check, so that the rule does not hang on this hook alone.
      onRequest: async (request) => authorize(mayImportLedger(callerOf(request))),
      schema: {
        tags,
        security: bearerSecurity,
        summary: '受注・出荷明細 CSV の取り込み（スタッフのみ）',
        description:
          'UTF-8 の CSV（見出し行あり）を本文に text/csv で送ります。明細キーで upsert し、1行でも誤りがあれば何も書き込みません。',
        consumes: ['text/csv'],
        body: z.string(),
        response: { 200: ledgerImportAnswerSchema, ...errors, 413: apiErrorSchema },
      },
    },
    async (request) =>
      importLedgerAsCaller(
        {
          ...deps,
          // Shipment notification mails go to the outbox in the import's transaction.
          shipments: {
            config: app.config,
            secret: app.platform.secret,
            mailer: app.platform.mailer,
          },
          // The PDFs the lines name go into the documents' archive (docs/decisions/030).
          archive: {
            db: app.db,
            storage: app.platform.storage,
            archiveBucket: app.config.DOCUMENT_ARCHIVE_BUCKET,
            log: request.log,
          },
        },
        callerOf(request),
        request.body,
      ),
  );
}
