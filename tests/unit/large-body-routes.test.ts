import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireEarlyRefusalForLargeBodies } from '../../server/app';

// A route that takes a large body must refuse callers before reading it, in
// a route-level onRequest hook; a route that raises the limit without one stops the start.

const build = (options: { bodyLimit?: number; onRequest?: () => Promise<void> }) => {
  const app = Fastify();
  requireEarlyRefusalForLargeBodies(app);
  app.post('/upload', options, async () => ({ ok: true }));
  return app;
};

describe('routes with a large body limit', () => {
  it('stop the start without a route-level onRequest hook', () => {
    expect(() => build({ bodyLimit: 2 * 1024 * 1024 })).toThrow(
      /POST \/upload: a body limit above 1048576 bytes needs a route-level onRequest hook/,
    );
  });

  it('are accepted with one, as are routes on the default limit', async () => {
    for (const options of [
      { bodyLimit: 2 * 1024 * 1024, onRequest: async () => {} },
      { bodyLimit: 1024 * 1024 },
      {},
    ]) {
      const app = build(options);
      await expect(app.ready()).resolves.toBeDefined();
      await app.close();
    }
  });
});
