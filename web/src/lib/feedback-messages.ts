// docs/product.md §8 messages the screens share, word for word. They belong beside domain/messages.ts; they
// live here until domain/ gains them.

/** docs/product.md §8: every failed list, save, delete or load opens the error dialog with this text. */
export const ACCESS_ERROR_MESSAGE = 'アクセス時にエラーが発生しました。再度お試しください。';
export const SUPPORT_CONTACT_LABEL = 'お問い合わせ先';
