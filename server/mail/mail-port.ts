/** One outgoing mail. `to` is a single address; the sender is always config MAIL_FROM. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
  send(mail: OutgoingMail): Promise<SentMail>;
  /**
   * Rejects when mails cannot go out now (the SMTP server does not answer, the mail folder cannot
   * be written): asked before a request whose answer must not depend on a delivery.
   */
  verify(): Promise<void>;
}
