import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { LedgerItem } from '../../domain/api/ledger';
import { DEFAULT_CARRIER_TRACKING } from '../../domain/carrier-tracking';
import {
  csvCellsOf,
  csvCode,
  csvField,
  csvRecord,
  LEDGER_EXPORT_COLUMNS,
  ledgerExportFileName,
  neutraliseFormula,
} from '../../domain/ledger-export';
import { csvStream, xlsxStream } from '../../server/services/ledger-export-files';

const line: LedgerItem = {
  customer_code: 10001,
  status: '出荷済',
  sale_order_no: 'SO-1',
  sale_order_line_no: 1,
  delivery_no: 'DN-1',
  delivery_line_no: 1,
  sale_order_date: '2026-10-01',
  shipped_date: '2026-10-05',
  expected_delivery_date: '1900-10-07',
  delivery_request: null,
  property_name: '高橋様邸 新築工事',
  item_name: 'SR-200-GL',
  model_name: '太陽光架台 SR-200',
  quantity: 10,
  unit_price: 12800,
  amount: 128000,
  destination_name1: '現場',
  destination_name2: '',
  destination_address: '東京都八王子市明神町1-2-3',
  contact_person: '佐藤 一郎',
  transportation: '佐川急便',
  shipping_label_number: '1234-5678',
  invoice_file_name: '請求書_SO-1.pdf',
  shipped_file_name: '',
  delivery_file_name: '',
};

describe('CSV rules', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+81', "'+81"],
    ['-10℃', "'-10℃"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['\nx', "'\nx"],
    ['山田様邸', '山田様邸'],
    ['a=b', 'a=b'],
    ['1-2-3', '1-2-3'],
    ['', ''],
    ['   ', '   '],
  ])('neutraliseFormula(%j) = %j', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  // Every way the four formula characters are written: full width (what Japanese input gives),
  // the small and raised forms, the minus sign, and each behind white space or an invisible
  // character a spreadsheet passes over.
  const formulaCharacters = [
    '=',
    '+',
    '-',
    '@',
    '\uFF1D',
    '\uFF0B',
    '\uFF0D',
    '\uFF20', // ＝＋－＠
    '\uFE66',
    '\uFE62',
    '\uFE63',
    '\uFE6B', // ﹦﹢﹣﹫
    '\u207C',
    '\u207A',
    '\u207B',
    '\u208C',
    '\u208A',
    '\u208B', // ⁼⁺⁻₌₊₋
    '\u2212', // − minus sign
  ];
  const before = [
    '',
    ' ',
    '  ',
    '\u3000',
    '\u00A0',
    '\u200B',
    '\uFEFF',
    '\u2060',
    '\u200E',
    ' \u3000\u200B',
  ];
  it.each(
    formulaCharacters.flatMap((c) =>
      before.map((b) => [`${b}${c}HYPERLINK("http://x.example","開く")`]),
    ),
  )('neutralises a formula written as %j', (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it('neutralises full-width formula text in the CSV of a line', () => {
    const cells = csvCellsOf(
      { ...line, property_name: '＝１＋１', contact_person: '　＠SUM(A1)' },
      DEFAULT_CARRIER_TRACKING,
    );
    expect(cells).toContain("'＝１＋１");
    expect(cells).toContain("'　＠SUM(A1)");
  });

  it('quotes only what needs it', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('山田')).toBe('山田');
    expect(csvRecord(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it('names the file with the customer and the day in Japan', () => {
    // 2026-11-24 15:30 UTC is already 25 November in Japan.
    expect(ledgerExportFileName(10001, 'csv', new Date('2026-11-24T15:30:00Z'))).toBe(
      '注文一覧_10001_20261125.csv',
    );
  });

  it('has the detail panel fields, the tracking URL and the documents', () => {
    const headers = LEDGER_EXPORT_COLUMNS.map((c) => c.header);
    expect(headers).toHaveLength(23);
    expect(headers.slice(0, 5)).toEqual(['ステータス', '受注番号', '受注日', '納品番号', '出荷日']);
    expect(headers).toContain('追跡URL');
    expect(headers.slice(-3)).toEqual(['請求書', '出荷案内', '納品書']);
  });
});

async function* pages(count: number, seen: { pages: number }) {
  for (let i = 0; i < count; i++) {
    seen.pages++;
    yield Array.from({ length: 200 }, () => line);
  }
}

describe('the file streams', () => {
  it('the CSV starts with the BOM and the header; the expected date reads 2025', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream(pages(1, { pages: 0 }), DEFAULT_CARRIER_TRACKING)) {
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.startsWith('\uFEFFステータス,受注番号,受注日,納品番号,出荷日,')).toBe(true);
    expect(text).toContain('出荷済,SO-1,2026-10-01,DN-1,2026-10-05,');
    expect(text).toContain(',2025-10-07,');
    expect(text).toContain('okurijoNo=12345678');
  });

  it.each([
    ['xlsx', xlsxStream],
    ['csv', csvStream],
  ] as const)('%s: a reader that goes away stops the reading of pages', async (_, stream) => {
    const seen = { pages: 0 };
    const file = stream(pages(1000, seen), DEFAULT_CARRIER_TRACKING);
    await new Promise<void>((resolve) => file.once('data', () => resolve()));
    file.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = seen.pages;
    expect(after).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.pages).toBe(after);
  });
});

// Excel opens a CSV cell of digits as a number: 12 digits or more as 4.62E+11, every digit after
// the 15th as 0, leading zeros gone. The numbers people look a line up by must open as written.
describe('numbers given as text (受注番号, 納品番号, 送り状番号)', () => {
  const codes = {
    ...line,
    sale_order_no: '261100000754',
    delivery_no: '０１２３４５６７８９０１２',
    shipping_label_number: '01234567890123456789',
  };
  const cellOf = (cells: string[], header: string) =>
    cells[LEDGER_EXPORT_COLUMNS.findIndex((c) => c.header === header)];

  it('a CSV cell of digits is the formula ="…", which Excel opens as those digits in text', () => {
    const cells = csvCellsOf(codes, DEFAULT_CARRIER_TRACKING);
    expect(cellOf(cells, '受注番号')).toBe('="261100000754"');
    expect(cellOf(cells, '納品番号')).toBe('="０１２３４５６７８９０１２"');
    expect(cellOf(cells, '送り状番号')).toBe('="01234567890123456789"');
    // As the file has it: the field quoted, its quotes doubled (RFC 4180), which Excel undoes.
    expect(csvRecord([cellOf(cells, '送り状番号')!])).toBe('"=""01234567890123456789"""\r\n');
  });

  it('a code that is not only digits is written as it is, and text that would run is neutralised', () => {
    expect(csvCode('SO2611-000754')).toBe('SO2611-000754');
    expect(csvCode('4620-5508-2796')).toBe('4620-5508-2796');
    expect(csvCode('')).toBe('');
    // What the ="…" form would let run, were it given anything but digits.
    expect(csvCode('1"&HYPERLINK("http://x")&"')).toBe('1"&HYPERLINK("http://x")&"');
    expect(csvCode('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(csvCode('－123')).toBe("'－123");
    const cells = csvCellsOf(
      { ...codes, shipping_label_number: '=1+1', sale_order_no: '@SUM(A1)' },
      DEFAULT_CARRIER_TRACKING,
    );
    expect(cellOf(cells, '送り状番号')).toBe("'=1+1");
    expect(cellOf(cells, '受注番号')).toBe("'@SUM(A1)");
  });

  it('an .xlsx has them as text cells in the Text format, every digit kept', async () => {
    async function* one() {
      yield [codes];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream(one(), DEFAULT_CARRIER_TRACKING)) chunks.push(chunk);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    const col = (header: string) => LEDGER_EXPORT_COLUMNS.findIndex((c) => c.header === header) + 1;
    for (const [header, value] of [
      ['受注番号', '261100000754'],
      ['納品番号', '０１２３４５６７８９０１２'],
      ['送り状番号', '01234567890123456789'],
    ] as const) {
      expect(row.getCell(col(header)).value).toBe(value);
      expect(row.getCell(col(header)).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(col(header)).numFmt).toBe('@');
    }
  });
});

describe('an .xlsx and its reader', () => {
  /** 200 pages of 200 different lines (as the database's pages are: they compress less than copies). */
  async function* differentPages(seen: { pages: number }) {
    for (let i = 0; i < 200; i++) {
      seen.pages++;
      yield Array.from({ length: 200 }, (_, k) => ({
        ...line,
        sale_order_no: `SO-${i}-${k}`,
        quantity: (i * 200 + k) % 997,
      }));
    }
  }

  // The memory of an export is what it reads ahead of its reader: exceljs hands the sheet to the
  // zip without waiting, and the whole search used to be read and held before a slow reader had
  // read a byte.
  it('reads only a few pages ahead of a reader that reads nothing, and every page once it reads', async () => {
    const seen = { pages: 0 };
    const file = xlsxStream(differentPages(seen), DEFAULT_CARRIER_TRACKING);
    file.pause();
    // Turns of the event loop for the zip's compression (in libuv's threads) to fill its buffers:
    // without waiting for its reader the writer reads all 200 pages in the first.
    for (let i = 0; i < 200; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(seen.pages).toBeLessThanOrEqual(10);
    let bytes = 0;
    file.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    const ended = new Promise((resolve) => file.once('end', resolve));
    file.resume();
    await ended;
    expect(seen.pages).toBe(200);
    expect(bytes).toBeGreaterThan(1_000_000);
    // Each wait for the reader removed its listeners when it ended.
    expect(file.listenerCount('close')).toBeLessThan(3);
  }, 60_000);
});
