import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_CSV_COLUMNS,
  LedgerImportError,
  parseLedgerCsv,
} from '../../server/services/ledger-import';

const header = Object.keys(LEDGER_CSV_COLUMNS);
const values: Record<string, string> = {
  customer_code: '10001',
  status: '出荷済',
  sale_order_no: 'SO2610-000001',
  sale_order_line_no: '1',
  delivery_no: 'DN2610-000001',
  delivery_line_no: '1',
  sale_order_date: '2026-10-01',
  shipped_date: '2026-10-05',
  expected_delivery_date: '',
  delivery_request: '',
  property_name: '山田様邸 新築工事',
  item_name: 'KR-1020-BK',
  model_name: '屋根用取付金具 KR-1020 (ブラック)',
  quantity: '120',
  unit_price: '420',
  amount: '50400',
  destination_name1: '山田様邸 現場',
  destination_name2: '',
  destination_address: '東京都八王子市明神町1-2-3',
  contact_person: '佐藤 一郎',
  transportation: 'ヤマト運輸',
  shipping_label_number: '412345678901',
  invoice_file_name: '請求書_SO2610-000001.pdf',
  shipped_file_name: '',
  delivery_file_name: '',
};
const row = (overrides: Record<string, string> = {}) =>
  header.map((c) => overrides[c] ?? values[c]).join(',');

async function problemsOf(text: string) {
  try {
    await parseLedgerCsv(text);
  } catch (error) {
    if (error instanceof LedgerImportError) return error.problems;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('reading a ledger CSV', () => {
  it('reads typed lines: empty optional dates are null, empty delivery line number is 0', async () => {
    const text = `\uFEFF${header.join(',')}\r\n${row({ delivery_no: '', delivery_line_no: '' })}\r\n`;
    const { lines, lineNumbers } = await parseLedgerCsv(text);
    expect(lineNumbers).toEqual([2]);
    expect(lines[0]).toMatchObject({
      customer_code: 10001,
      quantity: 120,
      amount: 50400,
      expected_delivery_date: null,
      delivery_request: null,
      delivery_no: '',
      delivery_line_no: 0,
      destination_name2: '',
    });
  });

  it('takes the columns in any order and skips empty lines', async () => {
    const reversed = [...header].reverse();
    const text = `${reversed.join(',')}\n\n${reversed.map((c) => values[c]).join(',')}\n`;
    expect((await parseLedgerCsv(text)).lines[0]!.item_name).toBe('KR-1020-BK');
  });

  it('names the line and column of each problem (the header is line 1)', async () => {
    const text = [
      header.join(','),
      row(),
      row({ sale_order_no: 'SO-2', quantity: '1.5', shipped_date: '2026-13-01' }),
      row({ sale_order_no: 'SO-3', status: '出荷' }),
    ].join('\n');
    expect((await problemsOf(text)).map((p) => [p.line, p.column])).toEqual([
      [3, 'shipped_date'],
      [3, 'quantity'],
      [4, 'status'],
    ]);
  });

  it('shows a refused value with its control characters written out, never raw', async () => {
    const text = [header.join(','), row({ quantity: '12\u0007', status: '出荷\u001b[31m済' })].join(
      '\n',
    );
    const messages = (await problemsOf(text)).map((p) => p.message);
    expect(messages).toEqual([
      '2行目: ステータス（status）は「出荷済」か「受注残」です: "出荷\\u001b[31m済"',
      '2行目: 数量（quantity）が整数ではありません: "12\\u0007"',
    ]);
  });

  it('refuses an unreadable quote with its line number', async () => {
    const text = `${header.join(',')}\n${row()}\n"unclosed,${row().slice(5)}\n`;
    const [problem] = await problemsOf(text);
    expect(problem!.line).toBeGreaterThanOrEqual(3);
    expect(problem!.message).toContain('行目');
  });

  it('a file that cannot be read fails with its reason instead of waiting forever', async () => {
    await expect(
      parseLedgerCsv(() => createReadStream(join(tmpdir(), 'no-such-ledger.csv'))),
    ).rejects.toThrow(/ENOENT/);
  });

  it('reads a file in pieces, a character split between two pieces included', async () => {
    const bytes = Buffer.from(`${header.join(',')}\n${row()}\n`);
    const cut = bytes.indexOf(Buffer.from('山田')) + 1; // inside the three bytes of 山
    const { lines } = await parseLedgerCsv(async function* () {
      yield bytes.subarray(0, cut);
      yield bytes.subarray(cut);
    });
    expect(lines[0]!.property_name).toBe('山田様邸 新築工事');
  });

  it('a refused header closes the file instead of leaving it open', async () => {
    let closed = false;
    const source = async function* () {
      try {
        yield `${header.join(',').replace('amount', 'total')}\n`;
        for (let i = 0; i < 1000; i++) yield `${row({ sale_order_no: `SO-${i}` })}\n`;
      } finally {
        closed = true;
      }
    };
    await expect(parseLedgerCsv(source)).rejects.toThrow(LedgerImportError);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });

  it('refuses unknown and missing header columns', async () => {
    const problems = await problemsOf(`${header.join(',').replace('amount', 'total')}\n${row()}`);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/不明な列名.*total[\s\S]*amount/);
  });
});

// A document file name is the last segment of a storage key and the name a
// download is saved under; anything but one plain name used to be stored, and its download failed.
describe('document file names', () => {
  const FILE_COLUMNS = ['invoice_file_name', 'shipped_file_name', 'delivery_file_name'] as const;
  /** A CSV field, quoted when the value needs it (a line break, a comma or a quote inside). */
  const field = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const fileRow = (column: string, name: string, saleOrderNo = 'SO-F') =>
    header
      .map((c) =>
        c === column ? field(name) : c === 'sale_order_no' ? saleOrderNo : field(values[c]!),
      )
      .join(',');

  it.each([
    ['a folder', 'a/b.pdf'],
    ['a leading slash', '/b.pdf'],
    ['a backslash path up', '..\\x.pdf'],
    ['a backslash', 'Spec\\x.pdf'],
    ['two dots', '..'],
    ['one dot', '.'],
    ['a path up with a slash', '../x.pdf'],
    ['NUL', 'x\u0000.pdf'],
    ['a line break (quoted)', 'x\n.pdf'],
    ['a tab', 'x\t.pdf'],
    ['DEL', 'x\u007f.pdf'],
    ['a C1 control', 'x\u0085.pdf'],
    ['an encoded path up', '%2e%2e%2fx.pdf'],
    ['an encoded slash', 'a%2Fb.pdf'],
    ['a name above 255 bytes', `${'請'.repeat(84)}.pdf`],
  ])('%s is refused in each file name column, naming the line and column', async (_, name) => {
    for (const column of FILE_COLUMNS) {
      const text = [header.join(','), row(), fileRow(column, name)].join('\n');
      const problems = await problemsOf(text);
      expect(problems.map((p) => [p.line, p.column])).toEqual([[3, column]]);
      expect(problems[0]!.message).toMatch(
        /^3行目: .*ファイル名（.*_file_name）にはファイル名だけ/,
      );
      // The value is shown with its control characters written out, never raw.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: checking that none is shown
      expect(problems[0]!.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    }
  });

  it('plain names are taken as written: Japanese, spaces, dots and % inside, spaces around trimmed', async () => {
    const names = [
      '請求書 2026.11.pdf',
      '納品書_SO2610-000001（再発行）.pdf',
      '出荷案内.v2.PDF',
      '100%.pdf',
      '..x.pdf',
      'x..pdf',
      '.hidden.pdf',
      `${'請'.repeat(81)}.pdf`,
    ];
    const text = [
      header.join(','),
      ...names.map((name, i) => fileRow('invoice_file_name', name, `SO-P${i}`)),
      fileRow('delivery_file_name', ' 納品書 1.pdf ', 'SO-SPACES'),
    ].join('\n');
    const { lines } = await parseLedgerCsv(text);
    expect(lines.slice(0, names.length).map((l) => l.invoice_file_name)).toEqual(names);
    expect(lines.at(-1)!.delivery_file_name).toBe('納品書 1.pdf');
  });
});

describe('characters the exports cannot write', () => {
  const TEXT_COLUMNS = (Object.keys(LEDGER_CSV_COLUMNS) as (keyof typeof LEDGER_CSV_COLUMNS)[])
    .filter((c) => ['text', 'fileName'].includes(LEDGER_CSV_COLUMNS[c].kind))
    .filter((c) => c !== 'sale_order_no');
  const field = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const textRow = (column: string, value: string) =>
    header.map((c) => field(c === column ? value : values[c]!)).join(',');

  // The classes XML 1.0 has no way to write, and the other controls exceljs would drop unseen.
  it.each([
    ['U+0001', 'a\u0001b.pdf'],
    ['U+0008', 'a\u0008b.pdf'],
    ['U+000B', 'a\u000bb.pdf'],
    ['U+000C', 'a\u000cb.pdf'],
    ['U+001F', 'a\u001fb.pdf'],
    ['U+007F', 'a\u007fb.pdf'],
    ['U+0085', 'a\u0085b.pdf'],
    ['U+009F', 'a\u009fb.pdf'],
    ['U+FFFE', 'a\ufffeb.pdf'],
    ['U+FFFF', 'a\uffffb.pdf'],
  ])(
    '%s in any text column is refused, naming the line, the column and where it is',
    async (code, value) => {
      for (const column of TEXT_COLUMNS) {
        const text = [header.join(','), row(), textRow(column, value)].join('\n');
        const problems = await problemsOf(text);
        expect(
          problems.map((p) => [p.line, p.column]),
          column,
        ).toEqual([[3, column]]);
        if (LEDGER_CSV_COLUMNS[column].kind === 'text') {
          expect(problems[0]!.message).toBe(
            `3行目: ${LEDGER_CSV_COLUMNS[column].label}（${column}）の2文字目に使えない文字（${code}）があります。` +
              'タブと改行以外の制御文字、U+FFFE、U+FFFF は取り込めません。',
          );
        }
        // biome-ignore lint/suspicious/noControlCharactersInRegex: checking that none is shown raw
        expect(problems[0]!.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/);
      }
    },
  );

  it('counts the position in characters as a person does (a character outside the BMP is one)', async () => {
    const text = [header.join(','), textRow('property_name', '𠮷野家\ufffe')].join('\n');
    const [problem] = await problemsOf(text);
    expect(problem!.message).toContain('物件名（property_name）の4文字目に使えない文字（U+FFFE）');
  });

  it('tabs, line breaks, C1-free symbols and characters outside the BMP are imported as written', async () => {
    const kept = '山田様邸\t新築\r\n工事 𠮷 ① ～ ￥ \u00a0end';
    const text = [header.join(','), textRow('property_name', kept)].join('\n');
    const { lines } = await parseLedgerCsv(text);
    expect(lines[0]!.property_name).toBe(kept);
  });
});
