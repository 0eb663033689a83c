import { Readable } from 'node:stream';
import type { AuditFilter, AuditPage, AuditSearchQuery } from '../../domain/api/audit';
import {
  AUDIT_COUNT_CAP,
  AUDIT_EXPORT_HEADERS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditDetailText,
  auditExportFileName,
  auditExportTooManyMessage,
  auditTargetLabel,
  japanDateTime,
} from '../../domain/audit';
import { addDays, todayInJapan } from '../../domain/japan-time';
import { CSV_BOM, csvRecord, neutraliseFormula } from '../../domain/ledger-export';
import { HttpError } from '../errors';
import { recordAudit } from '../repositories/audit-log-repository';
import {
  type AuditCriteria,
  type AuditExportRow,
  type AuditRow,
  type AuditTargetNames,
  countAuditEvents,
  deleteAuditEventsBefore,
  findAuditTargetNames,
  iterateAuditEvents,
  searchAuditEvents,
} from '../repositories/audit-search-repository';
import { findCustomer } from '../repositories/customers-repository';
import { mailOutboxCounts } from '../repositories/mail-outbox-repository';
import { auditReach, authorize, mayFilterAuditByCustomer, mayReadAudit } from './authorization';
import type { Caller } from './caller';
import { auditActorOf, type DatabasePort } from './ports';

// The audit view (docs/decisions/017): staff read every event, a corporate administrator
// the events of their corporations (authorization.ts auditReach), general users nothing. The
// reach is part of the search's own condition, so no page, count or export row escapes it.

export const TOO_MANY_AUDIT_EVENTS = 'TOO_MANY_ROWS';

/** The instant a Japanese calendar day starts. */
const japanDayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00+09:00`);

async function criteriaOf(
  db: DatabasePort['db'],
  caller: Caller,
  filter: AuditFilter,
): Promise<AuditCriteria> {
  authorize(mayReadAudit(caller));
  const reach = auditReach(caller)!;
  if (filter.customer_code !== undefined && reach !== 'all') {
    authorize(mayFilterAuditByCustomer(caller, await findCustomer(db, filter.customer_code)));
  }
  return {
    ...(filter.from ? { from: japanDayStart(filter.from) } : {}),
    ...(filter.to ? { to: japanDayStart(addDays(filter.to, 1)) } : {}),
    ...(filter.actor !== undefined ? { actorMail: filter.actor } : {}),
    ...(filter.customer_code !== undefined ? { customerCode: filter.customer_code } : {}),
    ...(filter.action !== undefined ? { action: filter.action } : {}),
    reach,
  };
}

/** The event's target in words: the person, customer, notice or file it concerns. */
function targetOf(row: AuditRow, names: AuditTargetNames): string {
  const id = row.entityId;
  const code = id !== null && /^\d{1,9}$/.test(id) ? Number(id) : null;
  return auditTargetLabel({
    entity: row.entity,
    entityId: id,
    person:
      row.entity === 'user' && code !== null
        ? (names.usersById.get(code) ?? null)
        : row.entity === 'auth' && id !== null
          ? (names.usersByMail.get(id) ?? null)
          : null,
    customerName: code !== null ? (names.customersByCode.get(code) ?? null) : null,
    recordedTitle: row.recordedTitle,
  });
}

/** GET /api/v1/audit: one page of 100 events, newest first, and the total up to 10 000. */
export async function searchAudit(
  deps: DatabasePort,
  caller: Caller,
  query: AuditSearchQuery,
): Promise<AuditPage> {
  const criteria = await criteriaOf(deps.db, caller, query);
  const page = query.page ?? 1;
  const [rows, counted, mail] = await Promise.all([
    searchAuditEvents(deps.db, criteria, {
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    }),
    countAuditEvents(deps.db, criteria, AUDIT_COUNT_CAP),
    // Staff see the mail outbox's counts beside the events.
    caller.isStaff ? mailOutboxCounts(deps.db) : Promise.resolve(null),
  ]);
  const names = await findAuditTargetNames(deps.db, rows);
  return {
    items: rows.map((r) => ({
      id: r.id,
      created_at: `${r.createdAt.slice(0, 23)}Z`,
      actor_user_id: r.actorUserId,
      actor_mail: r.actorMail,
      customer_code: r.customerCode,
      customer_name: r.customerName,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      target: targetOf(r, names),
      ip_address: r.ipAddress,
      user_agent: r.userAgent,
    })),
    total: Math.min(counted, AUDIT_COUNT_CAP),
    total_capped: counted > AUDIT_COUNT_CAP,
    page,
    page_size: AUDIT_PAGE_SIZE,
    ...(mail
      ? { mail_outbox: { pending: mail.pending, failed: mail.failed, sent: mail.sent } }
      : {}),
  };
}

export interface AuditExportFile {
  fileName: string;
  lines: number;
  body: Readable;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : neutraliseFormula(String(value));

function csvCellsOf(row: AuditExportRow, names: AuditTargetNames): string[] {
  return [
    japanDateTime(row.createdAt),
    text(row.actorMail),
    text(row.actorUserId),
    text(row.customerCode),
    text(row.customerName),
    auditActionLabel(row.action),
    row.action,
    text(targetOf(row, names)),
    text(row.entityId),
    text(row.ipAddress),
    text(row.userAgent),
    text(auditDetailText(row.after)),
  ];
}

/**
 * GET /api/v1/audit/export: every event the filters match as CSV (UTF-8 with BOM, Japanese
 * headers), streamed as it is read; more than 100 000 events are refused before anything is sent.
 * The export itself is recorded (audit.export) with its filters.
 */
export async function exportAudit(
  deps: DatabasePort & { maxRows?: number },
  caller: Caller,
  filter: AuditFilter,
  now = new Date(),
): Promise<AuditExportFile> {
  const criteria = await criteriaOf(deps.db, caller, filter);
  const max = deps.maxRows ?? AUDIT_EXPORT_MAX_ROWS;
  const lines = await countAuditEvents(deps.db, criteria, max);
  if (lines > max) {
    throw new HttpError(400, TOO_MANY_AUDIT_EVENTS, auditExportTooManyMessage(max));
  }
  await recordAudit(deps.db, {
    ...auditActorOf(caller),
    action: 'audit.export',
    entity: 'audit_log',
    entityId: null,
    customerCode: filter.customer_code ?? null,
    before: null,
    after: { filter, lines },
  });
  async function* csv() {
    yield Buffer.from(CSV_BOM + csvRecord(AUDIT_EXPORT_HEADERS), 'utf8');
    let written = 0;
    for await (const rows of iterateAuditEvents(deps.db, criteria)) {
      // Events recorded since the count keep the file within the limit it was promised.
      const kept = rows.slice(0, Math.max(0, max - written));
      written += kept.length;
      if (kept.length > 0) {
        const names = await findAuditTargetNames(deps.db, kept);
        yield Buffer.from(kept.map((r) => csvRecord(csvCellsOf(r, names))).join(''));
      }
      if (written >= max) return;
    }
  }
  return {
    fileName: auditExportFileName(todayInJapan(now)),
    lines,
    body: Readable.from(csv(), { objectMode: false }),
  };
}

/**
 * The retention rule (AUDIT_RETENTION_DAYS): deletes the events older than that many days before
 * `now`, in batches. Answers how many went.
 */
export async function purgeOldAuditEvents(
  deps: DatabasePort,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return deleteAuditEventsBefore(deps.db, cutoff);
}
