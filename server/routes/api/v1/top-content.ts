import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  deleteBodySchema,
  deletedAnswerSchema,
  listBodySchema,
} from '../../../../domain/api/top-content';
import type { Caller } from '../../../services/caller';
import type { DatabasePort } from '../../../services/ports';
import type { TopContentDeps } from '../../../services/top-content-service';
import { callerOf } from './caller-of';
import { bearerSecurity, errorAnswers } from './openapi-parts';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** One kind's calls as the spec names them (docs/product.md §7 "Banner and notice"). */
export interface TopContentRoutesKind<
  Item extends z.ZodType,
  AddBody extends z.ZodType,
  UpdateBody extends z.ZodType,
> {
  /** 'notice' → /get-notice, /add-notice, /update-notice, /delete-notice and the OpenAPI tag. */
  name: 'notice' | 'banner';
  /** The kind in the summaries: お知らせ, バナー. */
  label: string;
  /** The list's order, as the summary states it. */
  listOrder: string;
  item: Item;
  addBody: AddBody;
  updateBody: UpdateBody;
  useCases: {
    list(deps: DatabasePort, caller: Caller, limit: number): Promise<z.infer<Item>[]>;
    add(deps: TopContentDeps, caller: Caller, body: z.infer<AddBody>): Promise<z.infer<Item>>;
    update(deps: TopContentDeps, caller: Caller, body: z.infer<UpdateBody>): Promise<z.infer<Item>>;
    remove(deps: DatabasePort, caller: Caller, id: number): Promise<{ id: number }>;
  };
}

/** The four calls of one kind of top-page item; notice/ and banner/ differ only in their kind. */
export function topContentRoutes<
  Item extends z.ZodType,
  AddBody extends z.ZodType,
  UpdateBody extends z.ZodType,
>(kind: TopContentRoutesKind<Item, AddBody, UpdateBody>) {
  return async (app: FastifyInstance) => {
    const deps: TopContentDeps = { db: app.db, urlPrefixes: app.config.urlPrefixes };
    const { useCases, label } = kind;

    // TypeScript cannot follow a generic zod schema into Fastify's handler types: each handler
    // takes the body as the type its schema parsed it to (the schema validates it first, as on
    // every route).
    const route = <Body extends z.ZodType>(
      method: 'POST' | 'PUT' | 'DELETE',
      action: 'get' | 'add' | 'update' | 'delete',
      summary: string,
      body: Body,
      answer: z.ZodType,
      run: (caller: Caller, body: z.infer<Body>) => Promise<unknown>,
    ) =>
      app.route({
        method,
        url: `/${action}-${kind.name}`,
        schema: {
          tags: [kind.name],
          security: bearerSecurity,
          summary,
          body,
          response: { 200: answer, ...errors },
        },
        handler: async (request) => run(callerOf(request), request.body as z.infer<Body>),
      });

    route(
      'POST',
      'get',
      `${label}一覧（${kind.listOrder}）`,
      listBodySchema,
      z.array(kind.item),
      (caller, body) => useCases.list(deps, caller, body.limit),
    );
    route(
      'POST',
      'add',
      `${label}の登録（スタッフのみ）`,
      kind.addBody,
      kind.item,
      (caller, body) => useCases.add(deps, caller, body),
    );
    route(
      'PUT',
      'update',
      `${label}の更新（スタッフのみ）`,
      kind.updateBody,
      kind.item,
      (caller, body) => useCases.update(deps, caller, body),
    );
    route(
      'DELETE',
      'delete',
      `${label}の削除（スタッフのみ）`,
      deleteBodySchema,
      deletedAnswerSchema,
      (caller, body) => useCases.remove(deps, caller, body.id),
    );
  };
}
