import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountNotificationsBodySchema,
  accountSchema,
  signInHistorySchema,
} from '../../../../../domain/api/account';
import {
  getAccount,
  listOwnSignIns,
  updateOwnNotifications,
} from '../../../../services/account-service';
import type { DatabasePort } from '../../../../services/ports';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 409);
const tags = ['account'];

/** /account: the signed-in person's own account page. */
export async function accountRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: DatabasePort = { db: app.db };

  api.get(
    '',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '自分のアカウント（氏名・メールアドレス・取引先ごとの出荷通知）',
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => getAccount(deps, callerOf(request)),
  );

  const notifications = {
    schema: {
      tags,
      security: bearerSecurity,
      summary: '自分の出荷通知の設定',
      description:
        '自分が持つ取引先コードの出荷通知だけを変更できます。ほかの取引先コードが一つでも含まれると 403 で、何も変更しません。',
      body: accountNotificationsBodySchema,
      response: { 200: accountSchema, ...errors },
    },
  };
  const setNotifications = async (
    request: FastifyRequest<{ Body: (typeof accountNotificationsBodySchema)['_output'] }>,
  ) => updateOwnNotifications(deps, callerOf(request), request.body);
  api.put('/notifications', notifications, setNotifications);
  api.patch('/notifications', notifications, setNotifications);

  api.get(
    '/sign-ins',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '自分の最近のログイン履歴（新しい順に最大20件）',
        response: { 200: signInHistorySchema, ...errors },
      },
    },
    async (request) => listOwnSignIns(deps, callerOf(request)),
  );
}
