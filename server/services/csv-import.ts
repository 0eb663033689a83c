import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError } from './app-error';

// What the ledger and invoice imports share in reading a core-system CSV (UTF-8, BOM allowed,
// header row required, columns in any order): its records with the line each starts on, the
// header's columns, a row's values read column by column, and the problems found, listed by line.
// What a file's columns mean, and what is written, stays with each import.

/** Problems listed by name in an import's refusal; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;
/** The pieces a file in memory is read in. */
const CHUNK_BYTES = 64 * 1024;
/** Records read between two turns for other requests. */
const YIELD_EVERY = 1000;

export interface CsvImportProblem<Column extends string = string> {
  /** Line number in the file; the header is line 1. */
  line: number;
  column: Column | null;
  message: string;
}

/**
 * A file that cannot be imported; nothing of it was written. Each import throws its own kind
 * (LedgerImportError, InvoiceImportError), which its route recognises among other errors; the
 * import commands list the problems of either (scripts/import-command.ts).
 */
export class CsvImportError<Column extends string = string> extends Error {
  constructor(
    readonly problems: CsvImportProblem<Column>[],
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

/**
 * A refusal as the API answers it: 400 VALIDATION_ERROR, each listed problem a field error named
 * `lines.<line>` or `lines.<line>.<column>`.
 */
export function validationErrorOf(error: CsvImportError): AppError {
  return new AppError('invalid', 'VALIDATION_ERROR', error.message, {
    fieldErrors: error.problems.map((p) => ({
      field: p.column ? `lines.${p.line}.${p.column}` : `lines.${p.line}`,
      message: p.message,
    })),
  });
}

/** How an import makes its own refusal from the problems found. */
export type RefusalOf<Column extends string> = (
  problems: CsvImportProblem<Column>[],
  moreProblems?: number,
) => CsvImportError<Column>;

/** The problems of a file, the first MAX_LISTED_PROBLEMS by line and column, the rest counted. */
export class ProblemList<Column extends string> {
  readonly problems: CsvImportProblem<Column>[] = [];
  more = 0;
  constructor(private readonly refusal: RefusalOf<Column>) {}
  add(line: number, column: Column | null, message: string) {
    if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push({ line, column, message });
    else this.more++;
  }
  /** How many problems were found, listed or not. */
  get size() {
    return this.problems.length + this.more;
  }
  throwIfAny() {
    if (this.problems.length > 0) throw this.refusal(this.problems, this.more);
  }
}

/** Throws the problems of the lists as one refusal, in line order. */
export function throwIfAnyProblem<Column extends string>(
  refusal: RefusalOf<Column>,
  ...lists: ProblemList<Column>[]
): void {
  const all = lists.flatMap((list) => list.problems).sort((a, b) => a.line - b.line);
  if (all.length === 0) return;
  const more = lists.reduce((n, list) => n + list.more, 0);
  throw refusal(
    all.slice(0, MAX_LISTED_PROBLEMS),
    more + Math.max(0, all.length - MAX_LISTED_PROBLEMS),
  );
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: writing control characters out is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A value as a message shows it: cut at 40 characters, control characters written out (\u0000). */
export const shownValue = (value: string) =>
  (value.length > 40 ? `${value.slice(0, 40)}…` : value).replace(
    CONTROL_CHARACTERS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** A file in memory in the pieces the parser reads. */
export function* piecesOf(source: string | Buffer): Generator<Buffer> {
  const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
  for (let i = 0; i < bytes.length; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
}

export interface CsvRecord {
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
 * U+FFFD; the first such line is refused instead of a confusing column error, and so is a file
 * the parser cannot read.
 */
export async function* csvRecords<Column extends string>(
  pieces: AsyncIterable<Buffer> | Iterable<Buffer>,
  refusal: RefusalOf<Column>,
): AsyncGenerator<CsvRecord> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  // pipeline, not pipe: a source that fails (a file that cannot be read) fails the parser too.
  pipeline(Readable.from(pieces), parser, () => {});
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
        throw refusal([
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
      throw refusal([
        { line, column: null, message: `${line}行目: CSVとして読めません（${error.code}）。` },
      ]);
    }
    throw error;
  }
}

/** A file's columns as its import knows them. */
export interface CsvColumns<Column extends string> {
  names: readonly Column[];
  /** A column as messages name it: its Japanese label and its name. */
  titleOf(column: Column): string;
  /** One value read by its column's kind; a problem when it cannot be read. */
  read(column: Column, raw: string): { value: unknown } | { problem: string };
  refusal: RefusalOf<Column>;
}

export interface CsvHeader<Column extends string> {
  position: Map<Column, number>;
  width: number;
}

/** Where each column is in the file, from its header row; refuses a missing or wrong header. */
export function readHeader<Column extends string>(
  header: CsvRecord | undefined,
  columns: CsvColumns<Column>,
): CsvHeader<Column> {
  if (!header) {
    throw columns.refusal([{ line: 1, column: null, message: '1行目: 見出し行がありません。' }]);
  }
  const at = header.line;
  const problems = new ProblemList(columns.refusal);
  const names = header.record.map((name) => name.trim());
  const position = new Map<Column, number>();
  names.forEach((name, index) => {
    if (!(columns.names as readonly string[]).includes(name)) {
      problems.add(at, null, `${at}行目: 不明な列名です: "${shownValue(name)}"`);
    } else if (position.has(name as Column)) {
      problems.add(at, name as Column, `${at}行目: 列名が重複しています: ${name}`);
    } else {
      position.set(name as Column, index);
    }
  });
  for (const column of columns.names) {
    if (!position.has(column))
      problems.add(at, column, `${at}行目: 列 ${columns.titleOf(column)}がありません。`);
  }
  problems.throwIfAny();
  return { position, width: names.length };
}

/**
 * One record's values by column; null when the record is bad, its problems added to the list
 * (a wrong number of columns, or each value that cannot be read).
 */
export function readRow<Column extends string>(
  { record, line }: CsvRecord,
  header: CsvHeader<Column>,
  columns: CsvColumns<Column>,
  problems: ProblemList<Column>,
): Record<Column, unknown> | null {
  if (record.length !== header.width) {
    problems.add(
      line,
      null,
      `${line}行目: 列の数が${record.length}です（見出しは${header.width}列）。`,
    );
    return null;
  }
  const row: Partial<Record<Column, unknown>> = {};
  let good = true;
  for (const column of columns.names) {
    const result = columns.read(column, record[header.position.get(column)!]!.trim());
    if ('problem' in result) {
      problems.add(line, column, `${line}行目: ${result.problem}`);
      good = false;
    } else {
      row[column] = result.value;
    }
  }
  return good ? (row as Record<Column, unknown>) : null;
}
