/**
 * One outgoing mail. `to` is a single address; the sender is config MAIL_FROM, shown under
 * `senderName` when one is given (the shipment mails show WEB_TITLE).
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  senderName?: string;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** The address of MAIL_FROM ("Portal <no-reply@example.com>" or a bare address). */
export function addressOf(from: string): string {
  const angle = /<([^<>\s]+)>/.exec(from);
  return (angle ? angle[1]! : from).trim();
}

/** The sender and extra fields of a mail as nodemailer takes them. */
export function envelopeOf(from: string, mail: OutgoingMail) {
  return {
    from: mail.senderName ? { name: mail.senderName, address: addressOf(from) } : from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/** What the outbox keeps beside a mail. */
export interface MailSendOptions {
  /** invitation, password-reset, verification, shipment… */
  kind?: string;
  /** When the mail's link stops working: a mail still waiting then is dropped (and logged). */
  expiresAt?: Date | null;
}

export interface SentMail {
  /** The Message-ID header of the mail. */
  id: string;
  /** Where the mail went when it was not sent over the network (the file driver: the .eml path). */
  location?: string;
}

/**
 * The mail port (docs/product.md §10): `.eml` files under `<dataDir>/mail` by default, SMTP with
 * SMTP_URL. A failed delivery rejects; the caller decides whether that fails its request.
 */
export interface Mailer {
  /** The options are the outbox's (server/mail/mail-outbox.ts); the drivers ignore them. */
  send(mail: OutgoingMail, options?: MailSendOptions): Promise<SentMail>;
  /**
   * Rejects when mails cannot go out now (the SMTP server does not answer, the mail folder cannot
   * be written): asked before a request whose answer must not depend on a delivery.
   */
  verify(): Promise<void>;
}
