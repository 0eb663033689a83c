import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  customers,
  documentDownloads,
  documents,
  documentVersions,
  orderNoFoldedSql,
} from '../../db/schema';
import { LEDGER_STATUS } from '../../domain/constants';
import { orderNoFolded } from '../../domain/ledger-search';
import { CHAIN_START, type ChainedVersion, versionRecordHash } from './document-chain';

// The documents (docs/decisions/030) and their archived versions: the register's SQL.

/**
 * The invoices' documents, from the invoice register: one per invoice, its figures as the
 * register now holds them. Answers the ids of the documents of these invoices.
 */
export async function upsertInvoiceDocuments(
  db: Pick<Database, 'execute'>,
  invoiceNos: readonly string[],
): Promise<number[]> {
  if (invoiceNos.length === 0) return [];
  await db.execute(sql`
    insert into documents
      (doc_type, doc_no, customer_code, doc_date, amount, registration_no, file_name, invoice_id)
    select 'invoice', i.invoice_no, i.customer_code, i.invoice_date, i.total_amount,
      i.registration_no, i.file_name, i.id
    from invoices i
    where i.invoice_no = any(${sql.param([...invoiceNos])}::text[])
    on conflict (invoice_id) do update set
      doc_no = excluded.doc_no, customer_code = excluded.customer_code,
      doc_date = excluded.doc_date, amount = excluded.amount,
      registration_no = excluded.registration_no, file_name = excluded.file_name,
      updated_at = now()
    where (documents.doc_no, documents.customer_code, documents.doc_date, documents.amount,
        documents.registration_no, documents.file_name)
      is distinct from (excluded.doc_no, excluded.customer_code, excluded.doc_date,
        excluded.amount, excluded.registration_no, excluded.file_name)`);
  const result = await db.execute(sql`
    select d.id from documents d join invoices i on i.id = d.invoice_id
    where i.invoice_no = any(${sql.param([...invoiceNos])}::text[])
    order by d.id`);
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}

/**
 * The shipping notices and delivery slips the ledger names: one per customer and file name, dated
 * by the lines' shipped date, its amount the sum of the lines' amounts, numbered by their delivery
 * number. Lines not shipped yet name no document. Answers the ids inserted or changed.
 */
export async function upsertLedgerDocuments(
  db: Pick<Database, 'execute'>,
  customerCodes?: readonly number[],
): Promise<number[]> {
  const only = customerCodes
    ? sql`and customer_code = any(${sql.param([...customerCodes])}::int[])`
    : sql``;
  const result = await db.execute(sql`
    insert into documents (doc_type, doc_no, customer_code, doc_date, amount, file_name)
    select doc_type, min(delivery_no), customer_code, min(shipped_date), sum(amount), file_name
    from (
      select 'shipping_notice' as doc_type, shipped_file_name as file_name, delivery_no,
        customer_code, shipped_date, amount
      from ledger_items
      where shipped_file_name <> '' and status = ${LEDGER_STATUS.shipped} ${only}
      union all
      select 'delivery_slip', delivery_file_name, delivery_no, customer_code, shipped_date, amount
      from ledger_items
      where delivery_file_name <> '' and status = ${LEDGER_STATUS.shipped} ${only}
    ) lines
    where shipped_date is not null
    group by customer_code, doc_type, file_name
    on conflict (customer_code, doc_type, file_name) where doc_type <> 'invoice' do update set
      doc_no = excluded.doc_no, doc_date = excluded.doc_date, amount = excluded.amount,
      updated_at = now()
    where (documents.doc_no, documents.doc_date, documents.amount)
      is distinct from (excluded.doc_no, excluded.doc_date, excluded.amount)
    returning id`);
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}

/**
 * The shipping notices and delivery slips of the given files, by customer: the documents an
 * import's lines name. Two array parameters, whatever their length (a list of ids in the
 * statement would pass PostgreSQL's limit of 65,535 parameters).
 */
export async function documentIdsOfFiles(
  db: Database,
  filesByCustomer: ReadonlyMap<number, ReadonlySet<string>>,
): Promise<number[]> {
  const codes: number[] = [];
  const names: string[] = [];
  for (const [code, files] of filesByCustomer) {
    for (const name of files) {
      codes.push(code);
      names.push(name);
    }
  }
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        sql`(${documents.customer_code}, ${documents.file_name}) in (select * from unnest(${sql.param(codes)}::int[], ${sql.param(names)}::text[]))`,
        sql`${documents.doc_type} <> 'invoice'`,
      ),
    )
    .orderBy(asc(documents.id));
  return rows.map((r) => r.id);
}

/** A document as the archive reads it: where its file is, and its latest archived version. */
export interface DocumentToArchive {
  id: number;
  doc_type: string;
  doc_no: string;
  customer_code: number;
  doc_date: string;
  amount: number;
  file_name: string;
  bucket: string;
  latest: {
    version: number;
    sha256: string;
    size: number;
    source_modified_at: Date | null;
  } | null;
}

/** One page (by id) of the documents to look at, all of them or the given ids. */
export async function documentsToArchive(
  db: Database,
  options: { ids?: readonly number[]; afterId: number; limit: number },
): Promise<DocumentToArchive[]> {
  const latest = db
    .selectDistinctOn([documentVersions.document_id], {
      document_id: documentVersions.document_id,
      version: documentVersions.version,
      sha256: documentVersions.sha256,
      size: documentVersions.size,
      source_modified_at: documentVersions.source_modified_at,
    })
    .from(documentVersions)
    .orderBy(documentVersions.document_id, desc(documentVersions.version))
    .as('latest');
  const rows = await db
    .select({
      id: documents.id,
      doc_type: documents.doc_type,
      doc_no: documents.doc_no,
      customer_code: documents.customer_code,
      doc_date: documents.doc_date,
      amount: documents.amount,
      file_name: documents.file_name,
      bucket: customers.customer_bucket_name,
      version: latest.version,
      sha256: latest.sha256,
      size: latest.size,
      source_modified_at: latest.source_modified_at,
    })
    .from(documents)
    .innerJoin(customers, eq(customers.customer_code, documents.customer_code))
    .leftJoin(latest, eq(latest.document_id, documents.id))
    .where(
      and(
        gt(documents.id, options.afterId),
        options.ids
          ? sql`${documents.id} = any(${sql.param([...options.ids])}::bigint[])`
          : undefined,
      ),
    )
    .orderBy(asc(documents.id))
    .limit(options.limit);
  return rows.map(({ version, sha256, size, source_modified_at, ...document }) => ({
    ...document,
    latest:
      version === null || sha256 === null || size === null
        ? null
        : { version, sha256, size, source_modified_at },
  }));
}

// Versions are appended one at a time across every process, so each row follows the last.
const DOCUMENT_CHAIN_LOCK_KEY = 7_310_030;

export type NewVersion = Omit<ChainedVersion, 'version'> & {
  source_modified_at: Date | null;
};

/**
 * Appends versions at the end of the chain, in the given order, each following the one before it;
 * a row whose document's latest version already has its content (another process archived it
 * meanwhile, or an earlier row of the same call) is left out. Answers, for each row, the version
 * written or null.
 *
 * One lock, one read of the chain's end and of the documents' latest versions, one insert: an
 * import or the demo seed archives thousands of documents, and a transaction each was most of
 * their time. The chain is read in id order (verifyDocumentArchive), so the rows take ids drawn
 * from the sequence beforehand, in ascending order, rather than whatever order the insert would
 * draw them in.
 */
export async function appendDocumentVersions(
  tx: Transaction,
  rows: readonly NewVersion[],
): Promise<({ id: number; version: number } | null)[]> {
  if (rows.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENT_CHAIN_LOCK_KEY})`);
  const documentIds = [...new Set(rows.map((row) => row.document_id))];
  const latestRows = await tx
    .selectDistinctOn([documentVersions.document_id], {
      document_id: documentVersions.document_id,
      version: documentVersions.version,
      sha256: documentVersions.sha256,
    })
    .from(documentVersions)
    .where(sql`${documentVersions.document_id} = any(${sql.param(documentIds)}::bigint[])`)
    .orderBy(documentVersions.document_id, desc(documentVersions.version));
  const latest = new Map(latestRows.map((row) => [row.document_id, row]));
  const [last] = await tx
    .select({ record_hash: documentVersions.record_hash })
    .from(documentVersions)
    .orderBy(desc(documentVersions.id))
    .limit(1);

  let prev_hash = last?.record_hash ?? CHAIN_START;
  const values: (typeof documentVersions.$inferInsert)[] = [];
  /** For each value, the index of its row. */
  const rowOf: number[] = [];
  for (const [index, row] of rows.entries()) {
    const before = latest.get(row.document_id);
    if (before?.sha256 === row.sha256) continue;
    const chained: ChainedVersion = { ...row, version: (before?.version ?? 0) + 1 };
    const record_hash = versionRecordHash(prev_hash, chained);
    values.push({ ...chained, source_modified_at: row.source_modified_at, prev_hash, record_hash });
    latest.set(row.document_id, {
      document_id: row.document_id,
      version: chained.version,
      sha256: row.sha256,
    });
    prev_hash = record_hash;
    rowOf.push(index);
  }
  const answers: ({ id: number; version: number } | null)[] = rows.map(() => null);
  if (values.length === 0) return answers;

  const drawn = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('document_versions', 'id')) as id
      from generate_series(1, ${values.length})`,
  );
  const ids = (drawn as unknown as { rows: { id: string | number }[] }).rows
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
  // Within PostgreSQL's limit of 65,535 parameters a statement (17 columns a row).
  for (let i = 0; i < values.length; i += 2000) {
    await tx
      .insert(documentVersions)
      .values(values.slice(i, i + 2000).map((value, k) => ({ ...value, id: ids[i + k]! })));
  }
  for (const [k, value] of values.entries()) {
    answers[rowOf[k]!] = { id: ids[k]!, version: value.version };
  }
  return answers;
}

/** The latest version already has this content: remember the file's time, so a scan skips it. */
export async function noteSourceModified(
  db: Pick<Database, 'update'>,
  documentId: number,
  version: number,
  modifiedAt: Date,
): Promise<void> {
  await db
    .update(documentVersions)
    .set({ source_modified_at: modifiedAt })
    .where(
      and(eq(documentVersions.document_id, documentId), eq(documentVersions.version, version)),
    );
}

export type VersionRow = typeof documentVersions.$inferSelect;

/** One page of the chain, in its order. */
export async function versionsInChainOrder(
  db: Database,
  afterId: number,
  limit: number,
): Promise<VersionRow[]> {
  return db
    .select()
    .from(documentVersions)
    .where(gt(documentVersions.id, afterId))
    .orderBy(asc(documentVersions.id))
    .limit(limit);
}

/** Whether some other version not removed still holds this content. */
export async function contentStillKept(
  db: Database,
  sha256: string,
  exceptId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.sha256, sha256),
        isNull(documentVersions.removed_at),
        sql`${documentVersions.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// --- the documents screen -----------------------------------------------------------------------

export interface DocumentSearch {
  /** The customers searched (the caller's, or the one chosen). */
  customerCodes: readonly number[];
  /** Of those, the customers whose receipts the caller sees (staff, the customers' administrators). */
  receiptCodes: readonly number[];
  /** The caller's user rows: "downloaded by me". */
  myUserIds: readonly number[];
  type?: string;
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
  docNo?: string;
  /** The documents of one delivery: its invoices, shipping notices and delivery slips. */
  deliveryNo?: string;
  notDownloaded?: boolean;
}

export interface DocumentListRow {
  id: number;
  type: string;
  doc_date: string;
  doc_no: string;
  customer_code: number;
  customer_name: string;
  amount: number;
  registration_no: string | null;
  file_name: string;
  version: number | null;
  latest_archived_at: Date | null;
  first_download: { at: Date; user_name: string } | null;
  downloaded_by_me: boolean;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The ids of one delivery's documents among the customers searched: the invoices whose delivery
 * numbers include it (invoices_delivery_nos_idx, GIN) and the shipping notices and delivery slips
 * its shipped lines name (the lines by the ledger's folded delivery-number index, the documents
 * by their customer, type and file name).
 */
function deliveryDocumentIds(customerCodes: readonly number[], deliveryNo: string) {
  const codes = sql.param([...customerCodes]);
  return sql`
    select d2.id from invoices i join documents d2 on d2.invoice_id = i.id
    where i.customer_code = any(${codes}::int[])
      and i.delivery_nos @> array[${deliveryNo}]::text[]
    union all
    select d2.id from ledger_items l
    join documents d2 on d2.customer_code = l.customer_code and d2.doc_type <> 'invoice'
      and d2.file_name = case d2.doc_type
        when 'shipping_notice' then l.shipped_file_name else l.delivery_file_name end
    where l.customer_code = any(${codes}::int[])
      and ${orderNoFoldedSql(sql`l.delivery_no`)} = ${orderNoFolded(deliveryNo)}
      and l.delivery_no = ${deliveryNo} and l.status = ${LEDGER_STATUS.shipped}`;
}

function documentWhere(search: DocumentSearch) {
  const byAnyone = sql`exists (select 1 from document_downloads dd where dd.document_id = d.id)`;
  const byMe = sql`exists (select 1 from document_downloads dd where dd.document_id = d.id
    and dd.user_id = any(${sql.param([...search.myUserIds])}::int[]))`;
  const receiptCodes = sql.param([...search.receiptCodes]);
  const parts = [
    sql`d.customer_code = any(${sql.param([...search.customerCodes])}::int[])`,
    search.type ? sql`d.doc_type = ${search.type}` : undefined,
    search.dateFrom ? sql`d.doc_date >= ${search.dateFrom}` : undefined,
    search.dateTo ? sql`d.doc_date <= ${search.dateTo}` : undefined,
    search.amountMin !== undefined ? sql`d.amount >= ${search.amountMin}` : undefined,
    search.amountMax !== undefined ? sql`d.amount <= ${search.amountMax}` : undefined,
    search.docNo ? sql`d.doc_no ilike ${`%${likeEscaped(search.docNo)}%`}` : undefined,
    search.deliveryNo
      ? sql`d.id in (${deliveryDocumentIds(search.customerCodes, search.deliveryNo)})`
      : undefined,
    // 未ダウンロード: nobody's download where the caller sees receipts, else the caller's own.
    search.notDownloaded
      ? sql`(case when d.customer_code = any(${receiptCodes}::int[])
          then not ${byAnyone} else not ${byMe} end)`
      : undefined,
  ].filter((p) => p !== undefined);
  return sql.join(parts, sql` and `);
}

const SORT_COLUMNS = { date: 'd.doc_date', amount: 'd.amount', number: 'd.doc_no' } as const;

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;
const dateOf = (value: unknown) => (value === null ? null : new Date(Number(value)));

/** One page of documents with their latest version and receipt state, and how many match. */
export async function searchDocuments(
  db: Pick<Database, 'execute'>,
  search: DocumentSearch,
  order: { sort: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<{ items: DocumentListRow[]; total: number }> {
  if (search.customerCodes.length === 0) return { items: [], total: 0 };
  const where = documentWhere(search);
  const direction = sql.raw(order.direction);
  const column = sql.raw(SORT_COLUMNS[order.sort]);
  const receiptCodes = sql.param([...search.receiptCodes]);
  const [items, counted] = await Promise.all([
    db.execute(sql`
      select d.id, d.doc_type, d.doc_date::text as doc_date, d.doc_no, d.customer_code,
        c.customer_name, d.amount::float8 as amount, d.registration_no, d.file_name,
        latest.version, extract(epoch from latest.archived_at) * 1000 as latest_archived_at,
        case when d.customer_code = any(${receiptCodes}::int[]) then
          (select json_build_object('at', extract(epoch from dd.downloaded_at) * 1000,
              'user_name', dd.user_name)
           from document_downloads dd where dd.document_id = d.id
           order by dd.downloaded_at, dd.id limit 1)
        end as first_download,
        exists (select 1 from document_downloads dd where dd.document_id = d.id
          and dd.user_id = any(${sql.param([...search.myUserIds])}::int[])) as downloaded_by_me
      from (
        -- The page's ids first, from the documents alone (from an index alone where the filters
        -- allow); the rest is read for the page's rows only. So the planner weighs an index that
        -- finds the filtered rows against one in the sort's order without the cost of reading
        -- and joining every row found.
        select d.id from documents d
        where ${where}
        order by ${column} ${direction}, d.id ${direction}
        limit ${page.limit} offset ${page.offset}
      ) page
      join documents d on d.id = page.id
      join customers c on c.customer_code = d.customer_code
      left join lateral (
        select v.version, v.archived_at from document_versions v
        where v.document_id = d.id and v.removed_at is null
        order by v.version desc limit 1
      ) latest on true
      order by ${column} ${direction}, d.id ${direction}`),
    db.execute(sql`select count(*)::int as n from documents d where ${where}`),
  ]);
  return {
    items: rowsOf(items).map((r) => {
      const first = r.first_download as { at: number; user_name: string } | null;
      return {
        id: Number(r.id),
        type: r.doc_type as string,
        doc_date: r.doc_date as string,
        doc_no: r.doc_no as string,
        customer_code: Number(r.customer_code),
        customer_name: r.customer_name as string,
        amount: Number(r.amount),
        registration_no: (r.registration_no as string | null) ?? null,
        file_name: r.file_name as string,
        version: r.version === null ? null : Number(r.version),
        latest_archived_at: dateOf(r.latest_archived_at),
        first_download: first
          ? { at: new Date(Number(first.at)), user_name: first.user_name }
          : null,
        downloaded_by_me: Boolean(r.downloaded_by_me),
      };
    }),
    total: Number(rowsOf(counted)[0]?.n ?? 0),
  };
}

export type DocumentRow = typeof documents.$inferSelect;

export async function findDocument(db: Database, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/**
 * The documents of a customer that a Spec file is (the orders screen names documents by file):
 * an invoice and a ledger document may share a name, so more than one can answer.
 */
export async function documentsOfSpecFile(
  db: Database,
  customerCode: number,
  fileName: string,
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.customer_code, customerCode), eq(documents.file_name, fileName)))
    .orderBy(asc(documents.id));
}

/** A document's versions, first to latest. */
export async function versionsOfDocument(db: Database, documentId: number): Promise<VersionRow[]> {
  return db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.document_id, documentId))
    .orderBy(asc(documentVersions.version));
}

export async function findVersion(db: Database, id: number): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(documentVersions).where(eq(documentVersions.id, id));
  return row;
}

export interface NewReceipt {
  document_id: number;
  version_id: number;
  user_id: number;
  user_mail: string;
  user_name: string;
  ip_address: string | null;
  via: 'single' | 'zip';
}

export async function recordDownloads(
  db: Pick<Database, 'insert'>,
  receipts: readonly NewReceipt[],
): Promise<void> {
  if (receipts.length === 0) return;
  await db.insert(documentDownloads).values([...receipts]);
}

export interface ZipDocumentRow {
  document_id: number;
  type: string;
  doc_date: string;
  doc_no: string;
  customer_code: number;
  customer_name: string;
  amount: number;
  version_id: number;
  version: number;
  sha256: string;
}

/** How many documents a search finds. */
export async function countDocuments(
  db: Pick<Database, 'execute'>,
  search: DocumentSearch,
): Promise<number> {
  if (search.customerCodes.length === 0) return 0;
  const result = await db.execute(
    sql`select count(*)::int as n from documents d where ${documentWhere(search)}`,
  );
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** The archived latest version of each document a search finds, oldest 取引年月日 first. */
export async function documentsForZip(
  db: Pick<Database, 'execute'>,
  search: DocumentSearch,
  limit: number,
): Promise<ZipDocumentRow[]> {
  if (search.customerCodes.length === 0) return [];
  const result = await db.execute(sql`
    select d.id as document_id, d.doc_type, d.doc_date::text as doc_date, d.doc_no,
      d.customer_code, c.customer_name, d.amount::float8 as amount,
      latest.id as version_id, latest.version, latest.sha256
    from documents d
    join customers c on c.customer_code = d.customer_code
    join lateral (
      select v.id, v.version, v.sha256 from document_versions v
      where v.document_id = d.id and v.removed_at is null
      order by v.version desc limit 1
    ) latest on true
    where ${documentWhere(search)}
    order by d.doc_date, d.doc_no, d.id
    limit ${limit}`);
  return rowsOf(result).map((r) => ({
    document_id: Number(r.document_id),
    type: r.doc_type as string,
    doc_date: r.doc_date as string,
    doc_no: r.doc_no as string,
    customer_code: Number(r.customer_code),
    customer_name: r.customer_name as string,
    amount: Number(r.amount),
    version_id: Number(r.version_id),
    version: Number(r.version),
    sha256: r.sha256 as string,
  }));
}
