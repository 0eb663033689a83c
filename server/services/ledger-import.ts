import { createHash } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { Database } from '../../db/client';
import type { LedgerImportAnswer } from '../../domain/api/ledger';
import { firstUnwritableCharacter } from '../../domain/export-text';
import { parseDateInput, parseLedgerStatus } from '../../domain/ledger-search';
import { FILE_NAME_PROBLEMS, plainFileNameProblem } from '../../domain/shared-path';
import { HttpError } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import { existingCustomerCodes } from '../repositories/customers-repository';
import { documentIdsOfFiles, upsertLedgerDocuments } from '../repositories/documents-repository';
import {
  type LedgerLine,
  lockLedgerImports,
  upsertLedgerLines,
} from '../repositories/ledger-repository';
import { authorize, mayImportLedger } from './authorization';
import type { Caller } from './caller';
import { archiveDocuments, type DocumentArchivePorts } from './document-archive';
import { auditActorOf, type DatabasePort, type LogPort } from './ports';
import { notifyShipments, type ShipmentMailDeps } from './shipment-mails';

// The ledger import (docs/product.md §13): a CSV export of the maker's core system, upserted on
// sale_order_no + sale_order_line_no + delivery_no + delivery_line_no. Every row is checked
// before anything is written, and the whole file goes in one transaction: a file with one bad
// row writes nothing. Used by `npm run import:ledger` and POST /api/v1/spec/import-ledger.

export const LEDGER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Problems listed in one answer; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;
const ROWS_PER_STATEMENT = 2000;
const CHUNK_BYTES = 64 * 1024;
const YIELD_EVERY = 1000;
const INT_MAX = 2_147_483_647;

type ColumnKind = 'code' | 'count' | 'int' | 'money' | 'date' | 'text' | 'status' | 'fileName';

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
  invoice_file_name: { label: '請求書ファイル名', kind: 'fileName', required: false },
  shipped_file_name: { label: '出荷案内ファイル名', kind: 'fileName', required: false },
  delivery_file_name: { label: '納品書ファイル名', kind: 'fileName', required: false },
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
// biome-ignore lint/suspicious/noControlCharactersInRegex: writing control characters out is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
/** A value shown in a message with its control characters written out (\u0000), never raw. */
const escaped = (value: string) =>
  value.replace(CONTROL_CHARACTERS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

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
    case 'fileName': {
      const problem = plainFileNameProblem(raw);
      if (problem) {
        return {
          problem: `${columnTitle(column)}にはファイル名だけを書いてください（${FILE_NAME_PROBLEMS[problem]}）: "${escaped(shown(raw))}"`,
        };
      }
      return writableText(column, raw);
    }
    default:
      if (raw.length > 1000)
        return { problem: `${columnTitle(column)}が長すぎます（1000文字まで）。` };
      return writableText(column, raw);
  }
}

/**
 * A text the exports can write (domain/export-text.ts): control characters other than tab and
 * line breaks, U+FFFE, U+FFFF and half surrogate pairs are refused, named by their position in
 * the value and their code, rather than stored and then lost or breaking the .xlsx.
 */
function writableText(column: CsvColumn, raw: string): { value: string } | { problem: string } {
  const unwritable = firstUnwritableCharacter(raw);
  if (!unwritable) return { value: raw };
  return {
    problem:
      `${columnTitle(column)}の${unwritable.position}文字目に使えない文字（${unwritable.codePoint}）があります。` +
      'タブと改行以外の制御文字、U+FFFE、U+FFFF は取り込めません。',
  };
}

export interface ParsedLedgerCsv {
  lines: LedgerLine[];
  /** The file line of each parsed line (same order). */
  lineNumbers: number[];
}

/**
 * A CSV to import: its text or bytes, or a function opening it afresh. A file is opened twice, once
 * to check every row and once to write them, and is never held whole: a core export of millions
 * of lines is read in 64 KB pieces.
 */
export type LedgerCsvSource = string | Buffer | (() => AsyncIterable<Buffer | string>);

/** What a pass read: its byte count and SHA-256, so the write pass can tell a changed file. */
class Digest {
  private readonly hash = createHash('sha256');
  bytes = 0;
  update(chunk: Buffer) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }
  hex() {
    return this.hash.digest('hex');
  }
}

function openChunks(source: LedgerCsvSource): AsyncIterable<Buffer | string> | Iterable<Buffer> {
  if (typeof source === 'function') return source();
  const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
  return (function* () {
    for (let i = 0; i < bytes.length; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
  })();
}

async function* digested(source: LedgerCsvSource, digest: Digest): AsyncGenerator<Buffer> {
  for await (const chunk of openChunks(source)) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    digest.update(bytes);
    yield bytes;
  }
}

interface CsvRecord {
  record: string[];
  /** The file line the record starts on (a quoted value may span lines). */
  line: number;
}

/** Line breaks inside a value (CR LF counted once), and how many of them are CR LF. */
function breaksIn(value: string): { breaks: number; crlf: number } {
  let breaks = 0;
  let crlf = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 10) breaks++;
    else if (c === 13) {
      breaks++;
      if (value.charCodeAt(i + 1) === 10) {
        crlf++;
        i++;
      }
    }
  }
  return { breaks, crlf };
}

/**
 * The records of a CSV with the line each starts on, read by csv-parse's stream and giving the
 * event loop a turn every YIELD_EVERY records: a 20 MB file takes seconds of CPU, and other
 * requests must not wait for it. Bytes that are not UTF-8 (a Shift_JIS export, say) decode to
 * U+FFFD; the first such line is reported instead of a confusing column error.
 */
async function* csvRecords(source: LedgerCsvSource, digest: Digest): AsyncGenerator<CsvRecord> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  // pipeline, not pipe: a source that fails (a file that cannot be read) fails the parser too.
  pipeline(Readable.from(digested(source, digest)), parser, () => {});
  // csv-parse's line count (info.lines) is where a record ends, and it counts a CR LF inside a
  // quoted value as two lines.
  let drift = 0;
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      let breaks = 0;
      for (const value of record) {
        if (value.includes('\n') || value.includes('\r')) {
          const inValue = breaksIn(value);
          breaks += inValue.breaks;
          drift += inValue.crlf;
        }
      }
      const line = info.lines - drift - breaks;
      if (record.some((value) => value.includes('\uFFFD'))) {
        throw new LedgerImportError([
          {
            line,
            column: null,
            message: `${line}行目: UTF-8 ではない文字があります。CSVを UTF-8 で保存し直してください。`,
          },
        ]);
      }
      yield { record, line };
      if (++count % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = ((error as CsvError & { lines?: number }).lines ?? 1) - drift;
      throw new LedgerImportError([
        { line, column: null, message: `${line}行目: CSVとして読めません（${error.code}）。` },
      ]);
    }
    throw error;
  }
}

/** Where each column is in the file, from its header row; throws when the header is wrong. */
function readHeader(header: CsvRecord | undefined): {
  position: Map<CsvColumn, number>;
  width: number;
} {
  if (!header) {
    throw new LedgerImportError([
      { line: 1, column: null, message: '1行目: 見出し行がありません。' },
    ]);
  }
  const at = header.line;
  const problems = new ProblemList();
  const names = header.record.map((name) => name.trim());
  const position = new Map<CsvColumn, number>();
  names.forEach((name, index) => {
    if (!(COLUMN_NAMES as string[]).includes(name)) {
      problems.add(at, null, `${at}行目: 不明な列名です: "${shown(name)}"`);
    } else if (position.has(name as CsvColumn)) {
      problems.add(at, name as CsvColumn, `${at}行目: 列名が重複しています: ${name}`);
    } else {
      position.set(name as CsvColumn, index);
    }
  });
  for (const column of COLUMN_NAMES) {
    if (!position.has(column))
      problems.add(at, column, `${at}行目: 列 ${columnTitle(column)}がありません。`);
  }
  problems.throwIfAny();
  return { position, width: names.length };
}

/**
 * The good lines of a ledger CSV (UTF-8, BOM allowed, header row required, columns in any
 * order), each with its line number; every bad row goes to the problem list by line number.
 * With `keys`, a line repeating an earlier one's key is a problem too.
 */
async function* ledgerLines(
  source: LedgerCsvSource,
  problems: ProblemList,
  digest: Digest,
  keys?: Map<string, number>,
): AsyncGenerator<{ line: LedgerLine; lineNo: number }> {
  const records = csvRecords(source, digest);
  // Closed however this ends: a wrong header must not leave the file open.
  try {
    const first = await records.next();
    const { position, width } = readHeader(first.done ? undefined : first.value);
    for await (const { record, line: lineNo } of records) {
      if (record.length !== width) {
        problems.add(
          lineNo,
          null,
          `${lineNo}行目: 列の数が${record.length}です（見出しは${width}列）。`,
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
      if (keys) {
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
      }
      yield { line: parsed, lineNo };
    }
  } finally {
    await records.return(undefined);
  }
}

/**
 * Reads a whole ledger CSV into memory. Throws LedgerImportError listing each bad row by line
 * number; returns only when every row is good.
 */
export async function parseLedgerCsv(input: LedgerCsvSource): Promise<ParsedLedgerCsv> {
  const problems = new ProblemList();
  const lines: LedgerLine[] = [];
  const lineNumbers: number[] = [];
  for await (const { line, lineNo } of ledgerLines(input, problems, new Digest(), new Map())) {
    lines.push(line);
    lineNumbers.push(lineNo);
  }
  problems.throwIfAny();
  return { lines, lineNumbers };
}

export interface LedgerImportActor {
  actorUserId: number | null;
  actorMail: string | null;
  /** The request's client, for an import through the API (docs/decisions/017). */
  ipAddress?: string | null;
  userAgent?: string | null;
  /** 'api' or 'cli'. */
  source: string;
  fileName?: string;
}

/** The first line numbers of each customer code of a file, and how many lines name it. */
type LinesByCustomer = Map<number, { lines: number[]; count: number }>;

/**
 * Checks and upserts one CSV in one transaction, with its audit entry; throws LedgerImportError
 * (nothing written) listing every bad row and every line naming an unknown customer.
 *
 * Two passes over the source: the first checks every row and keeps only each line's key (for
 * repeated lines) and the customer codes; the second, inside the transaction, reads the file
 * again and writes it ROWS_PER_STATEMENT lines at a time. A file that changed in between (its
 * bytes or SHA-256 differ) is rolled back.
 */
export async function importLedgerCsv(
  db: Database,
  source: LedgerCsvSource,
  actor: LedgerImportActor,
  /**
   * Tells the customers' users of the lines the file made shipped (docs/decisions/014): their
   * mails are written to the outbox in the import's transaction. Without it nobody is told.
   */
  shipments?: ShipmentMailDeps,
  /**
   * Archives the PDFs of the shipping notices and delivery slips the file's lines name
   * (docs/decisions/030) once the lines are written. Without it the daily scan does.
   */
  archive?: DocumentArchivePorts & { log: LogPort },
): Promise<LedgerImportAnswer> {
  const problems = new ProblemList();
  // The PDFs the file names, by customer: the ones looked at once the lines are written.
  const namedFiles = new Map<number, Set<string>>();
  const checked = new Digest();
  const byCustomer: LinesByCustomer = new Map();
  let total = 0;
  for await (const { line, lineNo } of ledgerLines(source, problems, checked, new Map())) {
    total++;
    let entry = byCustomer.get(line.customer_code);
    if (!entry) {
      entry = { lines: [], count: 0 };
      byCustomer.set(line.customer_code, entry);
    }
    if (entry.lines.length < MAX_LISTED_PROBLEMS) entry.lines.push(lineNo);
    entry.count++;
    for (const name of [line.shipped_file_name, line.delivery_file_name]) {
      if (!name) continue;
      let names = namedFiles.get(line.customer_code);
      if (!names) {
        names = new Set();
        namedFiles.set(line.customer_code, names);
      }
      names.add(name);
    }
  }
  const sha256 = checked.hex();

  const answer = await db.transaction(async (tx) => {
    // Imports run one at a time, so two files writing the same lines cannot deadlock each other.
    await lockLedgerImports(tx);
    throwIfAnyProblem(problems, await unknownCustomers(tx, byCustomer));

    const written = new Digest();
    const changed = new ProblemList();
    let count = 0;
    let inserted = 0;
    let updated = 0;
    let batch: LedgerLine[] = [];
    const shipped: { id: number; customerCode: number }[] = [];
    const flush = async () => {
      const counts = await upsertLedgerLines(tx, batch);
      inserted += counts.inserted;
      updated += counts.updated;
      for (const line of counts.shipped) shipped.push(line);
      batch = [];
    };
    for await (const { line } of ledgerLines(source, changed, written)) {
      batch.push(line);
      count++;
      if (batch.length === ROWS_PER_STATEMENT) await flush();
    }
    await flush();
    const same =
      changed.problems.length === 0 &&
      count === total &&
      written.bytes === checked.bytes &&
      written.hex() === sha256;
    if (!same) {
      throw new Error(
        'the file changed while it was being imported; nothing was written — import it again',
      );
    }
    const answer = { total, inserted, updated, unchanged: total - inserted - updated };
    // The file's customers' shipping notices and delivery slips, as their lines now say.
    await upsertLedgerDocuments(tx, [...byCustomer.keys()]);
    const notified = shipments ? await notifyShipments(tx, shipments, shipped) : null;
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      actorMail: actor.actorMail,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent ?? null,
      action: 'ledger.import',
      entity: 'ledger_items',
      entityId: null,
      before: null,
      after: {
        ...answer,
        source: actor.source,
        ...(actor.fileName ? { fileName: actor.fileName } : {}),
        bytes: checked.bytes,
        sha256,
        ...(notified
          ? { shipmentNotifications: notified.notifications, shipmentMails: notified.mails }
          : {}),
      },
    });
    return answer;
  });
  // The mails were written with the lines: the outbox's worker sends them now.
  shipments?.mailer.kick();
  if (archive) await archiveNamedDocuments(archive, namedFiles);
  return answer;
}

/**
 * Archives the shipping notices and delivery slips the file's lines name. The lines are committed
 * by then, so a failure here (the object store away, say) is logged and the import still answers
 * what it wrote: the daily check (server/plugins/document-archive-check.ts) and the next download
 * archive what was missed.
 */
async function archiveNamedDocuments(
  archive: DocumentArchivePorts & { log: LogPort },
  namedFiles: ReadonlyMap<number, ReadonlySet<string>>,
): Promise<void> {
  try {
    const documentIds = await documentIdsOfFiles(archive.db, namedFiles);
    const counts = await archiveDocuments(archive, { documentIds, source: 'import' });
    archive.log.info({ archive: counts }, 'ledger import: the documents its lines name archived');
  } catch (error) {
    archive.log.warn(
      { err: error },
      'ledger import: the lines are written, but archiving their documents failed; the daily check will',
    );
  }
}

/** Every line naming a customer code that is not registered, as problems. */
async function unknownCustomers(
  db: Pick<Database, 'select'>,
  byCustomer: LinesByCustomer,
): Promise<ProblemList> {
  const problems = new ProblemList();
  const codes = [...byCustomer.keys()];
  if (codes.length === 0) return problems;
  const known = await existingCustomerCodes(db, codes);
  for (const [code, { lines, count }] of byCustomer) {
    if (known.has(code)) continue;
    for (const lineNo of lines) {
      problems.add(
        lineNo,
        'customer_code',
        `${lineNo}行目: ${columnTitle('customer_code')}が登録されていません: ${code}`,
      );
    }
    problems.more += count - lines.length;
  }
  return problems;
}

/** Throws the problems of the lists as one LedgerImportError, in line order. */
function throwIfAnyProblem(...lists: ProblemList[]): void {
  const all = lists.flatMap((list) => list.problems).sort((a, b) => a.line - b.line);
  if (all.length === 0) return;
  const more = lists.reduce((n, list) => n + list.more, 0);
  throw new LedgerImportError(
    all.slice(0, MAX_LISTED_PROBLEMS),
    more + Math.max(0, all.length - MAX_LISTED_PROBLEMS),
  );
}

/** POST /api/v1/spec/import-ledger: staff only; a bad file answers 400 naming its lines. */
export async function importLedgerAsCaller(
  deps: DatabasePort & {
    shipments?: ShipmentMailDeps;
    archive?: DocumentArchivePorts & { log: LogPort };
  },
  caller: Caller,
  csv: string,
): Promise<LedgerImportAnswer> {
  authorize(mayImportLedger(caller));
  try {
    return await importLedgerCsv(
      deps.db,
      csv,
      { ...auditActorOf(caller), source: 'api' },
      deps.shipments,
      deps.archive,
    );
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
