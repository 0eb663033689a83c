import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { envelopeOf, type Mailer, type OutgoingMail, type SentMail } from './mail-port';

/** Where the file driver writes: `<dataDir>/mail`. */
export function mailFolder(dataDir: string): string {
  return join(dataDir, 'mail');
}

// File names start with the time in milliseconds; within one process two mails never share a
// millisecond, so the names sort in the order the mails were written.
let lastStamp = 0;
function nextStamp(): number {
  const now = Date.now();
  lastStamp = now > lastStamp ? now : lastStamp + 1;
  return lastStamp;
}

/** `20261122T050102.123Z-3fa9c1d2e4b6.eml` */
function mailFileName(): string {
  const stamp = new Date(nextStamp()).toISOString().replace(/[-:]/g, '');
  return `${stamp}-${randomBytes(6).toString('hex')}.eml`;
}

/**
 * The embedded default: every mail becomes an RFC 5322 `.eml` file, composed by nodemailer
 * exactly as it would go over SMTP (encoded headers, MIME parts), so any mail client opens it.
 */
export class FileMailer implements Mailer {
  readonly folder: string;
  private readonly from: string;
  private readonly transport = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  private folderReady: Promise<unknown> | undefined;

  constructor(options: { dataDir: string; from: string }) {
    this.folder = mailFolder(options.dataDir);
    this.from = options.from;
  }

  async verify(): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    await access(this.folder, constants.W_OK);
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transport.sendMail(envelopeOf(this.from, mail));
    const location = join(this.folder, mailFileName());
    // Written under another name and renamed, so that a reader never sees half a mail.
    const temp = `${location}.tmp`;
    try {
      this.folderReady ??= mkdir(this.folder, { recursive: true });
      await this.folderReady.catch((error: unknown) => {
        this.folderReady = undefined;
        throw error;
      });
      await writeFile(temp, info.message as Buffer).catch(async (error: unknown) => {
        // The folder was removed since it was made (e.g. a test cleaned DATA_DIR): make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(this.folder, { recursive: true });
        await writeFile(temp, info.message as Buffer);
      });
      await rename(temp, location);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    return { id: info.messageId, location };
  }
}

export function createFileMailer(options: { dataDir: string; from: string }): FileMailer {
  return new FileMailer(options);
}
