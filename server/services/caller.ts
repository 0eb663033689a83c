import type { Database } from '../../db/client';
import { isStaff } from '../../domain/user-type';
import { HttpError } from '../errors';
import { type CallerRow, findRowsByUid } from '../repositories/users-repository';

export const ACCOUNT_DELETED_MESSAGE =
  'アカウントが削除されています。法人の管理者にアカウントの追加を申請してください。';

/** The request's client address (Fastify's request.ip, TRUST_PROXY applied) and User-Agent. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

const NO_CLIENT: ClientInfo = { ip: null, userAgent: null };

/** The client of a request, the User-Agent cut to 512 characters (it is the client's text). */
export function clientInfoOf(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): ClientInfo {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, 512) : null,
  };
}

/**
 * Who is calling, from the verified token only (docs/product.md §12): the identity's active user rows.
 * Fields such as user_id or login_user_id in a request never enter here. The /api/v1 hook resolves
 * it once per request (request.caller); use cases take it as their second argument, and the rules
 * of what it may see and manage are in authorization.ts.
 */
export class Caller {
  constructor(
    readonly uid: string,
    readonly rows: CallerRow[],
    /** Where the request came from, for the audit entries it causes (docs/decisions/017). */
    readonly client: ClientInfo = NO_CLIENT,
  ) {}

  get isStaff(): boolean {
    return this.rows.some((r) => isStaff(r));
  }

  holdsCustomer(customerCode: number): boolean {
    return this.rows.some((r) => r.customerCode === customerCode);
  }

  belongsToCorporation(corporateCode: number): boolean {
    return this.rows.some((r) => r.corporateCode === corporateCode);
  }
}

/**
 * The caller of a verified token: the identity's active rows. docs/product.md §8: a deleted account gets
 * 409 and its own message; an identity without rows may do nothing (403).
 */
export async function resolveCaller(
  db: Database,
  uid: string,
  client: ClientInfo = NO_CLIENT,
  signedInAt: Date | null = null,
): Promise<Caller> {
  const rows = rowsOfSession(await findRowsByUid(db, uid), signedInAt);
  refuseDeletedAccount(rows);
  const active = rows.filter((r) => !r.deleteFlag);
  if (active.length === 0) throw new HttpError(403, 'FORBIDDEN');
  return new Caller(uid, active, client);
}

/**
 * The rows a session signed in at `signedInAt` may act as: a row user administration joined to the
 * identity after that sign-in is not the session's until the owner signs in again
 * (docs/decisions/011), so adding a mail never hands rights to sessions already open.
 */
export function rowsOfSession<R extends Pick<CallerRow, 'joinedAt'>>(
  rows: readonly R[],
  signedInAt: Date | null,
): R[] {
  if (signedInAt === null) return [...rows];
  return rows.filter((r) => r.joinedAt == null || r.joinedAt.getTime() <= signedInAt.getTime());
}

/** docs/product.md §8, for a session that ended: 409 and its message when every row is deleted. */
export async function refuseIfAccountDeleted(db: Database, uid: string): Promise<void> {
  refuseDeletedAccount(await findRowsByUid(db, uid));
}

/** docs/product.md §8: an identity whose every row is deleted gets HTTP 409 and its own message. */
export function refuseDeletedAccount(rows: readonly Pick<CallerRow, 'deleteFlag'>[]): void {
  if (rows.length > 0 && rows.every((r) => r.deleteFlag)) {
    throw new HttpError(409, 'ACCOUNT_DELETED', ACCOUNT_DELETED_MESSAGE);
  }
}
