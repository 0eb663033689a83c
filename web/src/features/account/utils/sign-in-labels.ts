import type { SignInEvent } from '@domain/api/account';
import { SIGN_IN_FAILURE_LABELS } from '@domain/audit';

export const SIGN_IN_RESULT = { success: '成功', failure: '失敗' } as const;

/** 「失敗（パスワードの誤り）」, or 「成功」. */
export function signInResultLabel(event: Pick<SignInEvent, 'success' | 'reason'>): string {
  if (event.success) return SIGN_IN_RESULT.success;
  const reason = event.reason ? (SIGN_IN_FAILURE_LABELS[event.reason] ?? null) : null;
  return reason ? `${SIGN_IN_RESULT.failure}（${reason}）` : SIGN_IN_RESULT.failure;
}

const TIME_FORMAT = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** The time of an attempt in Japan time: 2026/11/25 21:40:05. */
export function signInTime(iso: string): string {
  return TIME_FORMAT.format(new Date(iso));
}
