import {
  type SecondFactorStatus,
  secondFactorBackupCodesSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
} from '@domain/second-factor';
import { HttpError, requestJson } from '../lib/http';
import { IDENTITY_BASE_PATH } from '../lib/identity-client';

// The second factor's calls (docs/decisions/016): the sign-in's code step and the
// enrolment screen (auth feature), and the account page's section. They go with the session
// cookie; a session still waiting for its factor may use them and nothing else.

const BASE = `${IDENTITY_BASE_PATH}/second-factor`;

function parsed<T>(
  schema: { safeParse(data: unknown): { success: boolean; data?: T } },
  data: unknown,
): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(0, 'INVALID_RESPONSE', data);
  return result.data as T;
}

export async function getSecondFactorStatus(): Promise<SecondFactorStatus> {
  return parsed(secondFactorStatusSchema, await requestJson(BASE));
}

/** The code after the password, or a backup code; `trustBrowser` skips the code here for 30 days. */
export async function verifySecondFactor(input: {
  code?: string;
  backupCode?: string;
  trustBrowser?: boolean;
}): Promise<void> {
  await requestJson(`${BASE}/verify`, { method: 'POST', body: input });
}

/**
 * The secret to enrol: as text, and the otpauth URI the QR code shows; the one already waiting
 * (`resumed`) unless `newKey`. The account page sends the current password (docs/decisions/025);
 * the staff's enrolment right after the sign-in sends none.
 */
export async function startSecondFactorEnrolment(
  password?: string,
  options: { newKey?: boolean } = {},
): Promise<{ secret: string; uri: string; resumed?: boolean | undefined }> {
  const body = {
    ...(password === undefined ? {} : { password }),
    ...(options.newKey ? { new_key: true } : {}),
  };
  return parsed(
    secondFactorEnrolmentSchema,
    await requestJson(`${BASE}/enrol`, {
      method: 'POST',
      ...(Object.keys(body).length === 0 ? {} : { body }),
    }),
  );
}

/** The first code of the new secret; the backup codes come back this once. */
export async function confirmSecondFactorEnrolment(code: string): Promise<string[]> {
  const data = await requestJson(`${BASE}/enrol/confirm`, { method: 'POST', body: { code } });
  return parsed(secondFactorBackupCodesSchema, data).backupCodes;
}

/** Turning the factor off: the current password and a code (or a backup code). */
export async function disableSecondFactor(
  input: { password: string } & ({ code: string } | { backupCode: string }),
) {
  await requestJson(`${BASE}/disable`, { method: 'POST', body: input });
}

/** The server's Japanese message of a refused call, or the fallback. */
export function secondFactorErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const { message } = error.body as { message?: unknown };
    if (typeof message === 'string' && /[\u3000-\u9fff\uff00-\uffef]/.test(message)) return message;
  }
  return fallback;
}
