import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerItems } from '../../db/schema';
import { upsertLedgerDocuments } from '../../server/repositories/documents-repository';
import { bearer, signIn } from './helpers/auth';
import { readZip } from './helpers/read-zip';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
type Line = typeof ledgerItems.$inferSelect;
let own: Line[];
let foreign: Line;
let missingFile: string;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 150 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  for (const who of ['staff', 'user', 'other'])
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  own = await t.database.db
    .select()
    .from(ledgerItems)
    .where(and(eq(ledgerItems.customer_code, 10001), ne(ledgerItems.invoice_file_name, '')));
  const [firstForeign] = await t.database.db
    .select()
    .from(ledgerItems)
    .where(and(eq(ledgerItems.customer_code, 20001), ne(ledgerItems.invoice_file_name, '')))
    .limit(1);
  foreign = firstForeign!;
  // The seed leaves some referenced documents out of storage on purpose.
  const names = [...new Set(own.map((l) => l.invoice_file_name))];
  for (const name of names) {
    if (!(await t.platform.storage.exists('portal-10001', `Spec/${name}`))) {
      missingFile = name;
      break;
    }
  }
});
afterAll(async () => t?.close());

const keysOf = (l: Line) =>
  `sale_order_no=${encodeURIComponent(l.sale_order_no)}&sale_order_line_no=${l.sale_order_line_no}&delivery_no=${encodeURIComponent(l.delivery_no)}&delivery_line_no=${l.delivery_line_no}`;
const open = (url: string) =>
  t.app.inject({ method: 'GET', url: url.slice(t.config.publicBaseUrl.length) });

describe('one document of a line', () => {
  it('a user gets signed URLs of their own line, and the URL downloads the PDF under its Japanese name', async () => {
    const line = own.find((l) => l.invoice_file_name !== missingFile)!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/spec/specified-ledger-file-path?${keysOf(line)}&login_user_id=1`,
      headers: bearer(tokens.user!),
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.invoice.file_name).toBe(line.invoice_file_name);
    expect(answer.invoice.url).toMatch(/^http/);
    const file = await open(answer.invoice.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(file.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(line.invoice_file_name)}`,
    );
  });

  it('another customer’s line is refused; unknown keys are 404; staff may see any line', async () => {
    const url = `/api/v1/spec/specified-ledger-file-path?${keysOf(foreign)}`;
    const refused = await t.app.inject({ method: 'GET', url, headers: bearer(tokens.user!) });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('http');
    expect(
      (await t.app.inject({ method: 'GET', url, headers: bearer(tokens.staff!) })).statusCode,
    ).toBe(200);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/spec/specified-ledger-file-path?sale_order_no=NOPE&sale_order_line_no=1',
      headers: bearer(tokens.user!),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('get-shared-url in the Spec folder serves only documents the customer’s ledger references', async () => {
    const call = (who: string, bucket: string, file: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/shared-file/get-shared-url',
        payload: { bucket_name: bucket, folder_name: 'Spec', file_name: file, user_id: 1 },
        headers: bearer(tokens[who]!),
      });
    const line = own.find((l) => l.invoice_file_name !== missingFile)!;
    const ok = await call('user', 'portal-10001', line.invoice_file_name);
    expect(ok.statusCode).toBe(200);
    expect((await open(ok.json().url)).statusCode).toBe(200);
    // A file of another customer, asked for through one's own bucket or through theirs.
    expect((await call('user', 'portal-10001', foreign.invoice_file_name)).statusCode).toBe(403);
    expect((await call('user', 'portal-20001', foreign.invoice_file_name)).statusCode).toBe(403);
    expect((await call('user', 'portal-10001', '../Shared/カタログ')).statusCode).toBe(400);
    expect((await call('other', 'portal-10001', line.invoice_file_name)).statusCode).toBe(403);
  });
});

describe('bulk download', () => {
  /** The user's first invoices that are in storage. */
  const storedInvoices = (count: number) =>
    [...new Set(own.map((l) => l.invoice_file_name))]
      .filter((n) => n !== missingFile)
      .slice(0, count);
  /** POST get-shared-files for invoices of customer 10001, as `who`, with extra body fields. */
  const requestZip = (who: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/shared-file/get-shared-files',
      payload: {
        bucket_name: 'portal-10001',
        download_name: '請求書',
        folder_name: 'Spec',
        ...payload,
      },
      headers: bearer(tokens[who]!),
    });

  it('zips the chosen documents entry by entry and raises the caution flag for missing files', async () => {
    expect(missingFile).toBeTruthy();
    const present = storedInvoices(4);
    const res = await requestZip('user', {
      download_name: 'SR-200_請求書',
      file_names: [...present, missingFile],
      user_id: 1,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      caution_flag: true,
      file_count: 4,
      missing_count: 1,
      missing_files: [missingFile],
    });
    expect(answer.file_name).toMatch(/^SR-200_請求書_\d{8}\.zip$/);

    const zip = await open(answer.url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const entries = readZip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual([...present, 'missing.txt'].sort());
    // The zip names the files it lacks, readable in Windows' Notepad (BOM, CRLF).
    expect(entries.get('missing.txt')!.toString('utf8')).toBe(
      `\ufeff次のファイルは存在しないため、このZIPファイルに含まれていません。\r\n${missingFile}\r\n`,
    );
    for (const name of present) {
      const stored = await t.platform.storage.getObjectStream('portal-10001', `Spec/${name}`);
      const chunks: Buffer[] = [];
      for await (const c of stored) chunks.push(c as Buffer);
      expect(entries.get(name)!.equals(Buffer.concat(chunks))).toBe(true);
    }
  });

  it('no caution flag when every file exists', async () => {
    const present = storedInvoices(2);
    const res = await requestZip('user', { file_names: present });
    const answer = res.json();
    expect(answer).toMatchObject({
      caution_flag: false,
      file_count: 2,
      missing_count: 0,
      missing_files: [],
    });
    const entries = readZip((await open(answer.url)).rawPayload);
    expect([...entries.keys()].sort()).toEqual([...present].sort());
  });

  it('refuses names the ledger does not reference, other customers’ buckets and other folders', async () => {
    const post = (who: string, payload: object) =>
      requestZip(who, { download_name: 'x', ...payload });
    expect((await post('user', { file_names: [foreign.invoice_file_name] })).statusCode).toBe(403);
    expect((await post('user', { file_names: ['../../etc/passwd'] })).statusCode).toBe(400);
    expect((await post('other', { file_names: [own[0]!.invoice_file_name] })).statusCode).toBe(403);
    expect((await post('user', { folder_name: 'Shared', file_names: ['a.pdf'] })).statusCode).toBe(
      400,
    );
  });

  it('a file gone between the request and the download ends the zip unfinished, and the server keeps serving', async () => {
    const present = storedInvoices(2);
    const res = await requestZip('user', { file_names: present });
    expect(res.json()).toMatchObject({ caution_flag: false, file_count: 2 });
    const second = join(t.dataDir, 'storage', 'portal-10001', 'Spec', present[1]!);
    const kept = await readFile(second);
    await rm(second);
    try {
      const zip = await open(res.json().url).catch((err: Error) => err);
      // Either the connection ends early or what arrived is not a whole zip: never a zip that
      // looks complete without the file.
      if (!(zip instanceof Error)) expect(() => readZip(zip.rawPayload)).toThrow();
    } finally {
      await writeFile(second, kept);
    }
    const again = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(again.statusCode).toBe(200);
  });

  it('an unknown or expired bulk link answers 410', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storage/bulk/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(res.statusCode).toBe(410);
  });
});

describe('receipts of the orders screen’s downloads', () => {
  it('a shipping notice opened from a line writes the receipt the documents screen counts', async () => {
    // The shipped lines' documents, registered as the ledger import registers them.
    await upsertLedgerDocuments(t.database.db, [10001]);
    let line: Line | undefined;
    for (const candidate of own) {
      if (candidate.status !== '出荷済' || candidate.shipped_file_name === '') continue;
      if (await t.platform.storage.exists('portal-10001', `Spec/${candidate.shipped_file_name}`)) {
        line = candidate;
        break;
      }
    }
    expect(line, 'a shipped line of 10001 whose shipping notice is in Spec').toBeDefined();
    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/documents?type=shipping_notice&doc_no=${encodeURIComponent(line!.delivery_no)}`,
        headers: bearer(tokens.user!),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (
        res.json().items as { file_name: string; downloaded_by_me: boolean; version: number }[]
      ).find((d) => d.file_name === line!.shipped_file_name);
    };
    expect((await listed())?.downloaded_by_me).toBe(false);

    const links = await t.app.inject({
      method: 'GET',
      url: `/api/v1/spec/specified-ledger-file-path?${keysOf(line!)}`,
      headers: bearer(tokens.user!),
    });
    expect(links.statusCode, links.body).toBe(200);
    // Signing the links (the screen does on hover) is no download.
    expect((await listed())?.downloaded_by_me).toBe(false);

    const file = await open(links.json().shipped.url);
    expect(file.statusCode).toBe(200);
    expect(
      file.rawPayload.equals(
        await (async () => {
          const chunks: Buffer[] = [];
          const stream = await t.platform.storage.getObjectStream(
            'portal-10001',
            `Spec/${line!.shipped_file_name}`,
          );
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        })(),
      ),
    ).toBe(true);
    const after = await listed();
    expect(after).toMatchObject({ downloaded_by_me: true, version: 1 });
  });
});
