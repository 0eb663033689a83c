import { createTransport } from 'nodemailer';
import { envelopeOf, type Mailer, type OutgoingMail, type SentMail } from './mail-port';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  from: string;
  /** Connection, greeting and socket timeout; a dead server makes send() reject after this. */
  timeoutMs?: number;
}

export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

/** The scale-out mail driver: one SMTP connection per mail to the server in SMTP_URL. */
export class SmtpMailer implements Mailer {
  private readonly from: string;
  private readonly transport;

  constructor(options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
    this.from = options.from;
    this.transport = createTransport({
      url: options.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  /** Connects, greets and signs in (when the URL names a user), then hangs up. */
  async verify(): Promise<void> {
    await this.transport.verify();
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transport.sendMail(envelopeOf(this.from, mail));
    return { id: info.messageId };
  }

  close(): void {
    this.transport.close();
  }
}

export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  return new SmtpMailer(options);
}
