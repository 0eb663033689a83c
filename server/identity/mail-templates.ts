import { FIELD_MAX_LENGTHS } from '../../domain/top-content';
import type { Config } from '../config';

interface MailContent {
  subject: string;
  text: string;
}

/**
 * The person's name as the mails show it: as data, on a labelled line after the portal's own text,
 * never as the mail's opening words (an administrator typed it, and the mail goes to whatever
 * address they added). One line, whatever was stored before names were checked.
 */
export const oneLineName = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]+/gu, ' ')
    .trim()
    .slice(0, FIELD_MAX_LENGTHS.user_name);
export const NAME_LABEL = 'お名前（登録内容）';
const nameLine = (name: string) => `${NAME_LABEL}: ${oneLineName(name)}`;

const footer = (config: Config) =>
  [
    '',
    '――――――――――――――――――――',
    `${config.WEB_TITLE}`,
    `${config.publicBaseUrl}/`,
    `お問い合わせ: ${config.SUPPORT_EMAIL}`,
    '※このメールは送信専用アドレスから送信しています。',
  ].join('\n');

export function passwordResetMail(config: Config, name: string, url: string): MailContent {
  return {
    subject: `【${config.WEB_TITLE}】パスワード再設定のご案内`,
    text: [
      `${config.WEB_TITLE}のパスワード再設定のお申し込みを受け付けました。`,
      '下記のURLにアクセスし、新しいパスワードを設定してください。',
      '',
      url,
      '',
      'このURLの有効期限は1時間です。',
      'アカウントがロックされている場合も、パスワードを再設定するとロックが解除され、すぐにログインできます。',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      '',
      nameLine(name),
      footer(config),
    ].join('\n'),
  };
}

export function verificationMail(config: Config, name: string, url: string): MailContent {
  return {
    subject: `【${config.WEB_TITLE}】メールアドレス確認のお願い`,
    text: [
      `${config.WEB_TITLE}へのご登録ありがとうございます。`,
      '下記のURLにアクセスし、登録を完了させてください。',
      '',
      url,
      '',
      nameLine(name),
      footer(config),
    ].join('\n'),
  };
}

export function invitationMail(
  config: Config,
  name: string,
  customerName: string,
  url: string,
): MailContent {
  return {
    subject: `【${config.WEB_TITLE}】アカウント登録のご案内`,
    text: [
      `${customerName} の利用者として、${config.WEB_TITLE}のアカウントが登録されました。`,
      '下記のURLにアクセスし、パスワードを設定して登録を完了させてください。',
      '',
      url,
      '',
      'このURLの有効期限は72時間です。期限が過ぎた場合は、ログイン画面の「パスワードをお忘れの方はこちら」から再設定してください。',
      '',
      nameLine(name),
      footer(config),
    ].join('\n'),
  };
}
