import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * /healthz: the process is up. /readyz: the database and, when configured, Redis answer (503 when
 * one does not).
 */
export async function healthRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Probes hit these every few seconds: log them only from warn up, never below the configured level.
  const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
  const logLevel =
    levels.indexOf(app.config.LOG_LEVEL) > levels.indexOf('warn') ? app.config.LOG_LEVEL : 'warn';
  api.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'プロセスの稼働確認', response: { 200: healthSchema } },
      logLevel,
    },
    async () => ({ status: 'ok' as const }),
  );
  api.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'データベース（と Redis）接続の確認',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel,
    },
    async (request, reply) => {
      try {
        await app.database.ping(2_000);
        // Redis (REDIS_URL) too: without it nobody can sign in.
        await app.platform.counters.ping?.();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database or counter store not reachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
