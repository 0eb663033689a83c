import type { Readable } from 'node:stream';
import type { LedgerExportBody } from '../../domain/api/ledger';
import type { CarrierTrackingTable } from '../../domain/carrier-tracking';
import { todayInJapan } from '../../domain/japan-time';
import {
  LEDGER_EXPORT_MAX_ROWS,
  ledgerExportFileName,
  ledgerExportTooManyMessage,
} from '../../domain/ledger-export';
import { DEFAULT_LEDGER_SORT, ledgerSearchCriteriaOf } from '../../domain/ledger-search';
import { HttpError } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import { countLedgerItems, iterateLedgerItems } from '../repositories/ledger-repository';
import { authorize, maySeeCustomer } from './authorization';
import type { Caller } from './caller';
import { CSV_CONTENT_TYPE, csvStream, XLSX_CONTENT_TYPE, xlsxStream } from './ledger-export-files';
import { TOO_MANY_ROWS_CODE } from './ledger-search-service';
import { auditActorOf, type DatabasePort } from './ports';

// The export of an order search as .xlsx or CSV (issue 20, docs/decisions/012): every line the
// search matches, over all pages, in its order. Who may export is who may search
// (authorization.ts maySeeCustomer), decided before anything is read.

export interface LedgerExportDeps extends DatabasePort {
  /** The carrier tracking table (built-in, with CARRIER_TRACKING_FILE applied). */
  carrierTracking: CarrierTrackingTable;
  /** Lines one export may hold; LEDGER_EXPORT_MAX_ROWS unless a test sets fewer. */
  maxLines?: number;
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
