import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerCodeListSchema,
  getAllCustomersBodySchema,
  getUserByIdBodySchema,
  userRecordListSchema,
} from '../../../../../domain/api/user';
import {
  getCustomerCodesOfCaller,
  getUserRecordOfCaller,
} from '../../../../services/sign-in-lookups';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 409);

export async function userIdentityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/get-all-customers',
    {
      schema: {
        tags: ['user'],
        summary: 'ログイン中のアカウントの取引先コード一覧',
        security: bearerSecurity,
        body: getAllCustomersBodySchema,
        response: { 200: customerCodeListSchema, ...errors },
      },
    },
    async (request) => getCustomerCodesOfCaller({ db: app.db }, request.caller!),
  );

  api.post(
    '/get-firebase-user-by-id',
    {
      schema: {
        tags: ['user'],
        summary: 'ログイン中のアカウントの、指定した取引先のユーザー情報',
        security: bearerSecurity,
        body: getUserByIdBodySchema,
        response: { 200: userRecordListSchema, ...errors },
      },
    },
    async (request) =>
      getUserRecordOfCaller({ db: app.db }, request.caller!, {
        customerCode: request.body.customer_code,
      }),
  );
}
