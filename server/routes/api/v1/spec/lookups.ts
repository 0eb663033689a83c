import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  corporateCodeAnswerSchema,
  corporateCodeQuerySchema,
  corporateNameAnswerSchema,
  customerCodeQuerySchema,
  customerListAnswerSchema,
  customerMapAnswerSchema,
  customerNameAnswerSchema,
  loginUserQuerySchema,
} from '../../../../../domain/api/spec';
import {
  corporateCodeOfCustomer,
  customerListOfCaller,
  customersOfCorporation,
  nameOfCorporation,
  nameOfCustomer,
} from '../../../../services/customer-lookups';
import type { DatabasePort } from '../../../../services/ports';
import { callerOf } from '../caller-of';
import { bearerSecurity, errorAnswers } from '../openapi-parts';

const errors = errorAnswers(400, 401, 403, 404, 409);

export async function specLookupRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: DatabasePort = { db: app.db };

  api.get(
    '/convert-from-customer-code-to-coporation-code',
    {
      schema: {
        tags: ['spec'],
        summary: '取引先コードから法人コードへ',
        security: bearerSecurity,
        querystring: customerCodeQuerySchema,
        response: { 200: corporateCodeAnswerSchema, ...errors },
      },
    },
    async (request) =>
      corporateCodeOfCustomer(deps, callerOf(request), request.query.customer_code),
  );

  api.get(
    '/convert-from-customer-code-to-customer-name',
    {
      schema: {
        tags: ['spec'],
        summary: '取引先コードから取引先名へ',
        security: bearerSecurity,
        querystring: customerCodeQuerySchema,
        response: { 200: customerNameAnswerSchema, ...errors },
      },
    },
    async (request) => nameOfCustomer(deps, callerOf(request), request.query.customer_code),
  );

  api.get(
    '/convert-from-coporation-code-to-coporation-name',
    {
      schema: {
        tags: ['spec'],
        summary: '法人コードから法人名へ',
        security: bearerSecurity,
        querystring: corporateCodeQuerySchema,
        response: { 200: corporateNameAnswerSchema, ...errors },
      },
    },
    async (request) => nameOfCorporation(deps, callerOf(request), request.query.coporate_code),
  );

  api.get(
    '/get-customer-code-list',
    {
      schema: {
        tags: ['spec'],
        summary: '法人の取引先コードと取引先名',
        security: bearerSecurity,
        querystring: corporateCodeQuerySchema,
        response: { 200: customerMapAnswerSchema, ...errors },
      },
    },
    async (request) => customersOfCorporation(deps, callerOf(request), request.query.coporate_code),
  );

  api.get(
    '/get-all-customer-code-list',
    {
      schema: {
        tags: ['spec'],
        summary: '参照できる取引先の一覧（スタッフは全取引先）',
        security: bearerSecurity,
        querystring: loginUserQuerySchema,
        response: { 200: customerListAnswerSchema, ...errors },
      },
    },
    async (request) => customerListOfCaller(deps, callerOf(request)),
  );
}
