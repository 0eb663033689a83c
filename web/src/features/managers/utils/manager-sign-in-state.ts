import type { ManagedUserWithState } from '@domain/api/user';

export const SIGN_IN_STATE_TEXTS = {
  invited: '招待中',
  active: '利用中',
  locked: 'ロック中',
  lastSignIn: '最終ログイン',
  resend: '招待を再送',
  unlock: 'ロック解除',
  resent: (name: string) => `${name}様に招待メールを再送しました。`,
  unlocked: (name: string) => `${name}様のロックを解除しました。`,
  notLocked: (name: string) => `${name}様のロックは既に解除されています。`,
  resendFailed: '招待メールを再送できませんでした。時間をおいて再度お試しください。',
  unlockFailed: 'ロックを解除できませんでした。時間をおいて再度お試しください。',
} as const;

const JAPAN = 'Asia/Tokyo';
const DAY = new Intl.DateTimeFormat('ja-JP', { timeZone: JAPAN, month: 'numeric', day: 'numeric' });
const TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: JAPAN,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const FULL = new Intl.DateTimeFormat('ja-JP', {
  timeZone: JAPAN,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 「14:32」 today (Japan time); 「11/28 0:15」 on another day. */
export function lockEndTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = TIME.format(at);
  return DAY.format(at) === DAY.format(now) ? time : `${DAY.format(at)} ${time}`;
}

/**
 * The state as the managers page words it: 「招待中」, 「利用中」 or 「ロック中（14:32 まで）」, and
 * 「最終ログイン 2026/11/27 14:32」 (「最終ログイン なし」 when none is recorded).
 */
export function signInStateWords(
  user: Pick<ManagedUserWithState, 'sign_in_state' | 'locked_until' | 'last_sign_in_at'>,
  now = new Date(),
): { state: string; lastSignIn: string } {
  const state =
    user.sign_in_state === 'locked' && user.locked_until
      ? `${SIGN_IN_STATE_TEXTS.locked}（${lockEndTime(user.locked_until, now)} まで）`
      : SIGN_IN_STATE_TEXTS[user.sign_in_state];
  const lastSignIn = user.last_sign_in_at
    ? `${SIGN_IN_STATE_TEXTS.lastSignIn} ${FULL.format(new Date(user.last_sign_in_at))}`
    : `${SIGN_IN_STATE_TEXTS.lastSignIn} なし`;
  return { state, lastSignIn };
}
