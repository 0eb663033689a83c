import { z } from 'zod';

/** The one JSON error shape every /api call answers with (docs/product.md §12). */
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    /** Stable, machine-readable code, e.g. VALIDATION_ERROR, FORBIDDEN, NOT_FOUND. */
    code: z.string(),
    /** A Japanese sentence a person can read. */
    message: z.string(),
    /** Per-field problems of a 400 answer. */
    fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    /** docs/product.md §8: a 409 on the managers page carries detail.description. */
    detail: z.object({ description: z.string() }).optional(),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof apiErrorSchema>;

export const API_ERROR_MESSAGES = {
  VALIDATION_ERROR: '入力内容に誤りがあります。',
  UNAUTHORIZED: 'ログインしてください。',
  FORBIDDEN: 'この操作を行う権限がありません。',
  NOT_FOUND: '指定されたデータが見つかりません。',
  METHOD_NOT_ALLOWED: 'この操作はこのURLでは使えません。',
  CONFLICT: 'データが既に登録されています。',
  PAYLOAD_TOO_LARGE: '送信データが大きすぎます。',
  TOO_MANY_REQUESTS: 'リクエストが多すぎます。時間をおいて再度お試しください。',
  SERVICE_UNAVAILABLE: 'サービスを一時的に利用できません。時間をおいて再度お試しください。',
  INTERNAL_ERROR: 'サーバーでエラーが発生しました。時間をおいて再度お試しください。',
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_MESSAGES;
