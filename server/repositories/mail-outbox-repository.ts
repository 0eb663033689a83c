import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutgoingMail } from '../mail/mail-port';

// The mail outbox (docs/decisions/014): every mail is a row first; the worker of
// server/mail/mail-outbox.ts claims due rows, sends them and marks each sent, to be retried, failed
// or dropped. Claims take rows with FOR UPDATE SKIP LOCKED and hold them by a lease, so that
// instances sharing one PostgreSQL database never take the same mail.

export type MailOutboxStatus = 'pending' | 'sent' | 'failed' | 'dropped';

/** A database or a transaction: a mail is written in the transaction of what causes it. */
type Executor = Pick<Database, 'insert'>;

export interface EnqueueOptions {
  /** invitation, password-reset, verification, shipment… (for the log and mail:status). */
  kind: string;
  /** The mail's link stops working then: a mail not sent by then is dropped. */
  expiresAt?: Date | null;
}

/** Writes one mail to the outbox; its id. */
export async function enqueueMail(
  db: Executor,
  mail: OutgoingMail,
  options: EnqueueOptions,
): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: options.kind,
      to_address: mail.to,
      sender_name: mail.senderName ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      headers: mail.headers ?? null,
      expires_at: options.expiresAt ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** A claimed mail, as the worker sends it. */
export interface ClaimedMail {
  id: number;
  kind: string;
  /** Attempts including this one. */
  attempts: number;
  expiresAt: Date | null;
  mail: OutgoingMail;
}

interface ClaimedRow {
  id: string | number;
  kind: string;
  to_address: string;
  sender_name: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | string | null;
  attempts: number;
  expires_at: string | Date | null;
}

/**
 * Takes up to `limit` due mails for `leaseMs`: pending, due, and not held by another worker's
 * lease. Rows another transaction is claiming at the same moment are skipped, not waited for.
 */
export async function claimDueMails(
  db: Pick<Database, 'execute'>,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedMail[]> {
  const result = await db.execute(sql`
    update ${mailOutbox}
       set locked_until = now() + (${options.leaseMs}::integer * interval '1 millisecond'),
           attempts = attempts + 1
     where id in (
       select id from ${mailOutbox}
        where status = 'pending'
          and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, id
        limit ${options.limit}
        for update skip locked)
    returning id, kind, to_address, sender_name, subject, text_body, html_body, headers,
              attempts, expires_at`);
  const rows = (result as unknown as { rows: ClaimedRow[] }).rows;
  return rows
    .map((r) => {
      const headers = typeof r.headers === 'string' ? JSON.parse(r.headers) : r.headers;
      return {
        id: Number(r.id),
        kind: r.kind,
        attempts: r.attempts,
        expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
        mail: {
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          ...(r.html_body === null ? {} : { html: r.html_body }),
          ...(r.sender_name === null ? {} : { senderName: r.sender_name }),
          ...(headers ? { headers } : {}),
        },
      };
    })
    .sort((a, b) => a.id - b.id);
}

// Once a mail is sent or dropped its bodies go: they hold links (invitations, resets) that a
// copy of the database should not carry, and nothing reads them again.
const emptied = { text_body: '', html_body: null, headers: null, locked_until: null } as const;

export async function markMailSent(db: Pick<Database, 'update'>, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ ...emptied, status: 'sent', sent_at: new Date(), last_error: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailDropped(
  db: Pick<Database, 'update'>,
  id: number,
  reason: string,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ ...emptied, status: 'dropped', last_error: reason })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: tried again at `next`, or, with no attempt left, failed for good. */
export async function markMailAttemptFailed(
  db: Pick<Database, 'update'>,
  id: number,
  error: string,
  next: Date | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      next === null
        ? { status: 'failed', last_error: error, locked_until: null }
        : { next_attempt_at: next, last_error: error, locked_until: null },
    )
    .where(eq(mailOutbox.id, id));
}

export interface MailOutboxCounts {
  pending: number;
  failed: number;
  sent: number;
  dropped: number;
}

/** How many mails wait, have failed for good, were sent and were dropped (mail:status, audit view). */
export async function mailOutboxCounts(db: Pick<Database, 'select'>): Promise<MailOutboxCounts> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: MailOutboxCounts = { pending: 0, failed: 0, sent: 0, dropped: 0 };
  for (const row of rows) {
    if (row.status in counts) counts[row.status as MailOutboxStatus] = Number(row.n);
  }
  return counts;
}

/** The oldest pending mail's creation time (mail:status), or null. */
export async function oldestPendingMail(db: Pick<Database, 'execute'>): Promise<Date | null> {
  const result = await db.execute(
    sql`select min(created_at) as oldest from ${mailOutbox} where status = 'pending'`,
  );
  const oldest = (result as unknown as { rows: { oldest: string | Date | null }[] }).rows[0]
    ?.oldest;
  return oldest ? new Date(oldest) : null;
}

/** Failed mails, newest first (mail:status lists them). */
export async function recentFailedMails(db: Pick<Database, 'select'>, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to_address,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      error: mailOutbox.last_error,
      createdAt: mailOutbox.created_at,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(limit);
}

/** Sent and dropped rows older than the date go (they are only counted). */
export async function pruneDeliveredMails(
  db: Pick<Database, 'execute'>,
  olderThan: Date,
): Promise<void> {
  await db.execute(
    sql`delete from ${mailOutbox} where status in ('sent', 'dropped') and created_at < ${olderThan.toISOString()}`,
  );
}
