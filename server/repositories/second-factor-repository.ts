import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { secondFactorBackupCodes, secondFactors, users } from '../../db/schema';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { normaliseMail } from '../../domain/mail-address';
import {
  BACKUP_CODE_COUNT,
  backupCodeHash,
  decryptSecret,
  encryptSecret,
  newBackupCode,
  normaliseBackupCode,
  type PendingSecondFactor,
  type SecondFactorKeys,
  type StaffSecondFactorRule,
} from '../identity/second-factor';
import { matchingTotpStep, newTotpSecret } from '../identity/totp';

// The second factor's rows (docs/decisions/016): one factor per mail, its secret encrypted, its
// backup codes as HMACs. The keys and the codes' arithmetic are server/identity/second-factor.ts
// and totp.ts; every statement on the factor's tables is here.

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
