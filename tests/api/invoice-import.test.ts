import { count, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices } from '../../db/schema';
import { apiErrorSchema } from '../../domain/api-error';
import { bearer, signIn } from './helpers/auth';
import {
  createInvoice,
  type InvoiceCsvRow,
  invoiceCsv,
  REGISTRATION_NO,
} from './helpers/invoice-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

const URL = '/api/v1/spec/import-invoices';

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

const upload = (who: string, csv: string) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    payload: csv,
    headers: { ...bearer(tokens[who]!), 'content-type': 'text/csv; charset=utf-8' },
  });

const invoiceCount = async () => (await t.database.db.select({ n: count() }).from(invoices))[0]!.n;
const auditCount = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice.import'))
  )[0]!.n;

/** The stored invoices of some rows, in invoice-number order. */
const stored = async (rows: readonly InvoiceCsvRow[]) =>
  t.database.db
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.invoice_no,
        rows.map((r) => r.invoice_no),
      ),
    )
    .orderBy(invoices.invoice_no);

describe('importing an invoice CSV', () => {
  const rows = [
    createInvoice(),
    createInvoice({ customer_code: '20001', closing_date: '', delivery_nos: '' }),
    // A credit note (赤伝): every figure negative; −12,345 × 10 % = −1,234.5, rounded down.
    createInvoice({
      amount_excl_tax_10: '-12345',
      tax_10: '-1235',
      amount_excl_tax_8: '0',
      tax_8: '0',
      total_amount: '-13580',
      file_name: '赤伝 2026年10月分 (返品).pdf',
      delivery_nos: 'DN-RET-1',
    }),
  ];

  it('inserts new invoices and answers the counts; the stored invoices are the file', async () => {
    const before = await invoiceCount();
    const res = await upload('staff', invoiceCsv(rows, { bom: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: 3, inserted: 3, updated: 0, unchanged: 0 });
    expect(await invoiceCount()).toBe(before + 3);
    const [first, second, credit] = await stored(rows);
    expect(first).toMatchObject({
      invoice_no: rows[0]!.invoice_no,
      customer_code: 10001,
      invoice_date: '2026-10-31',
      closing_date: '2026-10-31',
      amount_excl_tax_10: 128000,
      tax_10: 12800,
      amount_excl_tax_8: 5400,
      tax_8: 432,
      total_amount: 146632,
      registration_no: REGISTRATION_NO,
      file_name: rows[0]!.file_name,
      delivery_nos: rows[0]!.delivery_nos.split('|'),
    });
    expect(second).toMatchObject({ customer_code: 20001, closing_date: null, delivery_nos: [] });
    expect(credit).toMatchObject({
      total_amount: -13580,
      tax_10: -1235,
      file_name: '赤伝 2026年10月分 (返品).pdf',
      delivery_nos: ['DN-RET-1'],
    });
  });

  it('importing the same file again changes nothing, updated_at included', async () => {
    const before = await stored(rows);
    const res = await upload('staff', invoiceCsv(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: 3, inserted: 0, updated: 0, unchanged: 3 });
    expect(await stored(rows)).toEqual(before);
  });

  it('a changed invoice is updated under its id (only it gets a new updated_at); a new one is added', async () => {
    const before = await stored(rows);
    const changed = [
      { ...rows[0]!, invoice_date: '2026-11-01', delivery_nos: 'DN-X-1' },
      rows[1]!,
      rows[2]!,
      createInvoice(),
    ];
    const res = await upload('staff', invoiceCsv(changed));
    expect(res.json()).toEqual({ total: 4, inserted: 1, updated: 1, unchanged: 2 });
    const after = await stored(rows);
    expect(after[0]).toMatchObject({
      id: before[0]!.id,
      invoice_date: '2026-11-01',
      delivery_nos: ['DN-X-1'],
    });
    expect(after[0]!.updated_at.getTime()).toBeGreaterThan(before[0]!.updated_at.getTime());
    expect(after.slice(1)).toEqual(before.slice(1));
  });

  it('records each import in the audit log with its counts and the file digest', async () => {
    const [last] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice.import'))
      .orderBy(auditLog.id)
      .limit(1)
      .offset((await auditCount()) - 1);
    expect(last!.actor_mail).toBe('staff@example.com');
    expect(last!.after).toMatchObject({
      total: 4,
      inserted: 1,
      updated: 1,
      unchanged: 2,
      source: 'api',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it.each([
    // 12,346 × 10 % = 1,234.6: down 1,234, up and nearest 1,235
    ['rounded down', '12346', '1234'],
    ['rounded up and to the nearest yen', '12346', '1235'],
    // 1,001 × 10 % = 100.1: down and nearest 100, up 101
    ['rounded up where the nearest is down', '1001', '101'],
  ])('accepts a tax %s', async (_name, base, tax) => {
    const row = createInvoice({
      amount_excl_tax_10: base,
      tax_10: tax,
      amount_excl_tax_8: '0',
      tax_8: '0',
      total_amount: String(Number(base) + Number(tax)),
    });
    const res = await upload('staff', invoiceCsv([row]));
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored([row]))[0]).toMatchObject({ tax_10: Number(tax) });
  });
});

describe('a file with a bad row writes nothing and names the line and column', () => {
  async function expectRefused(csv: string, line: number, field: string, label: string) {
    const before = await invoiceCount();
    const audits = await auditCount();
    const res = await upload('staff', csv);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('何も取り込んでいません');
    expect(error.fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
    const problem = error.fieldErrors.find((e: { field: string }) => e.field === field);
    expect(problem.message).toContain(`${line}行目`);
    expect(problem.message).toContain(label);
    expect(res.body).not.toMatch(/\bat \w+ \(|insert into|select /i);
    expect(await invoiceCount()).toBe(before);
    expect(await auditCount()).toBe(audits);
  }

  const spoilt: [string, Partial<InvoiceCsvRow>, string, string][] = [
    [
      'a 登録番号 with a wrong check digit',
      { registration_no: 'T8000012050002' },
      'registration_no',
      'チェックデジット',
    ],
    [
      'a 登録番号 without its T',
      { registration_no: '7000012050002' },
      'registration_no',
      '「T」と13桁',
    ],
    [
      'a 登録番号 of 12 digits',
      { registration_no: 'T700001205000' },
      'registration_no',
      '「T」と13桁',
    ],
    ['an empty 登録番号', { registration_no: '' }, 'registration_no', '空です'],
    [
      'an amount with decimals',
      { amount_excl_tax_10: '128000.0' },
      'amount_excl_tax_10',
      '円単位の整数',
    ],
    [
      'an amount with a thousands separator',
      { amount_excl_tax_8: '5,400' },
      'amount_excl_tax_8',
      '円単位の整数',
    ],
    ['an amount with a yen sign', { total_amount: '¥146632' }, 'total_amount', '円単位の整数'],
    ['an amount beyond any invoice', { tax_8: '99999999999999999' }, 'tax_8', '範囲外'],
    ['an empty amount', { tax_10: '' }, 'tax_10', '空です'],
    [
      'a 10 % tax that is no rounding of its base',
      { tax_10: '12801', total_amount: '146633' },
      'tax_10',
      '10%',
    ],
    [
      'an 8 % tax that is no rounding of its base',
      { tax_8: '431', total_amount: '146631' },
      'tax_8',
      '8%',
    ],
    ['a tax at the wrong rate', { tax_8: '540', total_amount: '146740' }, 'tax_8', '8%'],
    ['a total that is not the sum', { total_amount: '146633' }, 'total_amount', '合計 146,632円'],
    ['a 取引年月日 that is no real date', { invoice_date: '2026-02-30' }, 'invoice_date', '日付'],
    ['a 取引年月日 in another format', { invoice_date: '令和8年10月31日' }, 'invoice_date', '日付'],
    ['an empty 取引年月日', { invoice_date: '' }, 'invoice_date', '空です'],
    ['a 締日 that is no real date', { closing_date: '2026-13-01' }, 'closing_date', '日付'],
    ['a file name with a folder', { file_name: 'Spec/請求書.pdf' }, 'file_name', 'ファイル名だけ'],
    [
      'a file name climbing out',
      { file_name: '../20001/請求書.pdf' },
      'file_name',
      'ファイル名だけ',
    ],
    ['a file name of two dots', { file_name: '..' }, 'file_name', 'ファイル名だけ'],
    [
      'a file name with a backslash',
      { file_name: '..\\請求書.pdf' },
      'file_name',
      'ファイル名だけ',
    ],
    ['an empty file name', { file_name: '' }, 'file_name', '空です'],
    [
      'a customer that is not registered',
      { customer_code: '55555' },
      'customer_code',
      '登録されていません',
    ],
    ['a customer code that is not a number', { customer_code: 'C10001' }, 'customer_code', '整数'],
    [
      'an empty delivery number between bars',
      { delivery_nos: 'DN-1||DN-2' },
      'delivery_nos',
      '空の番号',
    ],
    ['a delivery number twice', { delivery_nos: 'DN-1|DN-1' }, 'delivery_nos', '重複'],
    ['an empty invoice number', { invoice_no: '' }, 'invoice_no', '空です'],
    [
      'an invoice number over 50 characters',
      { invoice_no: 'X'.repeat(51) },
      'invoice_no',
      '50文字',
    ],
  ];
  it.each(spoilt)(
    '%s in the 2nd data row → 400 naming line 3',
    async (_name, spoil, column, label) => {
      const csv = invoiceCsv([createInvoice(), createInvoice(spoil)]);
      await expectRefused(csv, 3, `lines.3.${column}`, label);
    },
  );

  it('the same invoice number twice in one file → 400 naming both lines', async () => {
    const first = createInvoice();
    const csv = invoiceCsv([
      first,
      createInvoice(),
      { ...first, tax_8: '433', total_amount: '146633' },
    ]);
    await expectRefused(csv, 4, 'lines.4.invoice_no', '2行目と同じ');
  });

  it('lists every bad line, not only the first, rows of unknown customers among them in line order', async () => {
    const csv = invoiceCsv([
      createInvoice({ registration_no: 'T1234567890123' }),
      createInvoice(),
      createInvoice({ total_amount: '0' }),
      createInvoice({ customer_code: '55555' }),
    ]);
    const res = await upload('staff', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual([
      'lines.2.registration_no',
      'lines.4.total_amount',
      'lines.5.customer_code',
    ]);
  });

  it('a header without a column → 400 naming line 1 and the column', async () => {
    const csv = invoiceCsv([createInvoice()]).replace(',registration_no,', ',reg_no,');
    const before = await invoiceCount();
    const res = await upload('staff', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['lines.1', 'lines.1.registration_no']),
    );
    expect(await invoiceCount()).toBe(before);
  });

  it('a quoted value over several lines: each bad row is named by its own first line', async () => {
    const rows = [createInvoice(), createInvoice(), createInvoice()];
    rows[0] = { ...rows[0]!, file_name: '請求書\r\n控え.pdf' };
    rows[2] = { ...rows[2]!, tax_10: '十' };
    // The header is line 1; the first row spans lines 2–3, so the third row is on line 5.
    const res = await upload('staff', invoiceCsv(rows));
    expect(res.statusCode, res.body).toBe(400);
    const lines = res
      .json()
      .fieldErrors.map((e: { field: string; message: string }) => [
        e.field,
        e.message.match(/^(\d+)行目/)?.[1],
      ]);
    expect(lines).toEqual([
      ['lines.2.file_name', '2'],
      ['lines.5.tax_10', '5'],
    ]);
  });

  it('a row with a missing column → 400 naming its line', async () => {
    const lines = invoiceCsv([createInvoice(), createInvoice()]).split('\r\n');
    lines[2] = lines[2]!.slice(0, lines[2]!.lastIndexOf(','));
    await expectRefused(lines.join('\r\n'), 3, 'lines.3', '列の数');
  });

  it('a file that is not UTF-8 → 400 naming the first such line', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: Buffer.concat([
        Buffer.from(invoiceCsv([createInvoice()]), 'utf8'),
        // 請求書 in Shift_JIS
        Buffer.from([0x90, 0xbf, 0x8b, 0x81, 0x8f, 0x91, 0x0d, 0x0a]),
      ]),
      headers: { ...bearer(tokens.staff!), 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0]).toMatchObject({ field: 'lines.3' });
    expect(res.json().message).toContain('UTF-8');
  });

  it('an empty body → 400 naming line 1; a header alone imports nothing', async () => {
    const empty = await upload('staff', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors[0].field).toBe('lines.1');
    const headerOnly = await upload('staff', invoiceCsv([]));
    expect(headerOnly.statusCode, headerOnly.body).toBe(200);
    expect(headerOnly.json()).toEqual({ total: 0, inserted: 0, updated: 0, unchanged: 0 });
  });
});

describe('who may import invoices', () => {
  it('a general user or a corporate administrator gets 403 and nothing is written', async () => {
    const before = await invoiceCount();
    for (const who of ['user', 'admin']) {
      const res = await upload(who, invoiceCsv([createInvoice()]));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await invoiceCount()).toBe(before);
  });

  it('without a token → 401; a JSON body → 415 or 400, nothing written', async () => {
    const before = await invoiceCount();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: invoiceCsv([createInvoice()]),
      headers: { 'content-type': 'text/csv' },
    });
    expect(anonymous.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { invoice_no: 'X' },
      headers: bearer(tokens.staff!),
    });
    expect([400, 415]).toContain(json.statusCode);
    expect(json.json().message).toBeTruthy();
    expect(await invoiceCount()).toBe(before);
  });

  it('a file above 20 MB → 413 in the error shape', async () => {
    const res = await upload('staff', 'x'.repeat(20 * 1024 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBeTruthy();
  });
});

describe('fuzzed invoice rows', () => {
  // Rows whose every value is either a good one or one of many near misses and arbitrary strings:
  // the import answers 200 or a 400 in the error shape naming a line, writes a file whole or not
  // at all, and never stores figures that disagree.
  const mostlyGood = (good: string, extra: fc.Arbitrary<string>[] = []) =>
    fc.oneof(
      { arbitrary: fc.constant(good), weight: 40 },
      { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
      {
        arbitrary: fc.constantFrom('', ' ', '-0', '1e3', '0x10', '９', '"', '\\', '..', '\u0000'),
        weight: 1,
      },
      ...extra.map((arbitrary) => ({ arbitrary, weight: 1 })),
    );
  const amount = fc.integer({ min: -2_000_000, max: 2_000_000 }).map(String);
  const row = fc.record({
    invoice_no: mostlyGood('', [fc.uuid()]),
    customer_code: mostlyGood('10001', [fc.constantFrom('20001', '30001', '55555', '0')]),
    invoice_date: mostlyGood('2026-10-31', [
      fc.constantFrom('2026-02-29', '2024-02-29', '2026/1/1'),
    ]),
    closing_date: mostlyGood('', [fc.constantFrom('2026-10-31', '2026-10-32')]),
    amount_excl_tax_10: mostlyGood('1001', [amount]),
    tax_10: mostlyGood('100', [fc.constantFrom('101', '99'), amount]),
    amount_excl_tax_8: mostlyGood('0', [amount]),
    tax_8: mostlyGood('0', [amount]),
    total_amount: mostlyGood('1101', [fc.constantFrom('1102', '1100'), amount]),
    registration_no: mostlyGood(REGISTRATION_NO, [fc.stringMatching(/^T\d{13}$/)]),
    file_name: mostlyGood('請求書.pdf', [fc.string({ maxLength: 300 })]),
    delivery_nos: mostlyGood('', [
      fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }).map((a) => a.join('|')),
    ]),
  });

  it('any rows: 200 or a 400 naming a line; a refused file writes nothing; stored figures agree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 4 }), async (rows) => {
        const named = rows.map((r) => ({
          ...r,
          invoice_no: r.invoice_no === '' ? createInvoice().invoice_no : r.invoice_no,
        }));
        const before = await invoiceCount();
        const res = await upload('staff', invoiceCsv(named));
        if (res.statusCode === 200) {
          const answer = res.json();
          expect(answer.inserted + answer.updated + answer.unchanged).toBe(answer.total);
          return;
        }
        expect(res.statusCode, res.body).toBe(400);
        const error = apiErrorSchema.parse(res.json());
        expect(error.fieldErrors?.[0]?.field).toMatch(/^lines\.\d+/);
        expect(res.body).not.toMatch(/\bat \S+ \(|insert into|node_modules/i);
        expect(await invoiceCount()).toBe(before);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
    const disagreeing = await t.database.db.execute(
      sql`select count(*)::int as n from invoices where total_amount <> amount_excl_tax_10 + tax_10 + amount_excl_tax_8 + tax_8 or registration_no !~ '^T[0-9]{13}$'`,
    );
    expect((disagreeing as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  }, 300_000);
});

describe('reading the invoice register (GET /api/v1/invoices)', () => {
  // Invoices of customer 10002, which the other describes' imports do not name.
  const mine = [
    createInvoice({
      customer_code: '10002',
      invoice_date: '2026-09-30',
      amount_excl_tax_10: '10000',
      tax_10: '1000',
      amount_excl_tax_8: '0',
      tax_8: '0',
      total_amount: '11000',
    }),
    createInvoice({
      customer_code: '10002',
      invoice_date: '2026-10-31',
      amount_excl_tax_10: '50000',
      tax_10: '5000',
      amount_excl_tax_8: '0',
      tax_8: '0',
      total_amount: '55000',
    }),
    createInvoice({
      customer_code: '10002',
      invoice_date: '2026-11-30',
      amount_excl_tax_10: '-20000',
      tax_10: '-2000',
      amount_excl_tax_8: '0',
      tax_8: '0',
      total_amount: '-22000',
    }),
  ];
  const read = (who: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/invoices', query, headers: bearer(tokens[who]!) });
  const numbers = (res: Awaited<ReturnType<typeof read>>) =>
    res.json().items.map((i: { invoice_no: string }) => i.invoice_no);

  beforeAll(async () => {
    const res = await upload('staff', invoiceCsv(mine));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("lists a customer's invoices newest first with their figures", async () => {
    const res = await read('staff', { customer_code: '10002' });
    expect(res.statusCode, res.body).toBe(200);
    expect(numbers(res)).toEqual([mine[2]!.invoice_no, mine[1]!.invoice_no, mine[0]!.invoice_no]);
    expect(res.json()).toMatchObject({ total: 3, page: 1, page_size: 100 });
    expect(res.json().items[0]).toMatchObject({
      total_amount: -22000,
      registration_no: REGISTRATION_NO,
      delivery_nos: mine[2]!.delivery_nos.split('|'),
    });
  });

  it('filters by a 取引年月日 range and a 取引金額 range, alone or combined', async () => {
    expect(
      numbers(
        await read('staff', {
          customer_code: '10002',
          date_from: '2026-10-01',
          date_to: '2026-10-31',
        }),
      ),
    ).toEqual([mine[1]!.invoice_no]);
    expect(numbers(await read('staff', { customer_code: '10002', amount_min: '0' }))).toEqual([
      mine[1]!.invoice_no,
      mine[0]!.invoice_no,
    ]);
    expect(
      numbers(
        await read('staff', {
          customer_code: '10002',
          amount_max: '11000',
          date_from: '2026-10-01',
        }),
      ),
    ).toEqual([mine[2]!.invoice_no]);
    expect(
      numbers(
        await read('staff', {
          customer_code: '10002',
          amount_min: '11000',
          amount_max: '11000',
          date_from: '',
          date_to: '',
        }),
      ),
    ).toEqual([mine[0]!.invoice_no]);
  });

  it('refuses reversed ranges and bad values with a Japanese message', async () => {
    for (const query of [
      { date_from: '2026-11-01', date_to: '2026-10-01' },
      { amount_min: '100', amount_max: '10' },
      { date_from: '2026-02-30' },
      { amount_min: '10.5' },
    ] as Record<string, string>[]) {
      const res = await read('staff', { customer_code: '10002', ...query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.json().fieldErrors)).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
  });

  it('a general user reads the invoices of a customer they hold, not of another customer', async () => {
    const own = await read('user', { customer_code: '10001' });
    expect(own.statusCode).toBe(200);
    expect(
      own.json().items.every((i: { customer_code: number }) => i.customer_code === 10001),
    ).toBe(true);
    const other = await read('user', { customer_code: '10002' });
    expect(other.statusCode).toBe(403);
  });
});
