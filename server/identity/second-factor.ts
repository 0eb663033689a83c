import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSession } from '../../db/schema';
import { normaliseMail } from '../../domain/mail-address';

/**
 * The second factor (docs/decisions/016): TOTP with ten single-use backup codes, keyed by the
 * person's mail. The secret is encrypted at rest (AES-256-GCM), backup codes are kept as HMACs,
 * and a trusted browser carries an HMAC-signed cookie naming the factor it was issued for.
 */

/** What a session still waits for: a code of the person's factor, or the staff enrolment. */
export type PendingSecondFactor = 'code' | 'enrol';
export type StaffSecondFactorRule = 'required' | 'optional';

export const BACKUP_CODE_COUNT = 10;
export const TRUSTED_BROWSER_DAYS = 30;
export const TRUSTED_BROWSER_COOKIE = 'portal.trusted_browser';
/**
 * Turning the factor on or off without typing the password again is allowed this long after the
 * session's sign-in (docs/decisions/025).
 */
export const REAUTHENTICATION_WINDOW_SECONDS = 5 * 60;

export interface SecondFactorKeys {
  /** Encrypts the TOTP secrets. */
  secret: Buffer;
  /** Signs the trusted-browser cookies and hashes the backup codes. */
  mac: Buffer;
}

/** Keys derived from the identity secret (AUTH_SECRET or the one kept in app_secrets). */
export function secondFactorKeys(identitySecret: string): SecondFactorKeys {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', identitySecret, 'portal-second-factor', info, 32));
  return { secret: derive('totp-secret'), mac: derive('mac') };
}

export function encryptSecret(keys: SecondFactorKeys, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.secret, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(keys: SecondFactorKeys, stored: string): string {
  const [version, iv, data, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !data || !tag) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keys.secret, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

// Backup codes: ten characters of an alphabet without look-alikes (0/o, 1/l/i), shown as xxxxx-xxxxx.
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newBackupCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += BACKUP_ALPHABET[byte % BACKUP_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A backup code as typed: case, spaces and hyphens do not matter. Null when it cannot be one. */
export function normaliseBackupCode(input: string): string | null {
  const clean = input.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{10}$/.test(clean) ? clean : null;
}

export const backupCodeHash = (keys: SecondFactorKeys, mail: string, normalised: string) =>
  createHmac('sha256', keys.mac).update(`${mail}\n${normalised}`).digest('base64url');

// Sessions waiting for their second factor.

/** Marks a new session as waiting; it must exist (the sign-in just made it). */
export async function markSessionPending(
  db: Database,
  sessionToken: string,
  pending: PendingSecondFactor,
): Promise<boolean> {
  const rows = await db
    .update(authSession)
    .set({ secondFactorPending: pending })
    .where(eq(authSession.token, sessionToken))
    .returning({ id: authSession.id });
  return rows.length > 0;
}

export async function pendingOfSession(
  db: Database,
  sessionId: string,
): Promise<PendingSecondFactor | null> {
  const [row] = await db
    .select({ pending: authSession.secondFactorPending })
    .from(authSession)
    .where(eq(authSession.id, sessionId));
  return (row?.pending as PendingSecondFactor | null | undefined) ?? null;
}

/** The session passed its second factor. */
export async function completeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(authSession)
    .set({ secondFactorPending: null, updatedAt: new Date() })
    .where(eq(authSession.id, sessionId));
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.id, sessionId));
}

// Trusted browsers: mail, factor id and expiry, signed.

export function trustedBrowserValue(
  keys: SecondFactorKeys,
  mail: string,
  factorId: string,
  now = Date.now(),
): { value: string; maxAgeSeconds: number } {
  const maxAgeSeconds = TRUSTED_BROWSER_DAYS * 24 * 60 * 60;
  const expires = Math.floor(now / 1000) + maxAgeSeconds;
  const payload = `${Buffer.from(normaliseMail(mail)).toString('base64url')}.${factorId}.${expires}`;
  const mac = createHmac('sha256', keys.mac).update(`trust\n${payload}`).digest('base64url');
  return { value: `${payload}.${mac}`, maxAgeSeconds };
}

/**
 * Whether a cookie value trusts this browser for this person's current factor. `credentialsSince`
 * is when the provider last changed the person's credentials outside the portal's own flows
 * (Firebase's valid-since time, in whole seconds): a mark issued before it trusts nothing; one of
 * that very second counts as after, as a session does (docs/decisions/011, 025).
 */
export function isTrustedBrowser(
  keys: SecondFactorKeys,
  value: string | undefined,
  mail: string,
  factorId: string,
  now = Date.now(),
  credentialsSince: Date | null = null,
): boolean {
  if (!value) return false;
  const parts = value.split('.');
  if (parts.length !== 4) return false;
  const [mailPart, id, expires, mac] = parts as [string, string, string, string];
  const payload = `${mailPart}.${id}.${expires}`;
  const expected = createHmac('sha256', keys.mac).update(`trust\n${payload}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return (
    Buffer.from(mailPart, 'base64url').toString() === normaliseMail(mail) &&
    id === factorId &&
    Number(expires) * 1000 > now &&
    (credentialsSince === null ||
      (Number(expires) - TRUSTED_BROWSER_DAYS * 24 * 60 * 60) * 1000 >= credentialsSince.getTime())
  );
}
