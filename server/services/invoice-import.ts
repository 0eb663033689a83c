import { createHash } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { Database } from '../../db/client';
import type { InvoiceImportAnswer } from '../../domain/api/invoices';
import {
  INVOICE_TAX_RATES,
  type InvoiceTaxRate,
  isAllowedTax,
  MAX_INVOICE_AMOUNT,
} from '../../domain/invoice-amounts';
import { parseDateInput } from '../../domain/ledger-search';
import { registrationNumberProblem } from '../../domain/registration-number';
import { FILE_NAME_PROBLEMS, plainFileNameProblem } from '../../domain/shared-path';
import { HttpError } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import { existingCustomerCodes } from '../repositories/customers-repository';
import { upsertInvoiceDocuments } from '../repositories/documents-repository';
import {
  type InvoiceRow,
  lockInvoiceImports,
  upsertInvoices,
} from '../repositories/invoices-repository';
import { authorize, mayImportInvoices } from './authorization';
import type { Caller } from './caller';
import {
  type ArchiveCounts,
  archiveDocuments,
  type DocumentArchivePorts,
} from './document-archive';
import { auditActorOf } from './ports';

// The invoice register's import (docs/decisions/027): the core system's invoices (請求書) as CSV,
// upserted on invoice_no. Every row is checked before anything is written, and the file goes in
// one transaction: a file with one bad row writes nothing. An amount is stored as the customer
// was sent it: a tax that is not its base × rate rounded down, up or to the nearest yen is
// refused, never corrected. Used by `npm run import:invoices` and
// POST /api/v1/spec/import-invoices.

/** The ledger import's limit: one core-system export, checked whole before it is written. */
export const INVOICE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Problems listed in one answer; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;
const ROWS_PER_STATEMENT = 2000;
const INT_MAX = 2_147_483_647;
const MAX_NUMBER_LENGTH = 50;

type ColumnKind =
  | 'number'
  | 'code'
  | 'date'
  | 'amount'
  | 'registration'
  | 'fileName'
  | 'deliveries';

/** The CSV columns (header names) with their Japanese label and how a value is read. */
export const INVOICE_CSV_COLUMNS = {
  invoice_no: { label: '請求書番号', kind: 'number', required: true },
  customer_code: { label: '取引先コード', kind: 'code', required: true },
  invoice_date: { label: '取引年月日', kind: 'date', required: true },
  closing_date: { label: '締日', kind: 'date', required: false },
  amount_excl_tax_10: { label: '10%対象額（税抜）', kind: 'amount', required: true },
  tax_10: { label: '10%消費税額', kind: 'amount', required: true },
  amount_excl_tax_8: { label: '8%対象額（税抜）', kind: 'amount', required: true },
  tax_8: { label: '8%消費税額', kind: 'amount', required: true },
  total_amount: { label: '請求金額（税込）', kind: 'amount', required: true },
  registration_no: { label: '登録番号', kind: 'registration', required: true },
  file_name: { label: 'ファイル名', kind: 'fileName', required: true },
  delivery_nos: { label: '出荷番号', kind: 'deliveries', required: false },
} as const satisfies Record<
  keyof InvoiceRow,
  { label: string; kind: ColumnKind; required: boolean }
>;
type CsvColumn = keyof typeof INVOICE_CSV_COLUMNS;
const COLUMN_NAMES = Object.keys(INVOICE_CSV_COLUMNS) as CsvColumn[];

const TAX_COLUMNS: Record<InvoiceTaxRate, { base: CsvColumn; tax: CsvColumn }> = {
  10: { base: 'amount_excl_tax_10', tax: 'tax_10' },
  8: { base: 'amount_excl_tax_8', tax: 'tax_8' },
};

export interface InvoiceImportProblem {
  /** Line number in the file; the header is line 1. */
  line: number;
  column: CsvColumn | null;
  message: string;
}

/** A file that cannot be imported; nothing of it was written. */
export class InvoiceImportError extends Error {
  override name = 'InvoiceImportError';
  constructor(
    readonly problems: InvoiceImportProblem[],
    /** Problems found beyond the listed ones. */
    readonly moreProblems = 0,
  ) {
    const first = problems[0];
    const more = problems.length - 1 + moreProblems;
    super(
      `CSVに誤りがあるため、何も取り込んでいません。${first?.message ?? ''}${more > 0 ? `（ほか${more}件）` : ''}`,
    );
  }
}

const columnTitle = (column: CsvColumn) => `${INVOICE_CSV_COLUMNS[column].label}（${column}）`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: writing control characters out is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const HAS_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** A value as a message shows it: cut at 40 characters, control characters written out (\u0000). */
const shown = (value: string) =>
  (value.length > 40 ? `${value.slice(0, 40)}…` : value).replace(
    CONTROL_CHARACTERS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
const yen = (value: number) => value.toLocaleString('ja-JP');

class ProblemList {
  readonly problems: InvoiceImportProblem[] = [];
  more = 0;
  add(line: number, column: CsvColumn | null, message: string) {
    if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push({ line, column, message });
    else this.more++;
  }
  throwIfAny() {
    if (this.problems.length > 0) throw new InvoiceImportError(this.problems, this.more);
  }
}

/** A document or delivery number: printable, no control characters, at most 50 characters. */
function numberProblem(value: string): string | null {
  if (value.length > MAX_NUMBER_LENGTH) return `${MAX_NUMBER_LENGTH}文字までです`;
  if (HAS_CONTROL_CHARACTER.test(value)) return '改行・タブなどの制御文字は使えません';
  return null;
}

/** One value read by its column's kind; a problem (the message without its line) when it cannot. */
function readValue(column: CsvColumn, raw: string): { value: unknown } | { problem: string } {
  const spec = INVOICE_CSV_COLUMNS[column];
  const title = columnTitle(column);
  if (raw === '') {
    if (spec.required) return { problem: `${title}が空です。` };
    return { value: spec.kind === 'deliveries' ? [] : null };
  }
  switch (spec.kind) {
    case 'number': {
      const problem = numberProblem(raw);
      return problem ? { problem: `${title}は${problem}: "${shown(raw)}"` } : { value: raw };
    }
    case 'code': {
      if (!/^\d+$/.test(raw)) return { problem: `${title}が整数ではありません: "${shown(raw)}"` };
      const value = Number(raw);
      if (value < 1 || value > INT_MAX) return { problem: `${title}が範囲外です: "${shown(raw)}"` };
      return { value };
    }
    case 'amount': {
      if (!/^-?\d+$/.test(raw)) {
        return { problem: `${title}が円単位の整数ではありません: "${shown(raw)}"` };
      }
      const value = Number(raw);
      if (Math.abs(value) > MAX_INVOICE_AMOUNT) {
        return { problem: `${title}が範囲外です: "${shown(raw)}"` };
      }
      return { value };
    }
    case 'date': {
      const date = parseDateInput(raw);
      if (!date) {
        return { problem: `${title}が日付（YYYY-MM-DD）ではありません: "${shown(raw)}"` };
      }
      return { value: date };
    }
    case 'registration': {
      const problem = registrationNumberProblem(raw);
      if (problem === 'format') {
        return { problem: `${title}は「T」と13桁の数字です: "${shown(raw)}"` };
      }
      if (problem === 'check-digit') {
        return { problem: `${title}のチェックデジット（Tの次の1桁）が合いません: "${shown(raw)}"` };
      }
      return { value: raw };
    }
    case 'fileName': {
      const problem = plainFileNameProblem(raw);
      if (problem) {
        return {
          problem: `${title}にはファイル名だけを書いてください（${FILE_NAME_PROBLEMS[problem]}）: "${shown(raw)}"`,
        };
      }
      return { value: raw };
    }
    case 'deliveries': {
      const numbers = raw.split('|').map((n) => n.trim());
      for (const number of numbers) {
        if (number === '') {
          return { problem: `${title}に空の番号があります（「|」で区切ります）: "${shown(raw)}"` };
        }
        const problem = numberProblem(number);
        if (problem) return { problem: `${title}の各番号は${problem}: "${shown(number)}"` };
      }
      if (new Set(numbers).size !== numbers.length) {
        return { problem: `${title}に同じ番号が重複しています: "${shown(raw)}"` };
      }
      return { value: numbers };
    }
  }
}

/** The figures of one read invoice that must agree: each tax with its base, the total with all. */
function amountProblems(row: InvoiceRow, lineNo: number, problems: ProblemList): void {
  for (const rate of INVOICE_TAX_RATES) {
    const { base, tax } = TAX_COLUMNS[rate];
    const baseValue = row[base] as number;
    const taxValue = row[tax] as number;
    if (!isAllowedTax(baseValue, taxValue, rate)) {
      problems.add(
        lineNo,
        tax,
        `${lineNo}行目: ${columnTitle(tax)}が${columnTitle(base)} ${yen(baseValue)}円の${rate}%（切り捨て・切り上げ・四捨五入のいずれか）ではありません: ${yen(taxValue)}`,
      );
    }
  }
  const sum = row.amount_excl_tax_10 + row.tax_10 + row.amount_excl_tax_8 + row.tax_8;
  if (row.total_amount !== sum) {
    problems.add(
      lineNo,
      'total_amount',
      `${lineNo}行目: ${columnTitle('total_amount')}が対象額と消費税額の合計 ${yen(sum)}円と合いません: ${yen(row.total_amount)}`,
    );
  }
}

/** Line breaks inside a value: the record starts that many lines before csv-parse's count. */
const breaksIn = (value: string) => (value.match(/\r\n|\r|\n/g) ?? []).length;

const CHUNK_BYTES = 64 * 1024;
const YIELD_EVERY = 1000;
/** A turn for other requests: a 20 MB file takes seconds of CPU to read and check. */
const otherRequestsTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The records of a CSV with the line each starts on, read by csv-parse's stream in 64 KB pieces
 * and giving the event loop a turn every YIELD_EVERY records.
 */
async function csvRecords(text: string): Promise<{ record: string[]; line: number }[]> {
  if (text.includes('\uFFFD')) {
    const line = text.slice(0, text.indexOf('\uFFFD')).split('\n').length;
    throw new InvoiceImportError([
      {
        line,
        column: null,
        message: `${line}行目: UTF-8 ではない文字があります。CSVを UTF-8 で保存し直してください。`,
      },
    ]);
  }
  const bytes = Buffer.from(text, 'utf8');
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += CHUNK_BYTES)
          yield bytes.subarray(i, i + CHUNK_BYTES);
      })(),
    ),
    parser,
    () => {},
  );
  const records: { record: string[]; line: number }[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      records.push({
        record,
        line: info.lines - record.reduce((n, value) => n + breaksIn(value), 0),
      });
      if (records.length % YIELD_EVERY === 0) await otherRequestsTurn();
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new InvoiceImportError([
        { line, column: null, message: `${line}行目: CSVとして読めません（${error.code}）。` },
      ]);
    }
    throw error;
  }
  return records;
}

/** Where each column is in the file, from its header row; throws when the header is wrong. */
function readHeader(
  header: { record: string[]; line: number } | undefined,
): Map<CsvColumn, number> {
  if (!header) {
    throw new InvoiceImportError([
      { line: 1, column: null, message: '1行目: 見出し行がありません。' },
    ]);
  }
  const at = header.line;
  const problems = new ProblemList();
  const position = new Map<CsvColumn, number>();
  header.record.forEach((raw, index) => {
    const name = raw.trim();
    if (!(COLUMN_NAMES as string[]).includes(name)) {
      problems.add(at, null, `${at}行目: 不明な列名です: "${shown(name)}"`);
    } else if (position.has(name as CsvColumn)) {
      problems.add(at, name as CsvColumn, `${at}行目: 列名が重複しています: ${name}`);
    } else {
      position.set(name as CsvColumn, index);
    }
  });
  for (const column of COLUMN_NAMES) {
    if (!position.has(column)) {
      problems.add(at, column, `${at}行目: 列 ${columnTitle(column)}がありません。`);
    }
  }
  problems.throwIfAny();
  return position;
}

interface ParsedInvoiceCsv {
  rows: InvoiceRow[];
  /** The file line of each row (same order). */
  lineNumbers: number[];
}

/**
 * The good rows of an invoice CSV (UTF-8, BOM allowed, header row required, columns in any order)
 * and the problems of the bad ones by line and column; a wrong header throws.
 */
async function readInvoiceCsv(
  source: string | Buffer,
): Promise<ParsedInvoiceCsv & { problems: ProblemList }> {
  const text = typeof source === 'string' ? source : source.toString('utf8');
  const [header, ...records] = await csvRecords(text);
  const position = readHeader(header);
  const width = header!.record.length;
  const problems = new ProblemList();
  const rows: InvoiceRow[] = [];
  const lineNumbers: number[] = [];
  const seen = new Map<string, number>();
  let count = 0;
  for (const { record, line: lineNo } of records) {
    if (++count % YIELD_EVERY === 0) await otherRequestsTurn();
    if (record.length !== width) {
      problems.add(
        lineNo,
        null,
        `${lineNo}行目: 列の数が${record.length}です（見出しは${width}列）。`,
      );
      continue;
    }
    const row: Record<string, unknown> = {};
    let good = true;
    for (const column of COLUMN_NAMES) {
      const result = readValue(column, record[position.get(column)!]!.trim());
      if ('problem' in result) {
        problems.add(lineNo, column, `${lineNo}行目: ${result.problem}`);
        good = false;
      } else {
        row[column] = result.value;
      }
    }
    if (!good) continue;
    const invoice = row as unknown as InvoiceRow;
    const before = problems.problems.length + problems.more;
    amountProblems(invoice, lineNo, problems);
    const earlier = seen.get(invoice.invoice_no);
    if (earlier !== undefined) {
      problems.add(
        lineNo,
        'invoice_no',
        `${lineNo}行目: ${columnTitle('invoice_no')}が${earlier}行目と同じです: "${shown(invoice.invoice_no)}"`,
      );
    } else {
      seen.set(invoice.invoice_no, lineNo);
    }
    if (problems.problems.length + problems.more > before) continue;
    rows.push(invoice);
    lineNumbers.push(lineNo);
  }
  return { rows, lineNumbers, problems };
}

export interface InvoiceImportActor {
  actorUserId: number | null;
  actorMail: string | null;
  /** The request's client, for an import through the API (docs/decisions/017). */
  ipAddress?: string | null;
  userAgent?: string | null;
  /** 'api' or 'cli'. */
  source: string;
  fileName?: string;
}

/**
 * Imports one invoice CSV (importInvoiceRegister), then archives the PDFs of its invoices: a
 * first version for a new invoice, a re-issue for a file that changed (docs/decisions/030). The
 * register is written whatever the archive finds; a PDF not in the Spec folder yet is archived by
 * the daily scan once it is.
 */
export async function importInvoiceCsv(
  ports: DocumentArchivePorts,
  source: string | Buffer,
  actor: InvoiceImportActor,
): Promise<InvoiceImportAnswer & { archive: ArchiveCounts }> {
  const { documentIds, ...answer } = await importInvoiceRegister(ports.db, source, actor);
  const archive = await archiveDocuments(ports, { documentIds, source: 'import' });
  return { ...answer, archive };
}

/**
 * Checks and upserts one invoice CSV in one transaction, with its audit entry and the invoices'
 * documents; throws InvoiceImportError (nothing written) listing every bad row and every row
 * naming an unknown customer. Answers the counts and the documents of the file's invoices.
 */
export async function importInvoiceRegister(
  db: Database,
  source: string | Buffer,
  actor: InvoiceImportActor,
): Promise<InvoiceImportAnswer & { documentIds: number[] }> {
  const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
  const { rows, lineNumbers, problems } = await readInvoiceCsv(bytes);
  return db.transaction(async (tx) => {
    // Imports run one at a time, so two files writing the same invoices cannot deadlock.
    await lockInvoiceImports(tx);
    // Bad rows and rows of unknown customers are listed together, in line order.
    const known = await existingCustomerCodes(tx, [...new Set(rows.map((r) => r.customer_code))]);
    const unknown = new ProblemList();
    rows.forEach((row, i) => {
      if (known.has(row.customer_code)) return;
      const lineNo = lineNumbers[i]!;
      unknown.add(
        lineNo,
        'customer_code',
        `${lineNo}行目: ${columnTitle('customer_code')}が登録されていません: ${row.customer_code}`,
      );
    });
    throwIfAnyProblem(problems, unknown);

    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const counts = await upsertInvoices(tx, rows.slice(i, i + ROWS_PER_STATEMENT));
      inserted += counts.inserted;
      updated += counts.updated;
    }
    const documentIds: number[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const slice = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => r.invoice_no);
      documentIds.push(...(await upsertInvoiceDocuments(tx, slice)));
    }
    const answer = {
      total: rows.length,
      inserted,
      updated,
      unchanged: rows.length - inserted - updated,
    };
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      actorMail: actor.actorMail,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent ?? null,
      action: 'invoice.import',
      entity: 'invoices',
      entityId: null,
      before: null,
      after: {
        ...answer,
        source: actor.source,
        ...(actor.fileName ? { fileName: actor.fileName } : {}),
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    });
    return { ...answer, documentIds };
  });
}

/** Throws the problems of the lists as one InvoiceImportError, in line order. */
function throwIfAnyProblem(...lists: ProblemList[]): void {
  const all = lists.flatMap((list) => list.problems).sort((a, b) => a.line - b.line);
  if (all.length === 0) return;
  const more = lists.reduce((n, list) => n + list.more, 0);
  throw new InvoiceImportError(
    all.slice(0, MAX_LISTED_PROBLEMS),
    more + Math.max(0, all.length - MAX_LISTED_PROBLEMS),
  );
}

/** POST /api/v1/spec/import-invoices: staff only; a bad file answers 400 naming its lines. */
export async function importInvoicesAsCaller(
  deps: DocumentArchivePorts,
  caller: Caller,
  csv: string,
): Promise<InvoiceImportAnswer> {
  authorize(mayImportInvoices(caller));
  try {
    const { total, inserted, updated, unchanged } = await importInvoiceCsv(deps, csv, {
      ...auditActorOf(caller),
      source: 'api',
    });
    return { total, inserted, updated, unchanged };
  } catch (error) {
    if (error instanceof InvoiceImportError) {
      throw new HttpError(400, 'VALIDATION_ERROR', error.message, {
        fieldErrors: error.problems.map((p) => ({
          field: p.column ? `lines.${p.line}.${p.column}` : `lines.${p.line}`,
          message: p.message,
        })),
      });
    }
    throw error;
  }
}
