import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mailFolder } from './file-mailer';

/** A mail as a reader sees it: headers and bodies decoded to plain strings. */
export interface ParsedMail {
  from: string;
  to: string;
  subject: string;
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

/**
 * Every `.eml` file the file driver wrote under `<dataDir>/mail`, oldest first (the file names
 * start with the time). For tests and for developers reading the embedded mailbox.
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
    mails.push({ file, ...parseMail(await readFile(file)) });
  }
  return mails;
}

// URLs are ASCII (RFC 3986), so a URL ends at the first Japanese character or space; trailing
// sentence punctuation is not part of it.
const URL_PATTERN = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g;

/** The http(s) URLs in a text, in order of appearance. */
export function findLinks(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => trimUrl(m[0]));
}

function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last !== undefined && '.,;:!?\'"'.includes(last)) {
      end -= 1;
    } else if (last === ')' && count(url.slice(0, end), '(') < count(url.slice(0, end), ')')) {
      end -= 1;
    } else {
      return url.slice(0, end);
    }
  }
}

function count(s: string, c: string): number {
  return s.split(c).length - 1;
}

/** Parses an RFC 5322 message with MIME (RFC 2045-2047): the fields a test or a reader needs. */
export function parseMail(raw: Buffer | string): ParsedMail {
  // latin1 keeps one character per byte, so bodies can be turned back into bytes exactly.
  const message = (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw).toString('latin1');
  const root = parseEntity(message.replace(/\r\n/g, '\n'));
  const header = (name: string) => decodeHeader(root.headers.get(name) ?? '');
  const text = findPart(root, 'text/plain');
  const html = findPart(root, 'text/html');
  return {
    from: header('from'),
    to: header('to'),
    subject: header('subject'),
    date: header('date'),
    messageId: header('message-id'),
    text: text === undefined ? '' : decodeBody(text),
    ...(html === undefined ? {} : { html: decodeBody(html) }),
  };
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function parseEntity(source: string): Entity {
  const split = source.indexOf('\n\n');
  const head = split < 0 ? source : source.slice(0, split);
  const body = split < 0 ? '' : source.slice(split + 2);
  const headers = new Map<string, string>();
  // Unfold (RFC 5322 §2.2.3): a line starting with white space continues the previous field.
  for (const field of head.split(/\n(?![ \t])/)) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const name = field.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name))
      headers.set(
        name,
        field
          .slice(colon + 1)
          .replace(/\n/g, '')
          .trim(),
      );
  }
  return { headers, body };
}

interface ContentType {
  type: string;
  params: Map<string, string>;
}

function parseContentType(value: string | undefined): ContentType {
  const [type = '', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const m of rest.join(';').matchAll(/([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]*))/g)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!);
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params };
}

/** The first part of the given type that is not an attachment, depth first. */
function findPart(entity: Entity, type: string): Entity | undefined {
  const contentType = parseContentType(entity.headers.get('content-type'));
  if (contentType.type.startsWith('multipart/')) {
    const boundary = contentType.params.get('boundary');
    if (!boundary) return undefined;
    for (const part of splitMultipart(entity.body, boundary)) {
      const found = findPart(parseEntity(part), type);
      if (found) return found;
    }
    return undefined;
  }
  const disposition = (entity.headers.get('content-disposition') ?? '').toLowerCase();
  return contentType.type === type && !disposition.startsWith('attachment') ? entity : undefined;
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split('\n')) {
    const trimmed = line.trimEnd();
    if (trimmed === `${delimiter}--`) break;
    if (trimmed === delimiter) {
      if (current) parts.push(current.join('\n'));
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  const charset = parseContentType(entity.headers.get('content-type')).params.get('charset');
  let bytes: Buffer;
  if (encoding === 'base64') {
    bytes = Buffer.from(entity.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  } else if (encoding === 'quoted-printable') {
    bytes = decodeQuotedPrintable(entity.body);
  } else {
    bytes = Buffer.from(entity.body, 'latin1');
  }
  return decodeCharset(bytes, charset);
}

/** RFC 2045 §6.7: trailing white space and soft line breaks go. Input is one char per byte. */
function decodeQuotedPrintable(source: string): Buffer {
  return decodeHexEscapes(source.replace(/[ \t]+$/gm, '').replace(/=\n/g, ''));
}

/** `=XX` becomes the byte XX, every other character is one byte. */
function decodeHexEscapes(source: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i += 1) {
    const c = source.charCodeAt(i);
    if (c === 0x3d && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(c & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset?.trim() || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/**
 * Decodes a header value: RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`), white
 * space between adjacent encoded words dropped, and raw UTF-8 (RFC 6532). Adjacent words of one
 * charset are joined as bytes first, because an encoder may split a character between two words.
 */
function decodeHeader(value: string): string {
  let result = '';
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  let last = 0;
  const flush = () => {
    if (pending) result += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const m of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, m.index);
    if (!(pending && /^[ \t\n]*$/.test(between))) {
      flush();
      result += Buffer.from(between, 'latin1').toString('utf8');
    }
    // RFC 2231 allows a language after the charset: UTF-8*ja.
    const charset = m[1]!.split('*')[0]!.toLowerCase();
    const bytes =
      m[2]!.toUpperCase() === 'B'
        ? Buffer.from(m[3]!, 'base64')
        : decodeHexEscapes(m[3]!.replace(/_/g, ' '));
    if (pending && pending.charset !== charset) flush();
    pending ??= { charset, bytes: [] };
    pending.bytes.push(bytes);
    last = m.index + m[0].length;
  }
  flush();
  return result + Buffer.from(value.slice(last), 'latin1').toString('utf8');
}
