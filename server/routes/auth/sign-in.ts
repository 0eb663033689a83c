import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authErrorSchema,
  changePasswordAnswerSchema,
  changePasswordBodySchema,
  confirmPasswordResetBodySchema,
  confirmPasswordResetQuerySchema,
  mailRequestAnswerSchema,
  mailRequestBodySchema,
  signInAnswerSchema,
  signInBodySchema,
  statusAnswerSchema,
} from '../../../domain/api/auth';
import { AUTH_BASE_PATH } from '../../identity/identity';
import { sendProviderAnswer } from '../../identity/provider-request';
import { changePassword } from '../../services/auth/change-password';
import { confirmPasswordReset } from '../../services/auth/confirm-password-reset';
import { requestPasswordReset } from '../../services/auth/request-password-reset';
import { sendVerificationMail } from '../../services/auth/send-verification-mail';
import { signIn } from '../../services/auth/sign-in';

const errors = Object.fromEntries(
  [400, 401, 403, 423, 429, 503].map((status) => [status, authErrorSchema]),
);

/**
 * /api/auth's sign-in, password change and reset (docs/decisions/008, 011): each reads its caller
 * (`app.requestCallerOf`, `app.authSessionOf`), hands it to one use case of server/services/auth,
 * and sends the provider's answer with its cookies.
 */
export async function signInRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.signInDeps;
  const schema = { tags: ['auth'] } as const;
  const mailAnswers = { 200: mailRequestAnswerSchema, ...errors };

  api.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    {
      schema: {
        ...schema,
        summary: 'ログイン（メールアドレスとパスワード）',
        body: signInBodySchema,
        response: { 200: signInAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await signIn(deps, app.requestCallerOf(request), request.body ?? {});
      return sendProviderAnswer(reply, answer.response, answer.body);
    },
  );

  api.post(
    `${AUTH_BASE_PATH}/change-password`,
    {
      schema: {
        ...schema,
        summary: 'パスワードの変更（ログイン中）',
        body: changePasswordBodySchema,
        response: { 200: changePasswordAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = {
        ...(await app.authSessionOf(request)),
        provider: app.requestCallerOf(request).provider,
      };
      const answer = await changePassword(deps, caller, request.body ?? {});
      return sendProviderAnswer(reply, answer.response, answer.body);
    },
  );

  api.post(
    `${AUTH_BASE_PATH}/reset-password`,
    {
      schema: {
        ...schema,
        summary: 'パスワードの再設定（メールのリンクから）',
        body: confirmPasswordResetBodySchema,
        querystring: confirmPasswordResetQuerySchema,
        response: { 200: statusAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const answer = await confirmPasswordReset(deps, app.requestCallerOf(request), {
        token: body.token ?? request.query.token,
        newPassword: body.newPassword,
      });
      return sendProviderAnswer(reply, answer.response, answer.body);
    },
  );

  api.post(
    `${AUTH_BASE_PATH}/request-password-reset`,
    {
      schema: {
        ...schema,
        summary: 'パスワード再設定メールの送信',
        body: mailRequestBodySchema,
        response: mailAnswers,
      },
    },
    async (request, reply) => {
      const caller = app.requestCallerOf(request);
      const answer = await requestPasswordReset(deps, caller, request.body ?? {});
      return sendProviderAnswer(reply, answer.response, answer.body);
    },
  );

  api.post(
    `${AUTH_BASE_PATH}/send-verification-email`,
    {
      schema: {
        ...schema,
        summary: '確認メールの再送',
        body: mailRequestBodySchema,
        response: mailAnswers,
      },
    },
    async (request, reply) => {
      const caller = app.requestCallerOf(request);
      const answer = await sendVerificationMail(deps, caller, request.body ?? {});
      return sendProviderAnswer(reply, answer.response, answer.body);
    },
  );
}
