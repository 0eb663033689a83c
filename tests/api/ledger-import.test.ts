import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerItems } from '../../db/schema';
import type { LedgerItem } from '../../domain/api/ledger';
import { importLedgerCsv } from '../../server/services/ledger-import';
import { bearer, signIn } from './helpers/auth';
import { createBacklogItem, createLedgerItem, ledgerCsv } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

const URL = '/api/v1/spec/import-ledger';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  for (const who of ['staff', 'admin', 'user']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
});
afterAll(async () => t?.close());

const upload = (who: string, csv: string, contentType = 'text/csv; charset=utf-8') =>
  t.app.inject({
    method: 'POST',
    url: URL,
    payload: csv,
    headers: { ...bearer(tokens[who]!), 'content-type': contentType },
  });

const lineCount = async () => (await t.database.db.select({ n: count() }).from(ledgerItems))[0]!.n;

/** The stored rows of some lines, with their timestamps, in key order. */
const storedRows = async (lines: readonly LedgerItem[]) =>
  t.database.db
    .select()
    .from(ledgerItems)
    .where(
      inArray(
        ledgerItems.sale_order_no,
        lines.map((l) => l.sale_order_no),
      ),
    )
    .orderBy(ledgerItems.sale_order_no);

describe('importing a ledger CSV', () => {
  const lines = [
    createLedgerItem({ property_name: '山田様邸 新築工事, 第2期', delivery_request: '午前着指定' }),
    createBacklogItem({ customer_code: 10002, model_name: '太陽光架台 "SR-300"' }),
    createLedgerItem({
      customer_code: 20001,
      destination_address: '北海道札幌市\n中央区北一条西1-2-3',
    }),
    createBacklogItem({ expected_delivery_date: '1900-05-10', quantity: -3, amount: -38400 }),
    createLedgerItem({ sale_order_no: 'SO-T-MULTI', sale_order_line_no: 1 }),
    createLedgerItem({ sale_order_no: 'SO-T-MULTI', sale_order_line_no: 2 }),
  ];

  it('inserts new lines and answers the counts; the stored lines are the file', async () => {
    const before = await lineCount();
    const res = await upload('staff', ledgerCsv(lines, { bom: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: 6, inserted: 6, updated: 0, unchanged: 0 });
    expect(await lineCount()).toBe(before + 6);
    const stored = await storedRows(lines);
    for (const line of lines) {
      const row = stored.find(
        (r) =>
          r.sale_order_no === line.sale_order_no &&
          r.sale_order_line_no === line.sale_order_line_no,
      );
      expect(row).toMatchObject(line);
    }
  });

  it('importing the same file again changes nothing, updated_at included', async () => {
    const before = await storedRows(lines);
    const res = await upload('staff', ledgerCsv(lines));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 6, inserted: 0, updated: 0, unchanged: 6 });
    expect(await storedRows(lines)).toEqual(before);
  });

  it('a changed line is updated (and only it gets a new updated_at); new lines are added', async () => {
    const before = await storedRows(lines);
    const changed = {
      ...lines[1]!,
      status: '出荷済',
      shipped_date: '2026-11-02',
      delivery_no: lines[1]!.delivery_no,
    };
    const added = createLedgerItem();
    const next = [lines[0]!, changed, ...lines.slice(2), added];
    const res = await upload('staff', ledgerCsv(next));
    expect(res.json()).toEqual({ total: 7, inserted: 1, updated: 1, unchanged: 5 });
    const after = await storedRows(lines);
    for (const row of after) {
      const old = before.find((b) => b.id === row.id)!;
      if (row.sale_order_no === changed.sale_order_no) {
        expect(row).toMatchObject({ status: '出荷済', shipped_date: '2026-11-02' });
        expect(row.updated_at.getTime()).toBeGreaterThan(old.updated_at.getTime());
        expect(row.created_at).toEqual(old.created_at);
      } else {
        expect(row).toEqual(old);
      }
    }
  });

  it('records each import in the audit log with its counts', async () => {
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ledger.import'));
    expect(entries.length).toBe(3);
    expect(entries.map((e) => e.actor_mail)).toEqual(Array(3).fill('staff@example.com'));
    expect(entries.map((e) => (e.after as { inserted: number }).inserted).sort()).toEqual([
      0, 1, 6,
    ]);
  });

  it('accepts the status in codes and dates with slashes', async () => {
    const line = createLedgerItem();
    const csv = ledgerCsv([line])
      .replace(',出荷済,', ',shipped,')
      .replace(line.sale_order_date, line.sale_order_date.replaceAll('-', '/'));
    const res = await upload('staff', csv);
    expect(res.json()).toMatchObject({ inserted: 1 });
    expect((await storedRows([line]))[0]).toMatchObject(line);
  });
});

describe('a file with a bad row writes nothing', () => {
  const good = () => [
    createLedgerItem(),
    createBacklogItem(),
    createLedgerItem(),
    createLedgerItem(),
  ];

  async function expectRefused(csv: string, line: number, field: string, lines: LedgerItem[]) {
    const before = await lineCount();
    const audits = (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    const res = await upload('staff', csv);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json();
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toContain(`${line}行目`);
    expect(error.fieldErrors[0].field).toBe(field);
    expect(error.fieldErrors[0].message).toContain(`${line}行目`);
    expect(await lineCount()).toBe(before);
    expect(await storedRows(lines)).toEqual([]);
    expect((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
  }

  it('a non-numeric quantity in the 3rd data row → 400 naming line 4 (the header is line 1)', async () => {
    const lines = good();
    const csv = ledgerCsv(lines).split('\r\n');
    csv[3] = csv[3]!.replace(',10,12800,', ',10個,12800,');
    await expectRefused(csv.join('\r\n'), 4, 'lines.4.quantity', lines);
  });

  it.each([
    ['a bad date', (l: LedgerItem) => ({ ...l, sale_order_date: '2026-02-30' }), 'sale_order_date'],
    ['an unknown status', (l: LedgerItem) => ({ ...l, status: 'キャンセル' }), 'status'],
    [
      'an unknown customer code',
      (l: LedgerItem) => ({ ...l, customer_code: 55555 }),
      'customer_code',
    ],
    ['an empty item number', (l: LedgerItem) => ({ ...l, item_name: '' }), 'item_name'],
  ])('%s in the 3rd data row → 400 naming line 4', async (_name, spoil, column) => {
    const lines = good();
    const bad = [...lines];
    bad[2] = spoil(bad[2]!);
    await expectRefused(ledgerCsv(bad), 4, `lines.4.${column}`, lines);
  });

  it('a row with a missing column → 400 naming its line', async () => {
    const lines = good();
    const csv = ledgerCsv(lines).split('\r\n');
    csv[2] = csv[2]!.slice(0, csv[2]!.lastIndexOf(','));
    await expectRefused(csv.join('\r\n'), 3, 'lines.3', lines);
  });

  it('a header without a column → 400 naming line 1 and the column', async () => {
    const lines = good();
    const csv = ledgerCsv(lines).replace(',quantity,', ',qty,');
    const res = await upload('staff', csv);
    expect(res.statusCode).toBe(400);
    const fields = res.json().fieldErrors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['lines.1', 'lines.1.quantity']));
    expect(await storedRows(lines)).toEqual([]);
  });

  it('the same line twice in one file → 400 naming both lines', async () => {
    const lines = good();
    const res = await upload('staff', ledgerCsv([...lines, { ...lines[0]!, quantity: 99 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0].message).toMatch(/6行目.*2行目/);
    expect(await storedRows(lines)).toEqual([]);
  });

  it('lists every bad line, not only the first', async () => {
    const lines = good().map((l) => ({ ...l, sale_order_date: 'someday' }));
    const res = await upload('staff', ledgerCsv(lines));
    expect(res.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual([
      'lines.2.sale_order_date',
      'lines.3.sale_order_date',
      'lines.4.sale_order_date',
      'lines.5.sale_order_date',
    ]);
  });

  it('a file that is not UTF-8 (e.g. Shift_JIS) → 400 naming the first such line', async () => {
    const lines = good();
    const [head, first, ...rest] = ledgerCsv(lines).split('\r\n');
    // 0x8E 0x52 0x93 0x63 is 山田 in Shift_JIS: not valid UTF-8.
    const body = Buffer.concat([
      Buffer.from(`${head}\r\n${first}\r\n`),
      Buffer.from([0x8e, 0x52, 0x93, 0x63]),
      Buffer.from(`${rest.join('\r\n')}`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: body,
      headers: { ...bearer(tokens.staff!), 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('3行目');
    expect(res.json().message).toContain('UTF-8');
    expect(await storedRows(lines)).toEqual([]);
  });

  it('bad rows and lines of unknown customers are listed together, in line order', async () => {
    const lines = good();
    const bad = [...lines];
    bad[0] = { ...bad[0]!, customer_code: 55555 };
    bad[2] = { ...bad[2]!, sale_order_date: 'someday' };
    bad[3] = { ...bad[3]!, customer_code: 55556 };
    const res = await upload('staff', ledgerCsv(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual([
      'lines.2.customer_code',
      'lines.4.sale_order_date',
      'lines.5.customer_code',
    ]);
    expect(await storedRows(lines)).toEqual([]);
  });

  it('a quoted value over several lines: a later bad row is named by its own first line', async () => {
    const lines = good();
    lines[0] = { ...lines[0]!, destination_address: '北海道札幌市\r\n中央区\n北一条西1-2-3' };
    const csv = ledgerCsv(lines).split('\r\n');
    // The header is line 1; the first row spans lines 2–4, so the third data row is on line 6.
    const third = csv.findIndex((row) => row.includes(lines[2]!.sale_order_no));
    csv[third] = csv[third]!.replace(',10,12800,', ',10個,12800,');
    await expectRefused(csv.join('\r\n'), 6, 'lines.6.quantity', lines);
  });

  it('a file that changes between the check and the write writes nothing', async () => {
    const lines = good();
    const changed = [...lines, createLedgerItem()];
    let opened = 0;
    // The command line reads a file twice: a first pass checks it, a second writes it.
    const source = async function* () {
      opened++;
      yield ledgerCsv(opened === 1 ? lines : changed);
    };
    const before = await lineCount();
    await expect(
      importLedgerCsv(t.database.db, source, { actorUserId: null, actorMail: null, source: 'cli' }),
    ).rejects.toThrow(/the file changed while it was being imported; nothing was written/);
    expect(opened).toBe(2);
    expect(await lineCount()).toBe(before);
    expect(await storedRows(changed)).toEqual([]);
  });

  // Such a name used to be stored, and the document's download then failed.
  it.each([
    ['invoice_file_name', 'a/b.pdf'],
    ['shipped_file_name', '..\\x.pdf'],
    ['delivery_file_name', '..'],
    ['invoice_file_name', '.'],
    ['shipped_file_name', 'x\u0000.pdf'],
    ['delivery_file_name', 'x\n.pdf'],
    ['invoice_file_name', '%2e%2e%2fx.pdf'],
  ] as const)(
    '%s: a name that is not one plain file name (%j) → 400 naming the line and column',
    async (column, name) => {
      const lines = good();
      const bad = [...lines];
      bad[2] = { ...bad[2]!, [column]: name };
      await expectRefused(ledgerCsv(bad), 4, `lines.4.${column}`, lines);
      const res = await upload('staff', ledgerCsv(bad));
      expect(res.json().fieldErrors).toHaveLength(1);
      expect(res.json().fieldErrors[0].message).toContain('ファイル名だけ');
    },
  );

  // Such text used to be stored, then broke the .xlsx export or vanished from it.
  it.each([
    ['property_name', '物件\u0001名', 'U+0001'],
    ['destination_address', '住所\u000b1-2-3', 'U+000B'],
    ['contact_person', '\u007f佐藤', 'U+007F'],
    ['model_name', '型式\u0085', 'U+0085'],
    ['item_name', 'KR\ufffe', 'U+FFFE'],
    ['transportation', '運送\uffff', 'U+FFFF'],
    ['invoice_file_name', '請求書\ufffe.pdf', 'U+FFFE'],
  ] as const)(
    '%s holding a character the exports cannot write (%j) → 400 naming the line, column and character',
    async (column, value, code) => {
      const lines = good();
      const bad = [...lines];
      bad[1] = { ...bad[1]!, [column]: value };
      await expectRefused(ledgerCsv(bad), 3, `lines.3.${column}`, lines);
      const res = await upload('staff', ledgerCsv(bad));
      expect(res.json().fieldErrors).toHaveLength(1);
      expect(res.json().fieldErrors[0].message).toContain(`（${column}）の`);
      expect(res.json().fieldErrors[0].message).toContain(`使えない文字（${code}）`);
    },
  );

  it('plain document names (Japanese, spaces, dots inside) are imported and their documents download', async () => {
    const line = createLedgerItem({
      invoice_file_name: '請求書 2026.11.pdf',
      shipped_file_name: '出荷案内_SO（再発行）.v2.pdf',
      delivery_file_name: '100%納品書.pdf',
    });
    const res = await upload('staff', ledgerCsv([line]));
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await storedRows([line]);
    expect(stored).toMatchObject({
      invoice_file_name: '請求書 2026.11.pdf',
      shipped_file_name: '出荷案内_SO（再発行）.v2.pdf',
      delivery_file_name: '100%納品書.pdf',
    });
    const bucket = `portal-${line.customer_code}`;
    for (const name of [line.invoice_file_name, line.shipped_file_name, line.delivery_file_name]) {
      await t.platform.storage.putObject(bucket, `Spec/${name}`, Buffer.from('%PDF-1.4\n'));
    }
    const links = await t.app.inject({
      method: 'GET',
      url: `/api/v1/spec/specified-ledger-file-path?sale_order_no=${encodeURIComponent(line.sale_order_no)}&sale_order_line_no=${line.sale_order_line_no}&delivery_no=${encodeURIComponent(line.delivery_no)}&delivery_line_no=${line.delivery_line_no}`,
      headers: bearer(tokens.staff!),
    });
    expect(links.statusCode, links.body).toBe(200);
    for (const type of ['invoice', 'shipped', 'delivery'] as const) {
      expect(links.json()[type]).toMatchObject({ missing: false, url: expect.any(String) });
    }
  });

  it('an empty body or a file without data rows', async () => {
    expect((await upload('staff', '')).statusCode).toBe(400);
    const headerOnly = ledgerCsv([]);
    const res = await upload('staff', headerOnly);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 0, inserted: 0, updated: 0, unchanged: 0 });
  });
});

describe('who may import', () => {
  it('a general user or a corporate administrator gets 403 and nothing is written', async () => {
    const lines = [createLedgerItem()];
    for (const who of ['user', 'admin']) {
      const res = await upload(who, ledgerCsv(lines));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await storedRows(lines)).toEqual([]);
  });

  it('without a token → 401; a JSON body → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: 'a,b',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(401);
    const json = await upload('staff', JSON.stringify({ csv: 'a' }), 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('VALIDATION_ERROR');
  });

  it('a file above 20 MB → 413 in the error shape', async () => {
    const big = `${ledgerCsv([createLedgerItem()])}${'#'.repeat(20 * 1024 * 1024)}`;
    const res = await upload('staff', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('text/csv bodies are read by the ledger routes only; the rest of the API answers 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notice/get-notice',
      payload: 'limit\n10',
      headers: { ...bearer(tokens.staff!), 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(415);
  });
});
