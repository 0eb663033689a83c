import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import type { LedgerImportAnswer } from '../../domain/api/ledger';
import { firstUnwritableCharacter } from '../../domain/export-text';
import { parseDateInput, parseLedgerStatus } from '../../domain/ledger-search';
import { FILE_NAME_PROBLEMS, plainFileNameProblem } from '../../domain/shared-path';
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
import {
  type CsvColumns,
  CsvImportError,
  type CsvImportProblem,
  csvRecords,
  MAX_LISTED_PROBLEMS,
  ProblemList,
  piecesOf,
  readHeader,
  readRow,
  shownValue as shown,
  throwIfAnyProblem,
  validationErrorOf,
} from './csv-import';
import { archiveDocuments, type DocumentArchivePorts } from './document-archive';
import { auditActorOf, type DatabasePort, type LogPort } from './ports';
import { notifyShipments, type ShipmentMailDeps } from './shipment-mails';

// The ledger import (docs/product.md §13): a CSV export of the maker's core system, upserted on
// sale_order_no + sale_order_line_no + delivery_no + delivery_line_no. Every row is checked
// before anything is written, and the whole file goes in one transaction: a file with one bad
// row writes nothing. Used by `npm run import:ledger` and POST /api/v1/spec/import-ledger.

export const LEDGER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const ROWS_PER_STATEMENT = 2000;
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

export type LedgerImportProblem = CsvImportProblem<CsvColumn>;

/** A ledger file that cannot be imported; nothing of it was written. */
export class LedgerImportError extends CsvImportError<CsvColumn> {
  override name = 'LedgerImportError';
}
const refusal = (problems: LedgerImportProblem[], more?: number) =>
  new LedgerImportError(problems, more);

const columnTitle = (column: CsvColumn) => `${LEDGER_CSV_COLUMNS[column].label}（${column}）`;

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
          problem: `${columnTitle(column)}にはファイル名だけを書いてください（${FILE_NAME_PROBLEMS[problem]}）: "${shown(raw)}"`,
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

/** The ledger file's columns, as the shared CSV reading takes them. */
const LEDGER_COLUMNS: CsvColumns<CsvColumn> = {
  names: COLUMN_NAMES,
  titleOf: columnTitle,
  read: readValue,
  refusal,
};

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
  return typeof source === 'function' ? source() : piecesOf(source);
}

async function* digested(source: LedgerCsvSource, digest: Digest): AsyncGenerator<Buffer> {
  for await (const chunk of openChunks(source)) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    digest.update(bytes);
    yield bytes;
  }
}

/**
 * The good lines of a ledger CSV (UTF-8, BOM allowed, header row required, columns in any
 * order), each with its line number; every bad row goes to the problem list by line number.
 * With `keys`, a line repeating an earlier one's key is a problem too.
 */
async function* ledgerLines(
  source: LedgerCsvSource,
  problems: ProblemList<CsvColumn>,
  digest: Digest,
  keys?: Map<string, number>,
): AsyncGenerator<{ line: LedgerLine; lineNo: number }> {
  const records = csvRecords(digested(source, digest), refusal);
  // Closed however this ends: a wrong header must not leave the file open.
  try {
    const first = await records.next();
    const header = readHeader(first.done ? undefined : first.value, LEDGER_COLUMNS);
    for await (const record of records) {
      const values = readRow(record, header, LEDGER_COLUMNS, problems);
      if (!values) continue;
      const lineNo = record.line;
      const parsed = values as unknown as LedgerLine;
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
  const problems = new ProblemList(refusal);
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
  const problems = new ProblemList(refusal);
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
    throwIfAnyProblem(refusal, problems, await unknownCustomers(tx, byCustomer));

    const written = new Digest();
    const changed = new ProblemList(refusal);
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
): Promise<ProblemList<CsvColumn>> {
  const problems = new ProblemList(refusal);
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
      throw validationErrorOf(error);
    }
    throw error;
  }
}
