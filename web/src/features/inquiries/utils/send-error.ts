/** A write that failed without a message of the server's own. */
export const SEND_ERROR = '送信できませんでした。時間をおいて再度お試しください。';
