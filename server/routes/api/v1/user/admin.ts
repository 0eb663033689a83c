import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedUserSchema,
  deleteUserBodySchema,
  getAllUserTypeBodySchema,
  getUserByCustomerBodySchema,
  managedUserSchema,
  savedUserSchema,
  saveUserBodySchema,
  updateUserBodySchema,
  userTypeListSchema,
} from '../../../../../domain/api/user';
import {
  addUser,
  deleteUser,
  getAllUserTypes,
  getUsersByCustomer,
  updateUser,
} from '../../../../services/user-admin-service';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['user'];

/** The managers page (docs/product.md §2, §7): staff and corporate administrators only. */
export async function userAdminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.db,
    auth: app.auth,
    mailer: app.platform.mailer,
    config: app.config,
  });

  api.post(
    '/get-user-by-customer',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '取引先の利用者一覧（法人管理者・スタッフ）',
        body: getUserByCustomerBodySchema,
        response: { 200: z.array(managedUserSchema), ...errors },
      },
    },
    async (request) => getUsersByCustomer(app.db, request, request.body.customer_code),
  );
  api.post(
    '/get-all-user-type',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '権限（ユーザー種別）の一覧',
        body: getAllUserTypeBodySchema,
        response: { 200: userTypeListSchema, ...errors },
      },
    },
    async (request) => getAllUserTypes(app.db, request, request.body.user_group),
  );
  api.post(
    '/add-user',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '利用者の追加（新しいメールアドレスには招待メールを送信）',
        description:
          '法人管理者は、既にアカウントのあるメールアドレスを、その人が自法人の利用者（削除済みを含む）である場合にだけ追加できます。' +
          '他法人の利用者や当社のアカウントは 409 MAIL_HELD_ELSEWHERE（detail.description はメールアドレスを指す）。' +
          '法人管理者への回答の firebase_uid は自法人の利用者のものだけで、ほかは null です。',
        body: saveUserBodySchema,
        response: { 200: savedUserSchema, ...errors },
      },
    },
    async (request) => addUser(deps(), request, request.body),
  );
  api.put(
    '/update-user',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '利用者の更新',
        body: updateUserBodySchema,
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) => updateUser(app.db, request, request.body),
  );
  api.put(
    '/delete-user',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: '利用者の削除（論理削除）',
        body: deleteUserBodySchema,
        response: { 200: deletedUserSchema, ...errors },
      },
    },
    async (request) => deleteUser(app.db, request, request.body.id),
  );
}
