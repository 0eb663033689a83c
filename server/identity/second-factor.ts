import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSession, secondFactorBackupCodes, secondFactors, users } from '../../db/schema';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { normaliseMail } from '../../domain/mail-address';
import { matchingTotpStep, newTotpSecret } from './totp';

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

function newBackupCode(): string {
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

const backupCodeHash = (keys: SecondFactorKeys, mail: string, normalised: string) =>
  createHmac('sha256', keys.mac).update(`${mail}\n${normalised}`).digest('base64url');

export interface SecondFactorRow {
  mail: string;
  factorId: string;
  secret: string;
  enabledAt: Date | null;
}

export async function findSecondFactor(
  db: Pick<Database, 'select'>,
  mail: string,
): Promise<SecondFactorRow | null> {
  const [row] = await db
    .select({
      mail: secondFactors.mail,
      factorId: secondFactors.factor_id,
      secret: secondFactors.secret,
      enabledAt: secondFactors.enabled_at,
    })
    .from(secondFactors)
    .where(eq(secondFactors.mail, normaliseMail(mail)));
  return row ?? null;
}

/** Whether one of the person's active rows is a staff row (customer 99999, type 3). */
export async function isStaffMail(db: Pick<Database, 'select'>, mail: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.mail, normaliseMail(mail)),
        eq(users.customer_code, STAFF_CUSTOMER_CODE),
        eq(users.user_type_id, STAFF_USER_TYPE_ID),
        eq(users.delete_flag, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * What a session of this person must still pass after the password: the code of an enabled
 * factor, the enrolment (staff under STAFF_SECOND_FACTOR=required), or nothing.
 */
export async function secondFactorNeeded(
  db: Database,
  mail: string,
  staffRule: StaffSecondFactorRule,
): Promise<{ pending: PendingSecondFactor | null; factorId: string | null }> {
  const factor = await findSecondFactor(db, mail);
  if (factor?.enabledAt) return { pending: 'code', factorId: factor.factorId };
  if (staffRule === 'required' && (await isStaffMail(db, mail))) {
    return { pending: 'enrol', factorId: null };
  }
  return { pending: null, factorId: null };
}

/**
 * A new enrolment: a new secret (and factor id) replaces any enrolment not yet confirmed. Null
 * when the person already has an enabled factor (it must be turned off or reset first).
 */
export async function startEnrolment(
  db: Database,
  keys: SecondFactorKeys,
  mail: string,
): Promise<string | null> {
  const key = normaliseMail(mail);
  const secret = newTotpSecret();
  const now = new Date();
  const rows = await db
    .insert(secondFactors)
    .values({
      mail: key,
      factor_id: randomUUID(),
      secret: encryptSecret(keys, secret),
      enabled_at: null,
      last_step: null,
    })
    .onConflictDoUpdate({
      target: secondFactors.mail,
      set: {
        factor_id: randomUUID(),
        secret: encryptSecret(keys, secret),
        last_step: null,
        updated_at: now,
      },
      setWhere: isNull(secondFactors.enabled_at),
    })
    .returning({ mail: secondFactors.mail });
  return rows.length > 0 ? secret : null;
}

/**
 * Confirms an enrolment with a code of its secret: the factor is enabled and ten backup codes are
 * made, returned this once (only their HMACs are kept). Null for a wrong code, or when there is no
 * enrolment waiting.
 */
export async function confirmEnrolment(
  db: Database,
  keys: SecondFactorKeys,
  mail: string,
  code: string,
): Promise<string[] | null> {
  const key = normaliseMail(mail);
  const factor = await findSecondFactor(db, key);
  if (!factor || factor.enabledAt) return null;
  const step = matchingTotpStep(decryptSecret(keys, factor.secret), code);
  if (step === null) return null;
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  const enabled = await db.transaction(async (tx) => {
    const rows = await tx
      .update(secondFactors)
      .set({ enabled_at: new Date(), last_step: step, updated_at: new Date() })
      .where(
        and(
          eq(secondFactors.mail, key),
          eq(secondFactors.factor_id, factor.factorId),
          isNull(secondFactors.enabled_at),
        ),
      )
      .returning({ mail: secondFactors.mail });
    if (rows.length === 0) return false;
    await tx.delete(secondFactorBackupCodes).where(eq(secondFactorBackupCodes.mail, key));
    await tx.insert(secondFactorBackupCodes).values(
      codes.map((c) => ({
        mail: key,
        code_hash: backupCodeHash(keys, key, normaliseBackupCode(c)!),
      })),
    );
    return true;
  });
  return enabled ? codes : null;
}

/**
 * Checks a code of the person's enabled factor. A code is accepted once: the step it belongs to
 * must be later than the last accepted one, and is recorded in the same statement, so two
 * requests with the same code cannot both pass.
 */
export async function acceptTotpCode(
  db: Database,
  keys: SecondFactorKeys,
  mail: string,
  code: string,
): Promise<boolean> {
  const factor = await findSecondFactor(db, mail);
  if (!factor?.enabledAt) return false;
  const step = matchingTotpStep(decryptSecret(keys, factor.secret), code);
  if (step === null) return false;
  const rows = await db
    .update(secondFactors)
    .set({ last_step: step, updated_at: new Date() })
    .where(
      and(
        eq(secondFactors.mail, factor.mail),
        eq(secondFactors.factor_id, factor.factorId),
        isNotNull(secondFactors.enabled_at),
        or(isNull(secondFactors.last_step), lt(secondFactors.last_step, step)),
      ),
    )
    .returning({ mail: secondFactors.mail });
  return rows.length > 0;
}

/** Uses up one backup code (one statement: a code works once however many requests race). */
export async function spendBackupCode(
  db: Database,
  keys: SecondFactorKeys,
  mail: string,
  input: string,
): Promise<boolean> {
  const key = normaliseMail(mail);
  const normalised = normaliseBackupCode(input);
  if (!normalised) return false;
  const rows = await db
    .update(secondFactorBackupCodes)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(secondFactorBackupCodes.mail, key),
        eq(secondFactorBackupCodes.code_hash, backupCodeHash(keys, key, normalised)),
        isNull(secondFactorBackupCodes.used_at),
      ),
    )
    .returning({ mail: secondFactorBackupCodes.mail });
  return rows.length > 0;
}

export async function backupCodesLeft(db: Database, mail: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(secondFactorBackupCodes)
    .where(
      and(
        eq(secondFactorBackupCodes.mail, normaliseMail(mail)),
        isNull(secondFactorBackupCodes.used_at),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Removes the person's factor (turned off, or reset by staff) with its backup codes; its trusted
 * browsers stop working with it (their cookies name the removed factor). Whether there was one.
 */
export async function removeSecondFactor(
  db: Pick<Database, 'delete'>,
  mail: string,
): Promise<boolean> {
  const rows = await db
    .delete(secondFactors)
    .where(eq(secondFactors.mail, normaliseMail(mail)))
    .returning({ mail: secondFactors.mail, enabledAt: secondFactors.enabled_at });
  return rows.some((r) => r.enabledAt !== null);
}

/**
 * Ends every trusted browser of the person (a password changed or reset): the factor gets a new
 * id, which no trusted-browser cookie names. The factor, its secret and its backup codes stay.
 */
export async function endTrustedBrowsers(
  db: Pick<Database, 'update'>,
  mail: string,
): Promise<void> {
  await db
    .update(secondFactors)
    .set({ factor_id: randomUUID(), updated_at: new Date() })
    .where(eq(secondFactors.mail, normaliseMail(mail)));
}

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
 * (Firebase's valid-since time, in whole seconds): a mark issued before it, or in that very second,
 * trusts nothing (docs/decisions/025).
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
      (Number(expires) - TRUSTED_BROWSER_DAYS * 24 * 60 * 60) * 1000 > credentialsSince.getTime())
  );
}
