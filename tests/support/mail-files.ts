import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { mailFolder } from '../../server/mail/file-mailer';

// Reads the mails the tests receive, with mailparser (a development dependency: the server only
// writes mails, so it never parses one). The answer keeps the shape the tests assert on: headers
// and bodies as plain strings.

/** A mail as a reader sees it: headers and bodies decoded to plain strings. */
export interface ParsedMail {
  from: string;
  to: string;
  subject: string;
  /** The Date header as written, '' when the mail has none. */
  date: string;
  messageId: string;
  /** The text/plain body, '' when the mail has none. */
  text: string;
  html?: string;
}

export interface MailFile extends ParsedMail {
  /** Absolute path of the .eml file. */
  file: string;
}

/** `Name <address>` for each address, as a person reads the header (no quotes around the name). */
function addresses(field: AddressObject | AddressObject[] | undefined): string {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list
    .flatMap((object) => object.value)
    .map(({ name, address }) => (name ? `${name} <${address ?? ''}>` : (address ?? '')))
    .join(', ');
}

/** Parses an RFC 5322 message with MIME: the fields a test or a reader needs. */
export async function parseMail(raw: Buffer | string): Promise<ParsedMail> {
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  const date = mail.headers.get('date');
  return {
    from: addresses(mail.from),
    to: addresses(mail.to),
    subject: mail.subject ?? '',
    date: date instanceof Date ? date.toUTCString() : '',
    messageId: mail.messageId ?? '',
    text: mail.text ?? '',
    ...(typeof mail.html === 'string' ? { html: mail.html } : {}),
  };
}

/**
 * Every `.eml` file the file driver wrote under `<dataDir>/mail`, oldest first (the file names
 * start with the time).
 */
export async function readMailFiles(dataDir: string): Promise<MailFile[]> {
  const folder = mailFolder(dataDir);
  const names = await readdir(folder).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const mails: MailFile[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const file = join(folder, name);
    mails.push({ file, ...(await parseMail(await readFile(file))) });
  }
  return mails;
}
