import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  authAccount,
  authSession,
  authUser,
  banners,
  customers,
  notices,
  users,
  userTypes,
} from '../../db/schema';
import type { ManagedUser, saveUserBodySchema, updateUserBodySchema } from '../../domain/api/user';
import { STAFF_USER_TYPE_ID } from '../../domain/constants';
import { normaliseMail } from '../../domain/mail-address';
import {
  DUPLICATE_DESCRIPTIONS,
  MAIL_HELD_ELSEWHERE,
  managerRowProblems,
} from '../../domain/manager-row';
import { fieldProblemMessage } from '../../domain/top-content';
import { isCorporateAdmin } from '../../domain/user-type';
import type { Config } from '../config';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import type { Auth } from '../identity/identity';
import { invitationMail } from '../identity/mail-templates';
import type { Mailer } from '../mail/mail-port';
import { recordAudit } from '../repositories/audit-log-repository';
import { identitiesWithin, mailHolders } from '../repositories/users-repository';
import { type Caller, loadCaller } from './caller';

// User administration (docs/product.md §2 Managers, §6): staff manage the users of any customer; corporate
// administrators those of their own corporation's customers, never staff (type 3); general users
// nothing. Identity and user row are written in one transaction. An administrator attaches an
// existing account only when its person is already a user of their corporation, and sees the
// firebase_uid of such people only (issue 17).

type SaveUser = z.infer<typeof saveUserBodySchema>;
type UpdateUser = z.infer<typeof updateUserBodySchema>;

const INVITATION_VALID_SECONDS = 72 * 60 * 60;

async function loadManager(db: Database, request: FastifyRequest): Promise<Caller> {
  const caller = await loadCaller(db, request);
  if (!caller.isStaff && !caller.rows.some((r) => isCorporateAdmin(r.userTypeId)))
    throw forbidden();
  return caller;
}

/** The corporations whose users the caller administers (null = every corporation: staff). */
function managedCorporations(caller: Caller): Set<number> | null {
  if (caller.isStaff) return null;
  return new Set(
    caller.rows.filter((r) => isCorporateAdmin(r.userTypeId)).map((r) => r.corporateCode),
  );
}

async function findCustomerCorporation(db: Database, code: number) {
  const [row] = await db
    .select({ corporateCode: customers.corporate_code, customerName: customers.customer_name })
    .from(customers)
    .where(eq(customers.customer_code, code));
  return row;
}

async function assertMayManage(
  db: Database,
  caller: Caller,
  customerCode: number,
  userTypeId: number,
) {
  const customer = await findCustomerCorporation(db, customerCode);
  const corporations = managedCorporations(caller);
  if (corporations && (!customer || !corporations.has(customer.corporateCode))) throw forbidden();
  if (corporations && userTypeId === STAFF_USER_TYPE_ID) throw forbidden();
  if (!customer) {
    throw badRequest([{ field: 'customer_code', message: '取引先コードが見つかりません。' }]);
  }
  const [type] = await db
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(eq(userTypes.id, userTypeId));
  if (!type) throw badRequest([{ field: 'user_type_id', message: '権限が見つかりません。' }]);
  return customer;
}

function assertValidRow(body: SaveUser) {
  const problems = Object.entries(managerRowProblems(body));
  if (problems.length > 0) {
    throw badRequest(
      problems.map(([field, p]) => ({ field, message: fieldProblemMessage(p!, field) })),
    );
  }
}

const managedUserColumns = {
  id: users.id,
  mail: users.mail,
  user_name: users.user_name,
  customer_code: users.customer_code,
  customer_name: customers.customer_name,
  user_type_id: users.user_type_id,
  user_type_name: userTypes.user_type_name,
  firebase_uid: users.firebase_uid,
  account_lock_date: users.account_lock_date,
  delete_flag: users.delete_flag,
  created_at: users.created_at,
  updated_at: users.updated_at,
};

type ManagedRow = {
  [K in keyof typeof managedUserColumns]: (typeof managedUserColumns)[K]['_']['data'];
};

const toManagedUser = (r: ManagedRow): ManagedUser => ({
  ...r,
  account_lock_date: r.account_lock_date?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

async function findManagedUser(
  db: Pick<Database, 'select'>,
  id: number,
): Promise<ManagedUser | undefined> {
  const [row] = await db
    .select(managedUserColumns)
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .innerJoin(userTypes, eq(userTypes.id, users.user_type_id))
    .where(eq(users.id, id));
  return row ? toManagedUser(row as ManagedRow) : undefined;
}

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
};

const actorOf = (caller: Caller) => ({
  actorUserId: caller.rows[0]!.userId,
  actorMail: caller.rows[0]!.mail,
});

/**
 * The users as the caller may see them: an administrator gets the firebase_uid only of people of
 * their own corporation that are not staff (identitiesWithin), null for any other; staff see all.
 */
async function withVisibleUids<T extends { firebase_uid: string | null }>(
  db: Pick<Database, 'select'>,
  caller: Caller,
  list: T[],
): Promise<T[]> {
  const corporations = managedCorporations(caller);
  if (!corporations) return list;
  const uids = list.flatMap((u) => (u.firebase_uid ? [u.firebase_uid] : []));
  const within = await identitiesWithin(db, uids, corporations);
  return list.map((u) =>
    u.firebase_uid && !within.has(u.firebase_uid) ? { ...u, firebase_uid: null } : u,
  );
}

/**
 * Issue 17: an administrator (corporations: those they administer) may add a mail that already
 * has an account or user rows only when one of its rows, a deleted one too (docs/product.md §8: a deleted
 * user asks to be added again), is at a customer of their corporation, and none is a staff row.
 * Otherwise the row would tie another corporation's user or a staff account to their customer,
 * show them that identity, and let them end it for that customer by deleting the row.
 *
 * Staff are not checked (decided for issue 17): they act for every customer and answer for the
 * maker's own accounts, so they keep attaching any account, a staff account included. A staff
 * account on a customer's row makes little sense (staff see every customer without one) but is
 * theirs to decide; that customer's administrator then lists the row without its uid.
 */
async function assertMailWithinReach(
  db: Pick<Database, 'selectDistinct'>,
  corporations: ReadonlySet<number>,
  mail: string,
  uid: string | undefined,
) {
  const holders = await mailHolders(db, mail, uid);
  if (uid === undefined && holders.corporations.length === 0) return; // a new person
  if (holders.staff || !holders.corporations.some((c) => corporations.has(c))) {
    throw new HttpError(409, MAIL_HELD_ELSEWHERE.code, MAIL_HELD_ELSEWHERE.message, {
      detail: { description: MAIL_HELD_ELSEWHERE.description },
    });
  }
}

/** Users of the given customers; an empty list means every customer the caller manages. */
export async function getUsersByCustomer(
  db: Database,
  request: FastifyRequest,
  customerCodes: number[],
): Promise<ManagedUser[]> {
  const caller = await loadManager(db, request);
  const corporations = managedCorporations(caller);
  let codes = customerCodes;
  if (codes.length === 0) {
    // Staff must choose a customer first (docs/product.md §2); administrators may "show all".
    if (!corporations) return [];
    const rows = await db
      .select({ code: customers.customer_code })
      .from(customers)
      .where(inArray(customers.corporate_code, [...corporations]));
    codes = rows.map((r) => r.code);
  } else if (corporations) {
    const rows = await db
      .select({ code: customers.customer_code, corporateCode: customers.corporate_code })
      .from(customers)
      .where(inArray(customers.customer_code, codes));
    if (
      rows.length !== new Set(codes).size ||
      rows.some((r) => !corporations.has(r.corporateCode))
    ) {
      throw forbidden();
    }
  }
  if (codes.length === 0) return [];
  const rows = await db
    .select(managedUserColumns)
    .from(users)
    .innerJoin(customers, eq(customers.customer_code, users.customer_code))
    .innerJoin(userTypes, eq(userTypes.id, users.user_type_id))
    .where(
      and(
        inArray(users.customer_code, codes),
        eq(users.delete_flag, false),
        ...(corporations ? [ne(users.user_type_id, STAFF_USER_TYPE_ID)] : []),
      ),
    )
    .orderBy(asc(users.mail), asc(users.customer_code));
  return withVisibleUids(
    db,
    caller,
    rows.map((r) => toManagedUser(r as ManagedRow)),
  );
}

export async function getAllUserTypes(db: Database, request: FastifyRequest, userGroup?: string) {
  const caller = await loadManager(db, request);
  const all = await db.select().from(userTypes).orderBy(asc(userTypes.id));
  const btobOnly = userGroup === 'BtoB' || !caller.isStaff;
  return all
    .filter((t) => !btobOnly || t.user_group === 'BtoB')
    .map((t) => ({ id: t.id, user_type_name: t.user_type_name, user_group: t.user_group }));
}

export interface UserAdminDeps {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  config: Config;
}

/**
 * Adds a user row; when the mail has no identity yet, creates it (no usable password) and sends an
 * invitation whose link lets the person choose a password. An existing mail only gains the row
 * (an administrator's only for a person of their corporation: assertMailWithinReach). A row
 * deleted before (docs/product.md §8 tells a deleted user to ask their administrator to be added
 * again) is brought back with the new name and permission instead of refused as a duplicate.
 */
export async function addUser(deps: UserAdminDeps, request: FastifyRequest, body: SaveUser) {
  const { db, auth } = deps;
  const caller = await loadManager(db, request);
  assertValidRow(body);
  const customer = await assertMayManage(db, caller, body.customer_code, body.user_type_id);
  const corporations = managedCorporations(caller);
  const mail = normaliseMail(body.mail);
  const userName = body.user_name.trim();
  const ctx = await auth.$context;
  // A password nobody knows: the invitation link sets the real one.
  const unusableHash = await ctx.password.hash(randomBytes(32).toString('base64url'));

  let created: { user: ManagedUser; isNewAccount: boolean; uid: string };
  try {
    created = await db.transaction(async (tx) => {
      const [identity] = await tx
        .select({ id: authUser.id })
        .from(authUser)
        .where(eq(authUser.email, mail));
      if (corporations) await assertMailWithinReach(tx, corporations, mail, identity?.id);
      const [taken] = await tx
        .select({ id: users.id, deleted: users.delete_flag })
        .from(users)
        .where(and(eq(users.mail, mail), eq(users.customer_code, body.customer_code)));
      if (taken && !taken.deleted) {
        throw new HttpError(409, 'CONFLICT', undefined, {
          detail: { description: DUPLICATE_DESCRIPTIONS.mail },
        });
      }
      let uid = identity?.id;
      const isNewAccount = !uid;
      if (!uid) {
        uid = randomBytes(16).toString('base64url');
        await tx
          .insert(authUser)
          .values({ id: uid, name: userName, email: mail, emailVerified: false });
        await tx.insert(authAccount).values({
          id: randomBytes(16).toString('base64url'),
          accountId: uid,
          providerId: 'credential',
          userId: uid,
          password: unusableHash,
        });
      }
      const values = {
        user_name: userName,
        user_type_id: body.user_type_id,
        firebase_uid: uid,
      };
      const before = taken ? ((await findManagedUser(tx, taken.id)) ?? null) : null;
      const [row] = taken
        ? await tx
            .update(users)
            .set({ ...values, delete_flag: false, updated_at: new Date() })
            .where(eq(users.id, taken.id))
            .returning({ id: users.id })
        : await tx
            .insert(users)
            .values({ ...values, mail, customer_code: body.customer_code })
            .returning({ id: users.id });
      const user = (await findManagedUser(tx, row!.id))!;
      await recordAudit(tx, {
        ...actorOf(caller),
        action: taken ? 'user.restore' : 'user.create',
        entity: 'user',
        entityId: user.id,
        before,
        after: { ...user, is_new_account: isNewAccount },
      });
      return { user, isNewAccount, uid };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, 'CONFLICT', undefined, {
        detail: { description: DUPLICATE_DESCRIPTIONS.mail },
      });
    }
    throw err;
  }

  let invitationSent = false;
  if (created.isNewAccount) {
    try {
      const token = randomBytes(18).toString('base64url');
      await ctx.internalAdapter.createVerificationValue({
        identifier: `reset-password:${token}`,
        value: created.uid,
        expiresAt: new Date(Date.now() + INVITATION_VALID_SECONDS * 1000),
      });
      const url = `${deps.config.publicBaseUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/reset-password?invitation=1')}`;
      await deps.mailer.send({
        to: mail,
        ...invitationMail(deps.config, userName, customer.customerName, url),
      });
      invitationSent = true;
    } catch (err) {
      // The user exists; they can still use "forgot password". Report it instead of failing the save.
      request.log.error({ err, userId: created.user.id }, 'invitation mail could not be sent');
    }
  }
  const [user] = await withVisibleUids(db, caller, [created.user]);
  return { ...user!, is_new_account: created.isNewAccount, invitation_sent: invitationSent };
}

export async function updateUser(db: Database, request: FastifyRequest, body: UpdateUser) {
  const caller = await loadManager(db, request);
  assertValidRow(body);
  const target = await findManagedUser(db, body.id);
  if (!target || target.delete_flag) throw notFound();
  await assertMayManage(db, caller, target.customer_code, target.user_type_id);
  await assertMayManage(db, caller, body.customer_code, body.user_type_id);
  // A manager who took their own permission or customer away would lose this page mid-edit; the
  // name stays theirs to change. Another manager (or staff) makes such a change.
  if (caller.rows.some((r) => r.userId === target.id)) {
    if (body.user_type_id !== target.user_type_id) {
      throw badRequest([{ field: 'user_type_id', message: 'ご自身の権限は変更できません。' }]);
    }
    if (body.customer_code !== target.customer_code) {
      throw badRequest([
        { field: 'customer_code', message: 'ご自身の取引先コードは変更できません。' },
      ]);
    }
  }
  if (normaliseMail(body.mail) !== target.mail) {
    throw badRequest([
      {
        field: 'mail',
        message: '登録済みのメールアドレスは変更できません。新しい行として追加してください。',
      },
    ]);
  }
  let updated: ManagedUser;
  try {
    updated = await db.transaction(async (tx) => {
      if (body.customer_code !== target.customer_code) {
        const [taken] = await tx
          .select({ id: users.id, deleted: users.delete_flag })
          .from(users)
          .where(and(eq(users.mail, target.mail), eq(users.customer_code, body.customer_code)));
        // The mail's deleted row of that customer (nobody sees it) makes room for this one; its
        // history stays in the audit log. A row that wrote notices or banners stays (and refuses).
        if (taken && !(taken.deleted && !(await isAuthor(tx, taken.id)))) {
          throw new HttpError(409, 'CONFLICT', undefined, {
            detail: { description: DUPLICATE_DESCRIPTIONS.customerCode },
          });
        }
        if (taken) {
          const removed = await findManagedUser(tx, taken.id);
          await tx.delete(users).where(eq(users.id, taken.id));
          await recordAudit(tx, {
            ...actorOf(caller),
            action: 'user.purge',
            entity: 'user',
            entityId: taken.id,
            before: removed ?? null,
            after: null,
          });
        }
      }
      await tx
        .update(users)
        .set({
          user_name: body.user_name.trim(),
          customer_code: body.customer_code,
          user_type_id: body.user_type_id,
          updated_at: new Date(),
        })
        .where(eq(users.id, body.id));
      const after = (await findManagedUser(tx, body.id))!;
      await recordAudit(tx, {
        ...actorOf(caller),
        action: 'user.update',
        entity: 'user',
        entityId: body.id,
        before: target,
        after,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, 'CONFLICT', undefined, {
        detail: { description: DUPLICATE_DESCRIPTIONS.customerCode },
      });
    }
    throw err;
  }
  const [visible] = await withVisibleUids(db, caller, [updated]);
  return visible!;
}

/** Whether a user row wrote a notice or a banner (their user_id refers to it). */
async function isAuthor(db: Pick<Database, 'select'>, id: number): Promise<boolean> {
  const [notice] = await db.select({ id: notices.id }).from(notices).where(eq(notices.user_id, id));
  const [banner] = await db.select({ id: banners.id }).from(banners).where(eq(banners.user_id, id));
  return notice !== undefined || banner !== undefined;
}

/**
 * Soft delete (delete_flag): the row stays for the record. Access for that customer ends at once
 * (every call reads the rows); when no active row is left, the person's sessions end too.
 */
export async function deleteUser(db: Database, request: FastifyRequest, id: number) {
  const caller = await loadManager(db, request);
  const target = await findManagedUser(db, id);
  if (!target || target.delete_flag) throw notFound();
  await assertMayManage(db, caller, target.customer_code, target.user_type_id);
  if (caller.rows.some((r) => r.userId === id)) {
    throw badRequest([{ field: 'id', message: 'ご自身のアカウントは削除できません。' }]);
  }
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ delete_flag: true, updated_at: new Date() })
      .where(eq(users.id, id));
    if (target.firebase_uid) {
      const [active] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.firebase_uid, target.firebase_uid), eq(users.delete_flag, false)))
        .limit(1);
      if (!active) await tx.delete(authSession).where(eq(authSession.userId, target.firebase_uid));
    }
    await recordAudit(tx, {
      ...actorOf(caller),
      action: 'user.delete',
      entity: 'user',
      entityId: id,
      before: target,
      after: { ...target, delete_flag: true },
    });
    return { id, delete_flag: true as const };
  });
}
