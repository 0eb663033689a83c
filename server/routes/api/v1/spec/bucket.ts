import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerBucketAnswerSchema,
  customerBucketQuerySchema,
  registeredFolderNameAnswerSchema,
  registerFolderNameBodySchema,
} from '../../../../../domain/api/shared-files';
import {
  customerBucketName,
  registerCustomerFolderName,
} from '../../../../services/shared-files-service';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['spec'];

/** docs/product.md §7 leaves these two paths unnamed; decision 004 names them. */
export async function specBucketRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/get-customer-bucket-name',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '取引先のストレージバケット名（スタッフは全取引先、その他は自分の取引先のみ）',
        querystring: customerBucketQuerySchema,
        response: { 200: customerBucketAnswerSchema, ...errors },
      },
    },
    async (request) =>
      customerBucketName({ db: app.db }, callerOf(request), request.query.customer_code),
  );

  api.post(
    '/register-customer-folder-name',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '取引先のフォルダ名の登録（スタッフのみ、監査ログに記録）',
        body: registerFolderNameBodySchema,
        response: { 200: registeredFolderNameAnswerSchema, ...errors },
      },
    },
    async (request) =>
      registerCustomerFolderName({ db: app.db, log: request.log }, callerOf(request), request.body),
  );
}
