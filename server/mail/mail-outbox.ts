import type { Database } from '../../db/client';
import {
  type ClaimedMail,
  claimDueMails,
  type EnqueueOptions,
  enqueueMail,
  markMailAttemptFailed,
  markMailDropped,
  markMailSent,
  pruneDeliveredMails,
} from '../repositories/mail-outbox-repository';
import type { Mailer, MailSendOptions, OutgoingMail, SentMail } from './mail-port';

export interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailOutboxSettings {
  /** How often the worker looks for due mails besides the kick after each enqueue. */
  pollMs: number;
  /** The first retry's delay; each further one doubles it, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
  /** Mails claimed (and sent side by side) at a time. */
  batchSize?: number;
  /** How long a claim holds a mail; past it another worker may take it (a crashed instance). */
  leaseMs?: number;
}

const DEFAULT_BATCH = 10;
/** Well above a send's worst case (three SMTP time-outs of 10 s). */
const DEFAULT_LEASE_MS = 5 * 60_000;
const KEEP_DELIVERED_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The delay before attempt `attempts + 1`: base · 2^(attempts − 1), capped. */
export function retryDelayMs(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/**
 * The mail outbox (docs/decisions/014): the Mailer the rest of the server uses. send() writes the
 * mail to the outbox table and wakes the worker; enqueue() writes it in the caller's transaction
 * (kick() once it has committed). The worker, started with the server (start()) and stopped with
 * it (stop()), claims due mails, hands them to the driver (files or SMTP) and marks each sent,
 * retried with exponential back-off, failed after maxAttempts, or dropped when its link expired.
 */
export class MailOutbox implements Mailer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopping = false;
  private lastPrune = 0;
  private lastWarning = 0;

  constructor(
    private readonly db: Database,
    private readonly driver: Mailer,
    private readonly log: OutboxLog,
    private readonly settings: MailOutboxSettings,
  ) {}

  /** Writes the mail to the outbox and wakes the worker; resolves once the row is written. */
  async send(mail: OutgoingMail, options: MailSendOptions = {}): Promise<SentMail> {
    const id = await this.enqueue(this.db, mail, options);
    this.kick();
    return { id: `outbox:${id}` };
  }

  /** Writes the mail in a transaction; call kick() after it commits. */
  enqueue(
    tx: Pick<Database, 'insert'>,
    mail: OutgoingMail,
    options: MailSendOptions = {},
  ): Promise<number> {
    const enqueueOptions: EnqueueOptions = {
      kind: options.kind ?? 'mail',
      expiresAt: options.expiresAt ?? null,
    };
    return enqueueMail(tx, mail, enqueueOptions);
  }

  /** Whether the mail server (or the mail folder) answers now. */
  verify(): Promise<void> {
    return this.driver.verify();
  }

  /** Starts the worker: a pass now, then one every pollMs and after every kick. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the worker; waits for the pass under way (its claimed mails are finished). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.started = false;
  }

  /** Wakes the worker (no-op when it does not run, e.g. in a script). */
  kick(): void {
    if (!this.started || this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.deliverDue();
        } while (this.again && !this.stopping);
      } catch (err) {
        // The database away: the next poll tries again. One line a minute at most.
        if (Date.now() - this.lastWarning > 60_000) {
          this.lastWarning = Date.now();
          this.log.warn({ err }, 'mail outbox: due mails could not be read; trying again');
        }
      } finally {
        this.running = null;
      }
    })();
  }

  /** One pass: claims and sends due mails until none is due; the number handled. */
  async deliverDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await claimDueMails(this.db, {
        limit: this.settings.batchSize ?? DEFAULT_BATCH,
        leaseMs: this.settings.leaseMs ?? DEFAULT_LEASE_MS,
      });
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((mail) => this.deliver(mail)));
      handled += claimed.length;
      if (this.stopping) break;
    }
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await pruneDeliveredMails(this.db, new Date(Date.now() - KEEP_DELIVERED_MS));
    }
    return handled;
  }

  private async deliver(claimed: ClaimedMail): Promise<void> {
    const { id, kind, attempts, expiresAt, mail } = claimed;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      await markMailDropped(this.db, id, 'link expired before the mail could be sent');
      this.log.warn(
        { mailId: id, kind, to: mail.to, expiredAt: expiresAt.toISOString(), attempts },
        'mail dropped: its link expired before it could be sent',
      );
      return;
    }
    try {
      const sent = await this.driver.send(mail);
      await markMailSent(this.db, id);
      if (attempts > 1) {
        this.log.info({ mailId: id, kind, attempts, messageId: sent.id }, 'mail sent after retry');
      }
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const { retryBaseMs, retryMaxMs, maxAttempts } = this.settings;
      if (attempts >= maxAttempts) {
        await markMailAttemptFailed(this.db, id, reason, null);
        this.log.error(
          { err, mailId: id, kind, to: mail.to, attempts },
          'mail failed for good: no attempt left',
        );
        return;
      }
      const next = new Date(Date.now() + retryDelayMs(attempts, retryBaseMs, retryMaxMs));
      await markMailAttemptFailed(this.db, id, reason, next);
      this.log.warn(
        { err, mailId: id, kind, attempts, nextAttemptAt: next.toISOString() },
        'mail not sent; it stays in the outbox and is tried again',
      );
    }
  }
}
