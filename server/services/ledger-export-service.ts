import type { Readable } from 'node:stream';
import type { LedgerExportBody } from '../../domain/api/ledger';
import type { CarrierTrackingTable } from '../../domain/carrier-tracking';
import { todayInJapan } from '../../domain/japan-time';
import {
  LEDGER_EXPORT_MAX_ROWS,
  LEDGER_EXPORT_RETRY_AFTER_SECONDS,
  ledgerExportBusyMessage,
  ledgerExportFileName,
  ledgerExportTooManyMessage,
} from '../../domain/ledger-export';
import { DEFAULT_LEDGER_SORT, ledgerSearchCriteriaOf } from '../../domain/ledger-search';
import { HttpError } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import { countLedgerItems, iterateLedgerItems } from '../repositories/ledger-repository';
import { authorize, maySeeCustomer } from './authorization';
import type { Caller } from './caller';
import type { ExportSlots } from './export-slots';
import { CSV_CONTENT_TYPE, csvStream, XLSX_CONTENT_TYPE, xlsxStream } from './ledger-export-files';
import { TOO_MANY_ROWS_CODE } from './ledger-search-service';
import { auditActorOf, type DatabasePort } from './ports';

// The export of an order search as .xlsx or CSV (docs/decisions/012): every line the
// search matches, over all pages, in its order. Who may export is who may search
// (authorization.ts maySeeCustomer), decided before anything is read.

export interface LedgerExportDeps extends DatabasePort {
  /** The carrier tracking table (built-in, with CARRIER_TRACKING_FILE applied). */
  carrierTracking: CarrierTrackingTable;
  /** Lines one export may hold; LEDGER_EXPORT_MAX_ROWS unless a test sets fewer. */
  maxLines?: number;
  /** The exports running in this process, per person and in all (docs/decisions/024). */
  slots: ExportSlots;
}

export interface LedgerExportFile {
  fileName: string;
  contentType: string;
  /** Lines in the file (without the header). */
  lines: number;
  /** The file, produced as it is read. */
  body: Readable;
}

export async function exportLedgerItems(
  deps: LedgerExportDeps,
  caller: Caller,
  input: LedgerExportBody,
  now = new Date(),
): Promise<LedgerExportFile> {
  authorize(maySeeCustomer(caller, input.customer_code));
  // A slot before anything is read (the count is a long read too), held until the file's stream
  // closes: finished, failed, or cancelled by the reader.
  const release = takeSlot(deps.slots, caller);
  try {
    const file = await startExport(deps, caller, input, now);
    file.body.once('close', release);
    return file;
  } catch (error) {
    release();
    throw error;
  }
}

/** A slot of the caller's, or 429 with Retry-After saying whose limit is reached. */
function takeSlot(slots: ExportSlots, caller: Caller): () => void {
  const slot = slots.take(caller.uid);
  if (typeof slot === 'function') return slot;
  const seconds = LEDGER_EXPORT_RETRY_AFTER_SECONDS;
  const message =
    slot === 'user'
      ? ledgerExportBusyMessage.user(slots.limits.perUser)
      : ledgerExportBusyMessage.total(seconds);
  throw new HttpError(429, 'TOO_MANY_REQUESTS', message, {}, seconds);
}

async function startExport(
  deps: LedgerExportDeps,
  caller: Caller,
  input: LedgerExportBody,
  now: Date,
): Promise<LedgerExportFile> {
  const criteria = ledgerSearchCriteriaOf(input, todayInJapan(now));
  const sort = input.sort ?? DEFAULT_LEDGER_SORT;
  const max = deps.maxLines ?? LEDGER_EXPORT_MAX_ROWS;
  // The count stops at max + 1: a search over the limit is refused without counting it all.
  const lines = await countLedgerItems(deps.db, criteria, max);
  if (lines > max) throw new HttpError(400, TOO_MANY_ROWS_CODE, ledgerExportTooManyMessage(max));

  const { login_user_id: _ignored, format, ...search } = input;
  await recordAudit(deps.db, {
    ...auditActorOf(caller),
    action: 'ledger.export',
    entity: 'ledger_items',
    entityId: input.customer_code,
    customerCode: input.customer_code,
    before: null,
    after: { search, sort, format, lines },
  });

  const pages = iterateLedgerItems(deps.db, criteria, sort);
  return {
    fileName: ledgerExportFileName(input.customer_code, format, now),
    contentType: format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE,
    lines,
    body:
      format === 'xlsx'
        ? xlsxStream(pages, deps.carrierTracking)
        : csvStream(pages, deps.carrierTracking),
  };
}
