import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../server/mail/create-mailer';
import { FileMailer, mailFolder } from '../../server/mail/file-mailer';
import { findLinks } from '../../server/mail/mail-links';
import { parseMail, readMailFiles } from '../support/mail-files';

const FROM = 'お客様ポータル <no-reply@example.com>';
const RESET_URL = `https://portal.example.com/reset-password?token=${'a1B2c3D4'.repeat(16)}&mode=resetPassword&lang=ja`;
const JAPANESE_TEXT = `山田 太郎 様

お客様ポータルのパスワード再設定のお申し込みを受け付けました。
下記のリンクを開き、新しいパスワードを設定してください（有効期限：1時間）。

${RESET_URL}

このメールにお心当たりがない場合は、破棄してください。
――――――――――――――――
お客様ポータル 事務局
`;

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mail-file-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('file mail driver', () => {
  it('writes an .eml under <dataDir>/mail whose Japanese subject and body read back exactly', async () => {
    const mailer = new FileMailer({ dataDir, from: FROM });
    const subject =
      '【お客様ポータル】パスワード再設定のご案内（ご本人様確認のため、お早めにお手続きください）';
    const sent = await mailer.send({ to: 'user@example.com', subject, text: JAPANESE_TEXT });

    expect(sent.location).toBeDefined();
    const location = sent.location!;
    expect(location.startsWith(mailFolder(dataDir))).toBe(true);
    expect(readdirSync(mailFolder(dataDir))).toEqual([
      location.slice(mailFolder(dataDir).length + 1),
    ]);
    expect(location).toMatch(/\/\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{12}\.eml$/);
    expect(sent.id).toMatch(/^<.+@.+>$/);

    // A real RFC 5322 message: ASCII only, encoded subject, MIME headers, unix newlines.
    const raw = readFileSync(location, 'latin1');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0$/m);
    expect(raw).toMatch(/^Content-Transfer-Encoding: base64$/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).not.toContain('\r');
    expect(/^[\x20-\x7e\n\t]*$/.test(raw)).toBe(true);

    const [mail, ...others] = await readMailFiles(dataDir);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      file: location,
      to: 'user@example.com',
      from: FROM,
      subject,
      text: JAPANESE_TEXT,
      messageId: sent.id,
    });
    expect(mail!.html).toBeUndefined();
    expect(findLinks(mail!.text)).toEqual([RESET_URL]);
  });

  it('round-trips a mostly ASCII body (quoted-printable) with a long URL and an HTML part', async () => {
    const mailer = new FileMailer({ dataDir, from: 'no-reply@example.com' });
    const text = `Please confirm your address: ${RESET_URL}\nThank you. ありがとうございます。\n`;
    const html = `<p>ご確認ください: <a href="${RESET_URL}">${RESET_URL}</a></p>`;
    await mailer.send({ to: 'admin@example.com', subject: 'Confirm = your address', text, html });

    const raw = readFileSync(
      readdirSync(mailFolder(dataDir)).map((n) => join(mailFolder(dataDir), n))[0]!,
      'latin1',
    );
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toMatch(/Content-Transfer-Encoding: quoted-printable/);

    const [mail] = await readMailFiles(dataDir);
    expect(mail).toMatchObject({
      to: 'admin@example.com',
      subject: 'Confirm = your address',
      text,
      html,
    });
    expect(findLinks(mail!.html!)).toEqual([RESET_URL, RESET_URL]);
  });

  it('lists the mails oldest first, even when they are written within one millisecond', async () => {
    const mailer = new FileMailer({ dataDir, from: FROM });
    for (const n of [1, 2, 3, 4, 5]) {
      await mailer.send({
        to: `user${n}@example.com`,
        subject: `お知らせ ${n}`,
        text: `本文 ${n}`,
      });
    }
    const mails = await readMailFiles(dataDir);
    expect(mails.map((m) => m.subject)).toEqual([
      'お知らせ 1',
      'お知らせ 2',
      'お知らせ 3',
      'お知らせ 4',
      'お知らせ 5',
    ]);
    expect(mails.map((m) => m.text)).toEqual(['本文 1', '本文 2', '本文 3', '本文 4', '本文 5']);
    expect(readdirSync(mailFolder(dataDir)).every((n) => n.endsWith('.eml'))).toBe(true);
  });

  it('recreates the mail folder when it was removed after the first mail', async () => {
    const mailer = new FileMailer({ dataDir, from: FROM });
    await mailer.send({ to: 'user@example.com', subject: '一通目', text: 'a' });
    rmSync(mailFolder(dataDir), { recursive: true });
    await mailer.send({ to: 'user@example.com', subject: '二通目', text: 'b' });
    expect((await readMailFiles(dataDir)).map((m) => m.subject)).toEqual(['二通目']);
  });

  it('reads an empty mailbox when nothing was sent', async () => {
    expect(await readMailFiles(dataDir)).toEqual([]);
  });

  it('is the driver createMailer picks without SMTP_URL, and logs one line with the link', async () => {
    const log = { info: vi.fn() };
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: FROM, dataDir }, log);
    const sent = await mailer.send({
      to: 'user@example.com',
      subject: 'ご案内',
      text: JAPANESE_TEXT,
    });

    expect(sent.location).toBeDefined();
    expect((await readMailFiles(dataDir)).map((m) => m.subject)).toEqual(['ご案内']);
    expect(log.info).toHaveBeenCalledTimes(1);
    const [fields, message] = log.info.mock.calls[0]!;
    expect(fields).toMatchObject({
      to: 'user@example.com',
      file: sent.location,
      links: [RESET_URL],
    });
    expect(message).toContain(RESET_URL);
    expect(message).toContain('file://');
  });
});

describe('reading mail files', () => {
  it('decodes encoded words split inside a character, Q encoding and base64 bodies', async () => {
    // "パスワード" in UTF-8 split in the middle of "ス" across two encoded words.
    const bytes = Buffer.from('パスワード', 'utf8');
    const first = bytes.subarray(0, 4).toString('base64');
    const second = bytes.subarray(4).toString('base64');
    const raw = [
      `Subject: =?UTF-8?B?${first}?=`,
      ` =?UTF-8?B?${second}?= =?utf-8?Q?=E5=86=8D=E8=A8=AD=E5=AE=9A_(1)?=`,
      'To: =?UTF-8?B?5bGx55Sw?= <user@example.com>',
      'Content-Type: text/plain; charset="UTF-8"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('本文です。\nhttps://example.com/a?b=c\n', 'utf8').toString('base64'),
      '',
    ].join('\r\n');
    expect(await parseMail(raw)).toMatchObject({
      subject: 'パスワード再設定 (1)',
      to: '山田 <user@example.com>',
      text: '本文です。\nhttps://example.com/a?b=c\n',
    });
  });

  it('decodes an ISO-2022-JP mail, as older Japanese mail programs send, and a quoted-printable part', async () => {
    // "出荷のお知らせ" and "本日出荷しました。" in ISO-2022-JP: ESC $ B, JIS X 0208 pairs, ESC ( B.
    const jis = (pairs: string) => Buffer.from(`\x1b$B${pairs}\x1b(B`, 'latin1');
    const subject = jis('=P2Y$N$*CN$i$;');
    const body = jis('K\\F|=P2Y$7$^$7$?!#');
    const raw = Buffer.concat([
      Buffer.from(
        [
          `Subject: =?ISO-2022-JP?B?${subject.toString('base64')}?=`,
          'To: user@example.com',
          'MIME-Version: 1.0',
          'Content-Type: multipart/alternative; boundary="b1"',
          '',
          '--b1',
          'Content-Type: text/plain; charset=ISO-2022-JP',
          'Content-Transfer-Encoding: 7bit',
          '',
          '',
        ].join('\r\n'),
        'latin1',
      ),
      body,
      Buffer.from(
        [
          '',
          '--b1',
          'Content-Type: text/html; charset=UTF-8',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          '<p>=E6=9C=AC=E6=97=A5</p>',
          '--b1--',
          '',
        ].join('\r\n'),
        'latin1',
      ),
    ]);
    expect(await parseMail(raw)).toMatchObject({
      subject: '出荷のお知らせ',
      to: 'user@example.com',
      text: expect.stringContaining('本日出荷しました。'),
      html: '<p>本日</p>',
    });
  });

  it('finds the http(s) links of a text, without the Japanese or punctuation around them', () => {
    const text =
      'こちら：https://example.com/a?x=1&y=2。または(http://example.com/b)、' +
      'https://example.com/wiki/Foo_(bar). ftp://example.com/no mailto:a@example.com';
    expect(findLinks(text)).toEqual([
      'https://example.com/a?x=1&y=2',
      'http://example.com/b',
      'https://example.com/wiki/Foo_(bar)',
    ]);
    expect(findLinks('リンクはありません')).toEqual([]);
  });
});
