import { z } from 'zod';

/**
 * The second factor (docs/decisions/016): what the screens and the server say, and the
 * shapes of the /api/auth/second-factor answers.
 */
export const SECOND_FACTOR_MESSAGES = {
  wrongCode: '確認コードが正しくありません。',
  wrongBackupCode: 'バックアップコードが正しくありません。',
  enterCode: '確認コード（6桁の数字）を入力してください。',
  enterBackupCode: 'バックアップコードを入力してください。',
  pending: '2段階認証が完了していません。ログインからやり直してください。',
  alreadyEnabled: '2段階認証はすでに有効です。',
  notEnabled: '2段階認証は有効になっていません。',
  noEnrolment: '設定をやり直してください。',
  staffCannotDisable: 'スタッフのアカウントは2段階認証を無効にできません。',
  ownReset:
    'ご自身の2段階認証はリセットできません。バックアップコードでログインし、設定し直してください。',
  invalidOrigin: 'このアドレスからは操作できません。',
  enterPassword: '現在のパスワードを入力してください。',
  wrongPassword: '現在のパスワードが正しくありません。',
} as const;

/** Where a session stands (GET /api/auth/second-factor). */
export const secondFactorStatusSchema = z.object({
  /** The person has an enabled factor. */
  enabled: z.boolean(),
  /** What this session still waits for: 'code', 'enrol', or null once complete. */
  pending: z.enum(['code', 'enrol']).nullable(),
  /** Staff must keep a factor (STAFF_SECOND_FACTOR=required and a staff row). */
  required: z.boolean(),
  backupCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/**
 * POST /api/auth/second-factor/enrol: the secret, as text and as the QR code's URI. `resumed`: the
 * enrolment already waiting was given again (a reload of the set-up screen), not a new secret.
 */
export const secondFactorEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  resumed: z.boolean().optional(),
});

/** POST /api/auth/second-factor/enrol/confirm: the backup codes, shown this once. */
export const secondFactorBackupCodesSchema = z.object({
  backupCodes: z.array(z.string()),
});

/** Six digits, spaces forgiven (the web app's check before it sends). */
export const isTotpCodeInput = (input: string) => /^\d{6}$/.test(input.replace(/\s/g, ''));
