// The spec's quoted messages (docs/product.md §5, §8), word for word. Both the screens and the tests use these.

export const LOGIN_MESSAGES = {
  wrongCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  /** Added to wrongCredentials when the 5th failure locks the account (docs/product.md §8). */
  lockedNowAddition: 'ログインの失敗回数が多すぎるため、1時間利用を停止します。',
  locked: 'アカウントがロックされています。時間をおいてログインしてください。',
  notVerified:
    'メールアドレスが有効になっていません。登録完了メールのURLにアクセスし、登録を完了させてください。',
  deleted: 'アカウントが削除されています。法人の管理者にアカウントの追加を申請してください。',
  generic: 'エラーが発生しました。時間をおいてログインしてください。',
  /** Not in the spec: a password change whose new password is the current one. */
  samePassword: '新しいパスワードが現在のパスワードと同じです。別のパスワードを入力してください。',
  /** Not in the spec: sign-in from an address other than the portal's (PUBLIC_BASE_URL). */
  otherAddress: (publicBaseUrl: string) =>
    `このアドレスからはログインできません。${publicBaseUrl} を開いてログインしてください。`,
} as const;

/**
 * Added to the lock message when the server says until when the lock holds, in Japan time
 * (「（14:32 ごろまで）」): the spec's words stay as they are.
 */
export function lockedUntilAddition(until: Date): string {
  const time = new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(until);
  return `（${time} ごろまで）`;
}

/** The lock message, with until when when it is known. */
export const lockedMessage = (until?: Date | null): string =>
  until && Number.isFinite(until.getTime())
    ? `${LOGIN_MESSAGES.locked}${lockedUntilAddition(until)}`
    : LOGIN_MESSAGES.locked;

/** Not in the spec: the login screen's resending of the verification mail. */
export const VERIFICATION_MAIL_MESSAGES = {
  resend: '確認メールを再送する',
  sent: '確認メールを送信しました。メールのURLにアクセスし、登録を完了させてください。',
} as const;

export const RESET_MESSAGES = {
  checkMail: '正しいメールアドレスかご確認ください。',
  sendFailed: 'メールが送信できませんでした。時間をおいて再度送信してください。',
} as const;

export const PERMISSION_DENIED_MESSAGE = 'このページにアクセスする権限がありません。';
export const ROUTER_FALLBACK_MESSAGE = 'Unexpected Application Error!';
