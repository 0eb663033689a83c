import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerBucketAnswerSchema,
  customerBucketQuerySchema,
  registeredFolderNameAnswerSchema,
  registerFolderNameBodySchema,
} from '../../../../../domain/api/shared-files';
import { apiErrorSchema } from '../../../../../domain/api-error';
import {
  customerBucketName,
  registerCustomerFolderName,
} from '../../../../services/shared-files-service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['spec'];

/** Spec §7 leaves these two paths unnamed; decision 004 names them. */
export async function specBucketRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/get-customer-bucket-name',
    {
      schema: {
        tags,
        security,
        summary: '取引先のストレージバケット名（スタッフは全取引先、その他は自分の取引先のみ）',
        querystring: customerBucketQuerySchema,
        response: { 200: customerBucketAnswerSchema, ...errors },
      },
    },
    async (request) => customerBucketName(app.db, request, request.query.customer_code),
  );

  api.post(
    '/register-customer-folder-name',
    {
      schema: {
        tags,
        security,
        summary: '取引先のフォルダ名の登録（スタッフのみ、監査ログに記録）',
        body: registerFolderNameBodySchema,
        response: { 200: registeredFolderNameAnswerSchema, ...errors },
      },
    },
    async (request) => registerCustomerFolderName(app.db, request, request.body),
  );
}
