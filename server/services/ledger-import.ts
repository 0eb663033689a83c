import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import type { LedgerImportAnswer } from '../../domain/api/ledger';
import { STAFF_CUSTOMER_CODE } from '../../domain/constants';
import { parseDateInput, parseLedgerStatus } from '../../domain/ledger-search';
import { forbidden, HttpError } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import { type LedgerLine, upsertLedgerLines } from '../repositories/ledger-repository';
import { loadCaller } from './caller';

// The ledger import (DESIGN.md §4): a CSV export of the maker's core system, upserted on
// sale_order_no + sale_order_line_no + delivery_no + delivery_line_no. Every row is checked
// before anything is written, and the whole file goes in one transaction: a file with one bad
// row writes nothing. Used by `npm run import:ledger` and POST /api/v1/spec/import-ledger.

export const LEDGER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Problems listed in one answer; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;
const ROWS_PER_STATEMENT = 2000;
const CHUNK_BYTES = 64 * 1024;
const YIELD_EVERY = 1000;
// Serialises imports, so two files writing the same lines cannot deadlock each other.
const IMPORT_LOCK_KEY = 7_310_005;
const INT_MAX = 2_147_483_647;

type ColumnKind = 'code' | 'count' | 'int' | 'money' | 'date' | 'text' | 'status';

/** The CSV columns (header names) with their Japanese label and how a value is read. */
export const LEDGER_CSV_COLUMNS = {
  customer_code: { label: '取引先コード', kind: 'code', required: true },
  status: { label: 'ステータス', kind: 'status', required: true },
  sale_order_no: { label: '受注番号', kind: 'text', required: true },
  sale_order_line_no: { label: '受注明細番号', kind: 'count', required: true },
  delivery_no: { label: '出荷番号', kind: 'text', required: false },
  delivery_line_no: { label: '出荷明細番号', kind: 'count', required: false },
  sale_order_date: { label: '受注日', kind: 'date', required: true },
  shipped_date: { label: '出荷日', kind: 'date', required: false },
  expected_delivery_date: { label: '納品予定日', kind: 'date', required: false },
  delivery_request: { label: '納品希望', kind: 'text', required: false },
  property_name: { label: '物件名', kind: 'text', required: false },
  item_name: { label: '品番', kind: 'text', required: true },
  model_name: { label: '型式', kind: 'text', required: false },
  quantity: { label: '数量', kind: 'int', required: true },
  unit_price: { label: '単価', kind: 'money', required: true },
  amount: { label: '金額', kind: 'money', required: true },
  destination_name1: { label: '届け先名1', kind: 'text', required: false },
  destination_name2: { label: '届け先名2', kind: 'text', required: false },
  destination_address: { label: '届け先住所', kind: 'text', required: false },
  contact_person: { label: '担当者', kind: 'text', required: false },
  transportation: { label: '運送会社', kind: 'text', required: false },
  shipping_label_number: { label: '送り状番号', kind: 'text', required: false },
  invoice_file_name: { label: '請求書ファイル名', kind: 'text', required: false },
  shipped_file_name: { label: '出荷案内ファイル名', kind: 'text', required: false },
  delivery_file_name: { label: '納品書ファイル名', kind: 'text', required: false },
} as const satisfies Record<
  keyof LedgerLine,
  { label: string; kind: ColumnKind; required: boolean }
>;
type CsvColumn = keyof typeof LEDGER_CSV_COLUMNS;
const COLUMN_NAMES = Object.keys(LEDGER_CSV_COLUMNS) as CsvColumn[];

export interface LedgerImportProblem {
  /** Line number in the file; the header is line 1. */
  line: number;
  column: CsvColumn | null;
  message: string;
}

/** A file that cannot be imported; nothing of it was written. */
export class LedgerImportError extends Error {
  override name = 'LedgerImportError';
  constructor(
    readonly problems: LedgerImportProblem[],
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

const columnTitle = (column: CsvColumn) => `${LEDGER_CSV_COLUMNS[column].label}（${column}）`;
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

class ProblemList {
  readonly problems: LedgerImportProblem[] = [];
  more = 0;
  add(line: number, column: CsvColumn | null, message: string) {
    if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push({ line, column, message });
    else this.more++;
  }
  throwIfAny() {
    if (this.problems.length > 0) throw new LedgerImportError(this.problems, this.more);
  }
}

/** One value read by its column's kind; a string problem when it cannot be read. */
function readValue(column: CsvColumn, raw: string): { value: unknown } | { problem: string } {
  const spec = LEDGER_CSV_COLUMNS[column];
  if (raw === '') {
    if (spec.required) return { problem: `${columnTitle(column)}が空です。` };
    if (spec.kind === 'date' || column === 'delivery_request') return { value: null };
    return { value: spec.kind === 'count' ? 0 : '' };
  }
  switch (spec.kind) {
    case 'code':
    case 'count':
    case 'int':
    case 'money': {
      const signed = spec.kind === 'int' || spec.kind === 'money';
      if (!(signed ? /^-?\d+$/ : /^\d+$/).test(raw)) {
        return { problem: `${columnTitle(column)}が整数ではありません: "${shown(raw)}"` };
      }
      const value = Number(raw);
      const limit = spec.kind === 'money' ? Number.MAX_SAFE_INTEGER : INT_MAX;
      if (Math.abs(value) > limit || (spec.kind === 'code' && value < 1)) {
        return { problem: `${columnTitle(column)}が範囲外です: "${shown(raw)}"` };
      }
      return { value };
    }
    case 'date': {
      const date = parseDateInput(raw);
      if (!date) {
        return {
          problem: `${columnTitle(column)}が日付（YYYY-MM-DD）ではありません: "${shown(raw)}"`,
        };
      }
      return { value: date };
    }
    case 'status': {
      const status = parseLedgerStatus(raw);
      if (!status) {
        return {
          problem: `${columnTitle(column)}は「出荷済」か「受注残」です: "${shown(raw)}"`,
        };
      }
      return { value: status };
    }
    default:
      if (raw.length > 1000)
        return { problem: `${columnTitle(column)}が長すぎます（1000文字まで）。` };
      return { value: raw };
  }
}

export interface ParsedLedgerCsv {
  lines: LedgerLine[];
  /** The file line of each parsed line (same order). */
  lineNumbers: number[];
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * The records of a CSV text with the line each ends on, read by csv-parse's stream in 64 KB
 * pieces and giving the event loop a turn every YIELD_EVERY records: a 20 MB file takes seconds
 * of CPU, and other requests must not wait for it.
 */
async function* csvRecords(input: string | Buffer): AsyncGenerator<CsvRecord> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const pieces = function* () {
    for (let i = 0; i < bytes.length; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
  };
  const parser = Readable.from(pieces()).pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
  );
  let count = 0;
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) {
      yield record;
      if (++count % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new LedgerImportError([
        { line, column: null, message: `${line}行目: CSVとして読めません（${error.code}）。` },
      ]);
    }
    throw error;
  }
}

/**
 * The text of a file that must be UTF-8. Bytes that are not (a Shift_JIS export, say) decode to
 * U+FFFD; the first one is reported with its line instead of a confusing column error.
 */
function assertUtf8(input: string | Buffer): string {
  const text = typeof input === 'string' ? input : input.toString('utf8');
  const bad = text.indexOf('\uFFFD');
  if (bad >= 0) {
    const line = text.slice(0, bad).split('\n').length;
    throw new LedgerImportError([
      {
        line,
        column: null,
        message: `${line}行目: UTF-8 ではない文字があります。CSVを UTF-8 で保存し直してください。`,
      },
    ]);
  }
  return text;
}

/**
 * Reads a ledger CSV (UTF-8, BOM allowed, header row required, columns in any order). Throws
 * LedgerImportError listing each bad row by line number; returns only when every row is good.
 */
export async function parseLedgerCsv(input: string | Buffer): Promise<ParsedLedgerCsv> {
  const records = csvRecords(assertUtf8(input));
  const first = await records.next();
  const problems = new ProblemList();
  if (first.done) {
    throw new LedgerImportError([
      { line: 1, column: null, message: '1行目: 見出し行がありません。' },
    ]);
  }
  const headerNames = first.value.record.map((name) => name.trim());
  const position = new Map<string, number>();
  headerNames.forEach((name, index) => {
    if (!(COLUMN_NAMES as string[]).includes(name)) {
      problems.add(1, null, `1行目: 不明な列名です: "${shown(name)}"`);
    } else if (position.has(name)) {
      problems.add(1, name as CsvColumn, `1行目: 列名が重複しています: ${name}`);
    } else {
      position.set(name, index);
    }
  });
  for (const column of COLUMN_NAMES) {
    if (!position.has(column))
      problems.add(1, column, `1行目: 列 ${columnTitle(column)}がありません。`);
  }
  problems.throwIfAny();

  const lines: LedgerLine[] = [];
  const lineNumbers: number[] = [];
  const keys = new Map<string, number>();
  for await (const { record, info } of records) {
    const lineNo = info.lines;
    if (record.length !== headerNames.length) {
      problems.add(
        lineNo,
        null,
        `${lineNo}行目: 列の数が${record.length}です（見出しは${headerNames.length}列）。`,
      );
      continue;
    }
    const line: Record<string, unknown> = {};
    let good = true;
    for (const column of COLUMN_NAMES) {
      const result = readValue(column, record[position.get(column)!]!.trim());
      if ('problem' in result) {
        problems.add(lineNo, column, `${lineNo}行目: ${result.problem}`);
        good = false;
      } else {
        line[column] = result.value;
      }
    }
    if (!good) continue;
    const parsed = line as unknown as LedgerLine;
    const key = JSON.stringify([
      parsed.sale_order_no,
      parsed.sale_order_line_no,
      parsed.delivery_no,
      parsed.delivery_line_no,
    ]);
    const earlier = keys.get(key);
    if (earlier !== undefined) {
      problems.add(
        lineNo,
        null,
        `${lineNo}行目: ${earlier}行目と同じ明細（受注番号・受注明細番号・出荷番号・出荷明細番号）です。`,
      );
      continue;
    }
    keys.set(key, lineNo);
    lines.push(parsed);
    lineNumbers.push(lineNo);
  }
  problems.throwIfAny();
  return { lines, lineNumbers };
}

export interface LedgerImportActor {
  actorUserId: number | null;
  actorMail: string | null;
  /** 'api' or 'cli'. */
  source: string;
  fileName?: string;
}

/**
 * Checks and upserts one CSV file in one transaction, with its audit entry; throws
 * LedgerImportError (nothing written) when a row is bad or names an unknown customer.
 */
export async function importLedgerCsv(
  db: Database,
  text: string | Buffer,
  actor: LedgerImportActor,
): Promise<LedgerImportAnswer> {
  const { lines, lineNumbers } = await parseLedgerCsv(text);
  // Key order, so that concurrent writers of the same lines take their locks in one order.
  const order = lines.map((_, i) => i);
  const keyOf = (l: LedgerLine) =>
    [
      l.sale_order_no,
      String(l.sale_order_line_no).padStart(10, '0'),
      l.delivery_no,
      String(l.delivery_line_no).padStart(10, '0'),
    ].join('\u0000');
  order.sort((a, b) => (keyOf(lines[a]!) < keyOf(lines[b]!) ? -1 : 1));

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    await assertCustomersExist(tx as unknown as Database, lines, lineNumbers);
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < order.length; i += ROWS_PER_STATEMENT) {
      const batch = order.slice(i, i + ROWS_PER_STATEMENT).map((index) => lines[index]!);
      const counts = await upsertLedgerLines(tx, batch);
      inserted += counts.inserted;
      updated += counts.updated;
    }
    const answer = {
      total: lines.length,
      inserted,
      updated,
      unchanged: lines.length - inserted - updated,
    };
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      actorMail: actor.actorMail,
      action: 'ledger.import',
      entity: 'ledger_items',
      entityId: null,
      before: null,
      after: {
        ...answer,
        source: actor.source,
        ...(actor.fileName ? { fileName: actor.fileName } : {}),
        bytes: Buffer.byteLength(text),
        sha256: createHash('sha256').update(text).digest('hex'),
      },
    });
    return answer;
  });
}

async function assertCustomersExist(
  db: Database,
  lines: readonly LedgerLine[],
  lineNumbers: readonly number[],
): Promise<void> {
  const codes = [...new Set(lines.map((l) => l.customer_code))];
  if (codes.length === 0) return;
  const known = new Set(
    (
      await db
        .select({ code: customers.customer_code })
        .from(customers)
        .where(inArray(customers.customer_code, codes))
    ).map((r) => r.code),
  );
  const problems = new ProblemList();
  lines.forEach((line, i) => {
    if (!known.has(line.customer_code)) {
      const lineNo = lineNumbers[i]!;
      problems.add(
        lineNo,
        'customer_code',
        `${lineNo}行目: ${columnTitle('customer_code')}が登録されていません: ${line.customer_code}`,
      );
    }
  });
  problems.throwIfAny();
}

/** POST /api/v1/spec/import-ledger: staff only; a bad file answers 400 naming its lines. */
export async function importLedgerFromRequest(
  db: Database,
  request: FastifyRequest,
  csv: string,
): Promise<LedgerImportAnswer> {
  const caller = await loadCaller(db, request);
  if (!caller.isStaff) throw forbidden();
  const actorRow =
    caller.rows.find((r) => r.customerCode === STAFF_CUSTOMER_CODE) ?? caller.rows[0]!;
  try {
    return await importLedgerCsv(db, csv, {
      actorUserId: actorRow.userId,
      actorMail: actorRow.mail,
      source: 'api',
    });
  } catch (error) {
    if (error instanceof LedgerImportError) {
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
