import type { SignInEvent } from '@domain/api/account';

/** Why a sign-in failed, in the words of the history (the audit log's reasons, issue 21). */
const FAILURE_REASONS: Record<string, string> = {
  'wrong-password': 'パスワードの誤り',
  'unknown-mail': '登録のないメールアドレス',
  locked: 'アカウントのロック中',
  'not-verified': 'メールアドレスの確認前',
  'second-factor': '確認コードの誤り',
};

export const SIGN_IN_RESULT = { success: '成功', failure: '失敗' } as const;

/** 「失敗（パスワードの誤り）」, or 「成功」. */
export function signInResultLabel(event: Pick<SignInEvent, 'success' | 'reason'>): string {
  if (event.success) return SIGN_IN_RESULT.success;
  const reason = event.reason ? (FAILURE_REASONS[event.reason] ?? null) : null;
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
