import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../../db/client';
import type { Platform } from '../platform';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    database: DatabaseHandle;
    db: Database;
  }
}

/** Exposes the opened ports (database, storage, mail…); closes them when the server closes. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { platform: Platform }) => {
    app.decorate('platform', opts.platform);
    app.decorate('database', opts.platform.database);
    app.decorate('db', opts.platform.database.db);
    app.addHook('onClose', async () => {
      await opts.platform.close();
    });
  },
  { name: 'database' },
);
