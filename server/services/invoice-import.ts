import { createHash } from 'node:crypto';
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
  type CsvColumns,
  CsvImportError,
  type CsvImportProblem,
  csvRecords,
  ProblemList,
  piecesOf,
  readHeader,
  readRow,
  shownValue as shown,
  throwIfAnyProblem,
  validationErrorOf,
} from './csv-import';
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

/** The ledger import's limit too: one core-system export, checked whole before it is written. */
export const INVOICE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
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

export type InvoiceImportProblem = CsvImportProblem<CsvColumn>;

/** An invoice file that cannot be imported; nothing of it was written. */
export class InvoiceImportError extends CsvImportError<CsvColumn> {
  override name = 'InvoiceImportError';
}
const refusal = (problems: InvoiceImportProblem[], more?: number) =>
  new InvoiceImportError(problems, more);

const columnTitle = (column: CsvColumn) => `${INVOICE_CSV_COLUMNS[column].label}（${column}）`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const HAS_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const yen = (value: number) => value.toLocaleString('ja-JP');

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
function amountProblems(row: InvoiceRow, lineNo: number, problems: ProblemList<CsvColumn>): void {
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

/** The invoice file's columns, as the shared CSV reading takes them. */
const INVOICE_COLUMNS: CsvColumns<CsvColumn> = {
  names: COLUMN_NAMES,
  titleOf: columnTitle,
  read: readValue,
  refusal,
};

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
): Promise<ParsedInvoiceCsv & { problems: ProblemList<CsvColumn> }> {
  const records = csvRecords(piecesOf(source), refusal);
  // Closed however this ends: a wrong header stops the parser too.
  try {
    const first = await records.next();
    const header = readHeader(first.done ? undefined : first.value, INVOICE_COLUMNS);
    const problems = new ProblemList(refusal);
    const rows: InvoiceRow[] = [];
    const lineNumbers: number[] = [];
    const seen = new Map<string, number>();
    for await (const record of records) {
      const row = readRow(record, header, INVOICE_COLUMNS, problems);
      if (!row) continue;
      const lineNo = record.line;
      const invoice = row as unknown as InvoiceRow;
      const before = problems.size;
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
      if (problems.size > before) continue;
      rows.push(invoice);
      lineNumbers.push(lineNo);
    }
    return { rows, lineNumbers, problems };
  } finally {
    await records.return(undefined);
  }
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
    const unknown = new ProblemList(refusal);
    rows.forEach((row, i) => {
      if (known.has(row.customer_code)) return;
      const lineNo = lineNumbers[i]!;
      unknown.add(
        lineNo,
        'customer_code',
        `${lineNo}行目: ${columnTitle('customer_code')}が登録されていません: ${row.customer_code}`,
      );
    });
    throwIfAnyProblem(refusal, problems, unknown);

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
      throw validationErrorOf(error);
    }
    throw error;
  }
}
