import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

// Reads the mails the e2e server's file mailer writes to <E2E_DATA_DIR>/mail (playwright.config.ts
// sets the folder). A tiny MIME reader: headers, multipart, base64 and quoted-printable, encoded
// words in headers; enough for the product's own mails, not a general parser.

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

export function mailFolder(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dataDir, 'mail');
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words of a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')).toString('utf8'),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\n\n') };
}

/** The text/plain content of a part, descending into multipart bodies. */
function plainText(part: Part): string {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1, -1);
    return pieces.map((piece) => plainText(splitPart(piece.replace(/^\r?\n/, '')))).join('');
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

export function parseMail(raw: string, file = ''): Mail {
  const part = splitPart(raw);
  return {
    file,
    to: decodeHeader(part.headers.get('to') ?? ''),
    subject: decodeHeader(part.headers.get('subject') ?? ''),
    text: plainText(part),
  };
}

/** Every mail in the folder, oldest first (the file names start with the time). */
export async function readMails(): Promise<Mail[]> {
  const folder = mailFolder();
  const names = await readdir(folder).catch(() => [] as string[]);
  const mails: Mail[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    mails.push(parseMail(await readFile(join(folder, name), 'utf8'), name));
  }
  return mails;
}

/** Waits for a mail to the address that was not there before (`seen`: file names read earlier). */
export async function waitForNewMail(to: string, seen: ReadonlySet<string>): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readMails();
        found = mails.filter((mail) => mail.to.includes(to) && !seen.has(mail.file)).at(-1);
        return found !== undefined;
      },
      { message: `a new mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export async function mailFileNames(): Promise<Set<string>> {
  return new Set((await readMails()).map((mail) => mail.file));
}

/** The first http(s) URL in a text that contains `part`. */
export function linkIn(text: string, part: string): string {
  const links = text.match(/https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g) ?? [];
  const link = links.find((url) => url.includes(part));
  if (!link) throw new Error(`no link containing ${part} in:\n${text}`);
  return link;
}
