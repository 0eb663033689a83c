import type { Config } from '../config';

interface MailContent {
  subject: string;
  text: string;
}

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
      `${name} 様`,
      '',
      `${config.WEB_TITLE}のパスワード再設定のお申し込みを受け付けました。`,
      '下記のURLにアクセスし、新しいパスワードを設定してください。',
      '',
      url,
      '',
      'このURLの有効期限は1時間です。',
      'アカウントがロックされている場合も、パスワードを再設定するとロックが解除され、すぐにログインできます。',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      footer(config),
    ].join('\n'),
  };
}

export function verificationMail(config: Config, name: string, url: string): MailContent {
  return {
    subject: `【${config.WEB_TITLE}】メールアドレス確認のお願い`,
    text: [
      `${name} 様`,
      '',
      `${config.WEB_TITLE}へのご登録ありがとうございます。`,
      '下記のURLにアクセスし、登録を完了させてください。',
      '',
      url,
      '',
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
      `${name} 様`,
      '',
      `${customerName} の利用者として、${config.WEB_TITLE}のアカウントが登録されました。`,
      '下記のURLにアクセスし、パスワードを設定して登録を完了させてください。',
      '',
      url,
      '',
      'このURLの有効期限は72時間です。期限が過ぎた場合は、ログイン画面の「パスワードをお忘れの方はこちら」から再設定してください。',
      footer(config),
    ].join('\n'),
  };
}
