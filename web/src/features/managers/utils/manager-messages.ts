import { MAIL_HELD_ELSEWHERE, MAIL_NOT_CONFIRMED } from '@domain/manager-row';

// docs/product.md §8 "Managers and edit-top", word for word where the spec quotes the text, but
// for the spec's 「409: 」 in front: a status code tells an office worker nothing (decision 010).

export const DUPLICATE_MAIL_MESSAGE = '入力したメールアドレスは既に登録されています。';
export const DUPLICATE_CUSTOMER_CODE_MESSAGE = '入力した取引先コードは既に登録されています。';
/** The mail is another corporation's user or a staff account (the spec has no text). */
export const MAIL_HELD_ELSEWHERE_MESSAGE = MAIL_HELD_ELSEWHERE.message;
/** The mail's account at the identity provider has not proved the mail (Firebase). */
export const MAIL_NOT_CONFIRMED_MESSAGE = MAIL_NOT_CONFIRMED.message;
export const CHOOSE_CUSTOMER_PROMPT = '表示する取引先コードを選択してください';

/**
 * A customer code in the address (a link) that this person does not manage: staff are told it is
 * no customer, an administrator that it is not one of theirs (their corporation's are shown).
 */
export const unknownCustomerText = (code: number, staff: boolean) =>
  staff
    ? `取引先コード ${code} は登録されていません。表示する取引先コードを選択してください。`
    : `取引先コード ${code} のユーザーは表示できません。管理できる取引先のユーザーをすべて表示しています。`;

export const userToasts = {
  /** A new account: an invitation mail went out (docs/product.md §8: advise checking the mail address). */
  created: (name: string) =>
    `${name}様を登録しました。メールが届かない場合はメールアドレスをご確認ください。`,
  /** A new account whose invitation mail could not be sent (mail server down): the row is saved. */
  createdWithoutInvitation: (name: string) =>
    `${name}様を登録しましたが、招待メールを送信できませんでした。ログイン画面の「パスワードをお忘れの方はこちら」からパスワードを設定するようお伝えください。`,
  /** An existing mail added to another customer (docs/product.md §8: the customer addition succeeded). */
  customerAdded: (name: string, customerCode: number) =>
    `${name}様に取引先コード${customerCode}を追加しました。`,
  updated: (name: string) => `${name}様の登録内容を更新しました。`,
  deleted: (name: string) => `${name}様を削除しました。`,
};
