import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authErrorSchema,
  confirmSecondFactorEnrolmentAnswerSchema,
  confirmSecondFactorEnrolmentBodySchema,
  disableSecondFactorAnswerSchema,
  disableSecondFactorBodySchema,
  secondFactorStateAnswerSchema,
  startSecondFactorEnrolmentAnswerSchema,
  startSecondFactorEnrolmentBodySchema,
  verifySecondFactorAnswerSchema,
  verifySecondFactorBodySchema,
} from '../../../domain/api/auth';
import { AUTH_BASE_PATH } from '../../identity/identity';
import { TRUSTED_BROWSER_COOKIE } from '../../identity/second-factor';
import { confirmSecondFactorEnrolment } from '../../services/auth/confirm-second-factor-enrolment';
import { disableSecondFactor } from '../../services/auth/disable-second-factor';
import { getSecondFactorState } from '../../services/auth/get-second-factor-state';
import { startSecondFactorEnrolment } from '../../services/auth/start-second-factor-enrolment';
import { verifySecondFactor } from '../../services/auth/verify-second-factor';
import { assertTrustedOrigin } from './trusted-origin';

const errors = Object.fromEntries(
  [400, 401, 403, 409, 423, 429, 503].map((status) => [status, authErrorSchema]),
);

/**
 * /api/auth/second-factor (docs/decisions/016, 025): the code after the password, the enrolment
 * (the staff's obligatory one and the account page's), turning the factor off, and the session's
 * state. Cookie-session routes: a request from another origin is refused, as the provider refuses
 * its own. Each reads its caller with `app.authSessionOf` and hands it to one use case.
 */
export async function secondFactorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = `${AUTH_BASE_PATH}/second-factor`;
  const deps = app.secondFactorDeps;
  const secure = app.config.publicBaseUrl.startsWith('https://');
  const trustCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    reply.header(
      'set-cookie',
      `${TRUSTED_BROWSER_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${AUTH_BASE_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
  const schema = { tags: ['auth'] } as const;

  api.get(
    base,
    {
      schema: {
        ...schema,
        summary: '2段階認証の状態',
        response: { 200: secondFactorStateAnswerSchema, ...errors },
      },
    },
    async (request) => getSecondFactorState(deps, await app.authSessionOf(request)),
  );

  api.post(
    `${base}/verify`,
    {
      schema: {
        ...schema,
        summary: 'ログイン時の確認コード（またはバックアップコード）',
        body: verifySecondFactorBodySchema,
        response: { 200: verifySecondFactorAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertTrustedOrigin(request, app.config.trustedOrigins);
      const caller = await app.authSessionOf(request);
      await app.preLoginLimiter.assertAllowed(request, caller.mail);
      const done = await verifySecondFactor(deps, caller, request.body ?? {});
      if (done.trustedBrowser) {
        trustCookie(reply, done.trustedBrowser.value, done.trustedBrowser.maxAgeSeconds);
      }
      return { status: true as const, backupCodeUsed: done.backupCodeUsed };
    },
  );

  api.post(
    `${base}/enrol`,
    {
      schema: {
        ...schema,
        summary:
          '2段階認証の設定開始（設定待ちの秘密鍵があればそれを、new_key: true で新しい秘密鍵）',
        body: startSecondFactorEnrolmentBodySchema,
        response: { 200: startSecondFactorEnrolmentAnswerSchema, ...errors },
      },
    },
    async (request) => {
      assertTrustedOrigin(request, app.config.trustedOrigins);
      const body = request.body ?? {};
      return startSecondFactorEnrolment(deps, await app.authSessionOf(request), {
        ...(body.password === undefined ? {} : { password: body.password }),
        newKey: body.new_key === true,
      });
    },
  );

  api.post(
    `${base}/enrol/confirm`,
    {
      schema: {
        ...schema,
        summary: '2段階認証の設定完了（バックアップコードはこの一度だけ）',
        body: confirmSecondFactorEnrolmentBodySchema,
        response: { 200: confirmSecondFactorEnrolmentAnswerSchema, ...errors },
      },
    },
    async (request) => {
      assertTrustedOrigin(request, app.config.trustedOrigins);
      return confirmSecondFactorEnrolment(
        deps,
        await app.authSessionOf(request),
        request.body ?? {},
      );
    },
  );

  api.post(
    `${base}/disable`,
    {
      schema: {
        ...schema,
        summary: '2段階認証の無効化',
        body: disableSecondFactorBodySchema,
        response: { 200: disableSecondFactorAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertTrustedOrigin(request, app.config.trustedOrigins);
      await disableSecondFactor(deps, await app.authSessionOf(request), request.body ?? {});
      trustCookie(reply, '', 0);
      return { status: true as const };
    },
  );
}
