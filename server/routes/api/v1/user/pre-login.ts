import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountLockAnswerSchema,
  mailBodySchema,
  mailExistsAnswerSchema,
} from '../../../../../domain/api/user';
import { foldMail } from '../../../../../domain/mail-address';
import { checkAccountLock } from '../../../../services/auth/check-account-lock';
import { mailHasIdentity } from '../../../../services/sign-in-lookups';
import { errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 429);
const security = [{ apiKey: [] }];

/** Pre-login calls: the api-key header instead of a token, rate-limited per address and mail. */
export async function userPreLoginRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'pre-login' as const };
  // check-account-lock and the compatibility lock-account answer the same: the current lock state.
  const answerLockState = async (request: FastifyRequest<{ Body: { mail: string } }>) => {
    await app.preLoginLimiter.assertAllowed(request, foldMail(request.body.mail));
    return checkAccountLock({ db: app.db }, { mail: request.body.mail });
  };

  api.post(
    '/check-account-lock',
    {
      config,
      schema: {
        tags: ['user'],
        summary: 'アカウントロックの確認（ログイン前）',
        security,
        body: mailBodySchema,
        response: { 200: accountLockAnswerSchema, ...errors },
      },
    },
    answerLockState,
  );

  api.put(
    '/lock-account',
    {
      config,
      schema: {
        tags: ['user'],
        summary: 'アカウントロック（互換のため残す呼び出し。ロックはサインイン時にサーバーが行う）',
        description:
          'No anonymous call may lock an account (docs/product.md §11): the lock is applied by the server inside sign-in. This call only answers the current lock state.',
        security,
        body: mailBodySchema,
        response: { 200: accountLockAnswerSchema, ...errors },
      },
    },
    answerLockState,
  );

  api.post(
    '/check-firebase-user-by-mail',
    {
      config,
      schema: {
        tags: ['user'],
        summary: 'メールアドレスの登録確認（パスワード再設定前）',
        security,
        body: mailBodySchema,
        response: { 200: mailExistsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await app.preLoginLimiter.assertAllowed(request, foldMail(request.body.mail));
      return {
        is_exist_mail_flag: await mailHasIdentity(app.platform, { mail: request.body.mail }),
      };
    },
  );
}
