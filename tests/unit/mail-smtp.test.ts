import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../server/mail/create-mailer';
import { SmtpMailer } from '../../server/mail/smtp-mailer';
import { parseMail } from '../support/mail-files';
import { unusedPort } from '../support/ports';
import { startSmtpServer as startTestSmtpServer } from '../support/smtp-server';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSmtpServer() {
  const server = await startTestSmtpServer();
  cleanups.push(server.close);
  return server;
}

/** A TCP server that accepts connections and never says a word (a hung mail server). */
async function startSilentServer(): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const TEXT = `お客様ポータルへようこそ。\n下記のリンクからメールアドレスを確認してください。\nhttps://portal.example.com/verify-email?token=${'x9Y8z7'.repeat(20)}&callbackURL=%2Ftop\n`;

describe('SMTP mail driver', () => {
  it('delivers to the SMTP server in SMTP_URL with the sender from MAIL_FROM', async () => {
    const { url, received } = await startSmtpServer();
    const log = { info: vi.fn() };
    const mailer = createMailer(
      {
        SMTP_URL: url,
        MAIL_FROM: 'お客様ポータル <no-reply@example.com>',
        dataDir: '/nonexistent',
      },
      log,
    );
    const subject = '【お客様ポータル】メールアドレスの確認';
    const sent = await mailer.send({ to: 'user@example.com', subject, text: TEXT });

    expect(sent.location).toBeUndefined();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@example.com');
    expect(mail!.to).toEqual(['user@example.com']);
    expect(await parseMail(mail!.raw)).toMatchObject({
      from: 'お客様ポータル <no-reply@example.com>',
      to: 'user@example.com',
      subject,
      text: TEXT,
      messageId: sent.id,
    });
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('sends the HTML part as an alternative', async () => {
    const { url, received } = await startSmtpServer();
    const mailer = new SmtpMailer({ url, from: 'no-reply@example.com' });
    await mailer.send({
      to: 'admin@example.com',
      subject: 'お知らせ',
      text: '本文',
      html: '<p>本文</p>',
    });
    expect(await parseMail(received[0]!.raw)).toMatchObject({ text: '本文', html: '<p>本文</p>' });
  });

  it('rejects at once when nothing listens on the port', async () => {
    const mailer = new SmtpMailer({
      url: `smtp://127.0.0.1:${await unusedPort()}`,
      from: 'no-reply@example.com',
      timeoutMs: 1_000,
    });
    await expect(
      mailer.send({ to: 'user@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow();
  });

  it('rejects within the timeout, instead of hanging, when the server never answers', async () => {
    const url = await startSilentServer();
    const mailer = new SmtpMailer({ url, from: 'no-reply@example.com', timeoutMs: 300 });
    const started = Date.now();
    await expect(
      mailer.send({ to: 'user@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
