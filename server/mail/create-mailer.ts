import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { FileMailer } from './file-mailer';
import { findLinks } from './mail-links';
import type { Mailer, OutgoingMail, SentMail } from './mail-port';
import { SmtpMailer } from './smtp-mailer';

export type MailLog = Pick<FastifyBaseLogger, 'info'>;

export type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>;

/**
 * SMTP when SMTP_URL is set, otherwise `.eml` files under `<dataDir>/mail` (docs/product.md §10).
 * With files nobody receives the mail, so the log line carries its links (verification, reset).
 */
export function createMailer(config: MailConfig, log: MailLog): Mailer {
  if (config.SMTP_URL) {
    const smtp = new SmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
    return {
      async send(mail: OutgoingMail): Promise<SentMail> {
        const sent = await smtp.send(mail);
        log.info({ mailId: sent.id }, 'mail sent over SMTP');
        return sent;
      },
      verify: () => smtp.verify(),
    };
  }
  const files = new FileMailer({ dataDir: config.dataDir, from: config.MAIL_FROM });
  return {
    async send(mail: OutgoingMail): Promise<SentMail> {
      const sent = await files.send(mail);
      const links = findLinks(mail.text);
      log.info(
        { mailId: sent.id, to: mail.to, subject: mail.subject, file: sent.location, links },
        `mail written to ${pathToFileURL(sent.location ?? files.folder).href}${links.length > 0 ? ` link: ${links.join(' ')}` : ''}`,
      );
      return sent;
    },
    verify: () => files.verify(),
  };
}
