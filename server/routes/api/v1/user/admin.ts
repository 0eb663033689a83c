import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedUserSchema,
  deleteUserBodySchema,
  getAllUserTypeBodySchema,
  getUserByCustomerBodySchema,
  managedUserSchema,
  managedUserWithStateSchema,
  savedUserSchema,
  saveUserBodySchema,
  updateUserBodySchema,
  userTypeListSchema,
} from '../../../../../domain/api/user';
import { addUser } from '../../../../services/users/add-user';
import { deleteUser } from '../../../../services/users/delete-user';
import { getAllUserTypes, getUsersByCustomer } from '../../../../services/users/list-users';
import { updateUser } from '../../../../services/users/update-user';
import type { UserAdminDeps } from '../../../../services/users/user-admin-common';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['user'];

/** The managers page (docs/product.md §2, §7): staff and corporate administrators only. */
export async function userAdminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): UserAdminDeps => ({
    db: app.db,
    identity: app.platform.identity,
    mailer: app.platform.mailer,
    config: app.config,
    log: request.log,
  });

  api.post(
    '/get-user-by-customer',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          '取引先の利用者一覧（法人管理者・スタッフ）。各行に本人のログイン状況（招待中・利用中・ロック中）',
        body: getUserByCustomerBodySchema,
        response: { 200: z.array(managedUserWithStateSchema), ...errors },
      },
    },
    async (request) =>
      getUsersByCustomer(deps(request), request.caller!, {
        customerCodes: request.body.customer_code,
      }),
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
    async (request) =>
      getAllUserTypes(deps(request), request.caller!, { userGroup: request.body.user_group }),
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
    async (request) => addUser(deps(request), request.caller!, request.body),
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
    async (request) => updateUser(deps(request), request.caller!, request.body),
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
    async (request) => deleteUser(deps(request), request.caller!, { id: request.body.id }),
  );
}
