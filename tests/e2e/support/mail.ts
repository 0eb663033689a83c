import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseMail } from '../../support/mail-files';

// Reads the mails the e2e server's file mailer writes to <its DATA_DIR>/mail, parsed as the API tests
// parse theirs (tests/support/mail-files.ts). Each project names its server's folder
// (playwright.config.ts, metadata.dataDir).

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** The mail folder of the server the running test's project uses. */
export function mailFolder(): string {
  const { project } = test.info();
  const dataDir = project.metadata.dataDir;
  if (typeof dataDir !== 'string') {
    throw new Error(
      `project ${project.name} names no server data folder (see playwright.config.ts)`,
    );
  }
  return join(dataDir, 'mail');
}

/** Every mail in the folder, oldest first (the file names start with the time). */
export async function readMails(): Promise<Mail[]> {
  const folder = mailFolder();
  const names = await readdir(folder).catch(() => [] as string[]);
  const mails: Mail[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const { to, subject, text } = await parseMail(await readFile(join(folder, name)));
    mails.push({ file: name, to, subject, text });
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
