import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerCodeListSchema,
  getAllCustomersBodySchema,
  getUserByIdBodySchema,
  userRecordListSchema,
} from '../../../../../domain/api/user';
import { apiErrorSchema } from '../../../../../domain/api-error';
import {
  getCustomerCodesOfCaller,
  getUserRecordOfCaller,
} from '../../../../services/sign-in-lookups';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
};
const security = [{ bearerAuth: [] }];

export async function userIdentityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/get-all-customers',
    {
      schema: {
        tags: ['user'],
        summary: 'ログイン中のアカウントの取引先コード一覧',
        security,
        body: getAllCustomersBodySchema,
        response: { 200: customerCodeListSchema, ...errors },
      },
    },
    async (request) => getCustomerCodesOfCaller(app.db, request),
  );

  api.post(
    '/get-firebase-user-by-id',
    {
      schema: {
        tags: ['user'],
        summary: 'ログイン中のアカウントの、指定した取引先のユーザー情報',
        security,
        body: getUserByIdBodySchema,
        response: { 200: userRecordListSchema, ...errors },
      },
    },
    async (request) => getUserRecordOfCaller(app.db, request, request.body.customer_code),
  );
}
