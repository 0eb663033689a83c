import type { Database } from '../../db/client';
import { STAFF_CUSTOMER_CODE } from '../../domain/constants';
import type { Caller } from './caller';

// What the use cases take besides the caller and the input: the ports they need, handed in by the
// route (or a script), so that no use case knows Fastify or where its systems come from.

/** The request's logger (pino): the lines a use case writes carry the request's id. */
export interface LogPort {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface DatabasePort {
  db: Database;
}

/**
 * Who an audit entry names: the caller's staff row (customer 99999) when there is one, else its
 * first row, with the request's address and User-Agent (docs/decisions/017). The caller's identity
 * has one row per customer; the entry needs one user id and mail.
 */
export function auditActorOf(caller: Caller): {
  actorUserId: number;
  actorMail: string;
  ipAddress: string | null;
  userAgent: string | null;
} {
  const row = caller.rows.find((r) => r.customerCode === STAFF_CUSTOMER_CODE) ?? caller.rows[0]!;
  return {
    actorUserId: row.userId,
    actorMail: row.mail,
    ipAddress: caller.client.ip,
    userAgent: caller.client.userAgent,
  };
}
