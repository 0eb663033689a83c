import { apiErrorSchema } from '../../../../domain/api-error';

/** The OpenAPI security of the calls that take the identity's access token. */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * The error answers a call documents, every one the shape of `apiErrorSchema` (docs/product.md §12):
 * `errorAnswers(400, 401, 403)` → `{ 400: apiErrorSchema, 401: …, 403: … }`.
 */
export function errorAnswers<const Code extends number>(
  ...codes: Code[]
): Record<Code, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    Code,
    typeof apiErrorSchema
  >;
}
