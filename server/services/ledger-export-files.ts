import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { LedgerItem } from '../../domain/api/ledger';
import type { CarrierTrackingTable } from '../../domain/carrier-tracking';
import { exportableText } from '../../domain/export-text';
import {
  CSV_BOM,
  csvCellsOf,
  csvRecord,
  LEDGER_EXPORT_COLUMNS,
  type LedgerExportColumn,
} from '../../domain/ledger-export';

// The two file formats of an order export (docs/decisions/012). Both take the search's
// lines a page at a time and write as they go: the file is never whole in memory.

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const NUMBER_FORMAT = '#,##0';
export const DATE_FORMAT = 'yyyy/mm/dd';

/** A date cell's value: the calendar day at 00:00 UTC, which Excel stores as that day's serial. */
const dateCell = (iso: string) => new Date(`${iso}T00:00:00Z`);

function xlsxCellOf(column: LedgerExportColumn, line: LedgerItem, tracking: CarrierTrackingTable) {
  const value = column.value(line, tracking);
  if (value === null || value === '') return null;
  if (column.kind === 'date' && typeof value === 'string') return dateCell(value);
  // The sheet is XML 1.0: a character it cannot write would make the file unreadable, and exceljs
  // drops the C0 controls without a trace; both are shown as 「�」 (domain/export-text.ts).
  if (typeof value === 'string') return exportableText(value);
  return value;
}

// One style object per kind, given to every cell of the kind: exceljs finds a style object it has
// seen in a WeakMap, and works out the style of any other object anew (a third of the writing
// time of 100,000 lines when each cell had its own copy of the column's style).
const STYLES: Record<LedgerExportColumn['kind'], Partial<ExcelJS.Style>> = {
  number: { numFmt: NUMBER_FORMAT },
  date: { numFmt: DATE_FORMAT },
  text: {},
  // A code is written as a string (a text cell, every digit kept); the Text format keeps it text
  // when someone edits the cell.
  code: { numFmt: '@' },
};
const columnStyles = LEDGER_EXPORT_COLUMNS.map((column) => STYLES[column.kind]);

/**
 * Resolves when `stream` has room again, or at once when it has; also when `out` closes. The
 * zip's streams are readable-stream's, which keep the flag only in their writable state.
 */
async function drained(stream: Writable, out: Readable): Promise<void> {
  const needDrain =
    stream.writableNeedDrain ??
    (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
  if (!needDrain || out.destroyed) return;
  // The listener of the event that did not come is removed: a wait per page would otherwise leave
  // one on `out` each time.
  const settled = new AbortController();
  const { signal } = settled;
  try {
    await Promise.race([once(stream, 'drain', { signal }), once(out, 'close', { signal })]);
  } finally {
    settled.abort();
  }
}

/**
 * Waits until the rows committed so far have moved on into the zip, not only until the file's
 * own stream has room: exceljs hands the sheet's XML to the zip (archiver) without waiting, and
 * the zip compresses in the background, so the file's stream is still empty when a page has been
 * written, and every page of the export used to be read and written into the zip's buffers
 * before the reader had a byte (all of them with a reader that reads nothing). The sheet's stream
 * (exceljs's StreamBuf) lists the streams it writes to in `pipes`; waiting for their room carries
 * the reader's pace back to the reading of pages.
 */
async function untilWritten(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) await drained(pipe, out);
  await drained(out, out);
}

/**
 * An .xlsx of the lines, streamed by exceljs's WorkbookWriter (rows are committed, i.e. written
 * and forgotten, one by one; inline strings, no shared-string table held in memory). The header
 * row is bold, frozen and auto-filtered; dates are date cells, quantities and money numbers with
 * #,##0. Waits for the reader between pages.
 */
export function xlsxStream(
  pages: AsyncIterable<LedgerItem[]>,
  tracking: CarrierTrackingTable,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('注文一覧', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = LEDGER_EXPORT_COLUMNS.map((column, i) => ({
    header: column.header,
    key: `c${i}`,
    width: column.width,
  }));
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: LEDGER_EXPORT_COLUMNS.length },
  };
  const write = async () => {
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for await (const page of pages) {
      // The reader went away (the download was cancelled): stop reading the database.
      if (out.destroyed) return;
      for (const line of page) {
        const row = sheet.addRow(LEDGER_EXPORT_COLUMNS.map((c) => xlsxCellOf(c, line, tracking)));
        row.eachCell({ includeEmpty: true }, (cell, n) => {
          cell.style = columnStyles[n - 1]!;
        });
        row.commit();
      }
      await untilWritten(sheet, out);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A CSV of the lines: UTF-8 with BOM, CRLF, quoted as needed, formula-like text neutralised. */
export function csvStream(
  pages: AsyncIterable<LedgerItem[]>,
  tracking: CarrierTrackingTable,
): Readable {
  async function* chunks() {
    yield Buffer.from(CSV_BOM + csvRecord(LEDGER_EXPORT_COLUMNS.map((c) => c.header)), 'utf8');
    for await (const page of pages) {
      let text = '';
      for (const line of page) text += csvRecord(csvCellsOf(line, tracking));
      yield Buffer.from(text, 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
