import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../../errors';
import { SessionEndedError } from '../../../identity/identity';
import {
  type Caller,
  clientInfoOf,
  refuseIfAccountDeleted,
  resolveCaller,
} from '../../../services/caller';
import { accountRoutes } from './account/index';
import { auditRoutes } from './audit/index';
import { bannerRoutes } from './banner/index';
import { documentRoutes } from './documents/index';
import { inquiryRoutes } from './inquiries/index';
import { invoiceReadRoutes } from './invoices/index';
import { noticeRoutes } from './notice/index';
import { sharedFilesApiRoutes } from './shared-file/index';
import { invoiceRoutes } from './spec/invoices';
import { ledgerRoutes } from './spec/ledger';
import { specLookupRoutes } from './spec/lookups';
import { topRoutes } from './top/index';
import { userAdminRoutes } from './user/admin';
import { userIdentityRoutes } from './user/identity';
import { userPreLoginRoutes } from './user/pre-login';
import { userSecondFactorRoutes } from './user/second-factor';
import { userSignInStateRoutes } from './user/sign-in-state';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the /api/v1 auth hook from a verified bearer token; null for pre-login calls. */
    identity: { uid: string; signedInAt: Date } | null;
    /** Who is calling, resolved once by the /api/v1 auth hook; null for pre-login calls. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** "pre-login": no bearer token; the spec's static api-key header instead (docs/product.md §6). */
    access?: 'pre-login';
  }
}

/**
 * The /api/v1 tree of the spec's calls (docs/product.md §7). Authentication runs here for the whole tree;
 * authorization runs in the services, from the caller the token names.
 */
export async function apiV1Routes(app: FastifyInstance) {
  app.decorateRequest('identity', null);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access === 'pre-login') {
      if (request.headers['x-api-key'] !== app.config.PUBLIC_API_KEY) {
        throw new HttpError(401, 'UNAUTHORIZED');
      }
      return;
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header);
    if (!match) throw new HttpError(401, 'UNAUTHORIZED');
    try {
      const verified = await app.verifyAccessToken(match[1]!);
      request.identity = { uid: verified.uid, signedInAt: verified.signedInAt };
    } catch (err) {
      // The keys could not be read (database away): not the token's fault, the caller retries.
      if (err instanceof HttpError) throw err;
      // Deleting a person's last row ends their sessions; they are told why (docs/product.md §8: 409 and
      // its message) rather than merely sent back to the login screen.
      if (err instanceof SessionEndedError) await refuseIfAccountDeleted(app.db, err.uid);
      request.log.info({ reason: (err as Error).message }, 'bearer token refused');
      throw new HttpError(401, 'UNAUTHORIZED');
    }
    // Resolved once, before any body is read: every /api/v1 call acts as this caller.
    const { uid, signedInAt } = request.identity;
    request.caller = await resolveCaller(app.db, uid, clientInfoOf(request), signedInAt);
  });

  await app.register(userPreLoginRoutes, { prefix: '/user' });
  await app.register(userIdentityRoutes, { prefix: '/user' });
  await app.register(userAdminRoutes, { prefix: '/user' });
  await app.register(userSecondFactorRoutes, { prefix: '/user' });
  await app.register(userSignInStateRoutes, { prefix: '/user' });
  await app.register(specLookupRoutes, { prefix: '/spec' });
  await app.register(ledgerRoutes, { prefix: '/spec' });
  await app.register(invoiceRoutes, { prefix: '/spec' });
  await app.register(invoiceReadRoutes, { prefix: '/invoices' });
  await app.register(documentRoutes, { prefix: '/documents' });
  await app.register(noticeRoutes, { prefix: '/notice' });
  await app.register(bannerRoutes, { prefix: '/banner' });
  await app.register(sharedFilesApiRoutes);
  await app.register(auditRoutes, { prefix: '/audit' });
  await app.register(accountRoutes, { prefix: '/account' });
  await app.register(topRoutes, { prefix: '/top' });
  await app.register(inquiryRoutes, { prefix: '/inquiries' });
}
