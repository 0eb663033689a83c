import { apiErrorSchema } from '@domain/api-error';
import { isHttpError } from './http';

const fieldErrorsSchema = apiErrorSchema.pick({ fieldErrors: true });
const detailSchema = apiErrorSchema.pick({ detail: true });

/** The fields a 400 answer names in fieldErrors, so their cells can be marked. */
export function refusedFields(error: unknown): string[] {
  if (!isHttpError(error, 400)) return [];
  const parsed = fieldErrorsSchema.safeParse(error.body);
  return parsed.success ? (parsed.data.fieldErrors ?? []).map((f) => f.field) : [];
}

/** detail.description of an answer (docs/product.md §8: the managers page's 409), or null. */
export function errorDescription(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const parsed = detailSchema.safeParse(error.body);
  return parsed.success ? (parsed.data.detail?.description ?? null) : null;
}
