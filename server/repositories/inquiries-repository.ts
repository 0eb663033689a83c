import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  customers,
  inquiries,
  inquiryAttachments,
  inquiryLines,
  inquiryMessages,
  ledgerItems,
  users,
} from '../../db/schema';
import { STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from '../../domain/constants';
import { INQUIRY_COUNT_CAP } from '../../domain/inquiry';

// The SQL of the inquiries (docs/decisions/032): requests, their order lines, messages and files.

type Db = Database | Transaction;

export interface LineKey {
  sale_order_no: string;
  sale_order_line_no: number;
  delivery_no: string;
  delivery_line_no: number;
}

/** The ledger rows of the keys given (the customer comes from here, never from the client). */
export async function findLedgerLines(db: Db, keys: readonly LineKey[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      id: ledgerItems.id,
      customerCode: ledgerItems.customer_code,
      saleOrderNo: ledgerItems.sale_order_no,
      bucket: customers.customer_bucket_name,
    })
    .from(ledgerItems)
    .innerJoin(customers, eq(customers.customer_code, ledgerItems.customer_code))
    .where(
      or(
        ...keys.map((k) =>
          and(
            eq(ledgerItems.sale_order_no, k.sale_order_no),
            eq(ledgerItems.sale_order_line_no, k.sale_order_line_no),
            eq(ledgerItems.delivery_no, k.delivery_no),
            eq(ledgerItems.delivery_line_no, k.delivery_line_no),
          ),
        ),
      ),
    );
}

/** A user row's display name. */
export async function userNameOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: users.user_name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

/** The staff members an inquiry may be assigned to (staff rows, not deleted). */
export async function listStaffMembers(db: Db) {
  return db
    .select({ user_id: users.id, name: users.user_name, mail: users.mail })
    .from(users)
    .where(
      and(
        eq(users.customer_code, STAFF_CUSTOMER_CODE),
        eq(users.user_type_id, STAFF_USER_TYPE_ID),
        eq(users.delete_flag, false),
      ),
    )
    .orderBy(asc(users.id));
}

/**
 * Whether the requester's user row wants inquiry mails (its /account setting). A row purged since
 * has no setting: the request keeps its mail as text and is answered there as before.
 */
export async function requesterWantsInquiryMail(db: Db, userId: number | null): Promise<boolean> {
  if (userId === null) return true;
  const [row] = await db.select({ on: users.inquiry_mail }).from(users).where(eq(users.id, userId));
  return row?.on ?? true;
}

export interface NewInquiry {
  customerCode: number;
  saleOrderNo: string;
  category: string;
  wishedDate: string | null;
  requesterUserId: number;
  requesterName: string;
  requesterMail: string;
  text: string;
  searchText: string;
}

export async function insertInquiry(tx: Transaction, row: NewInquiry): Promise<number> {
  const [created] = await tx
    .insert(inquiries)
    .values({
      customer_code: row.customerCode,
      sale_order_no: row.saleOrderNo,
      category: row.category,
      wished_date: row.wishedDate,
      requester_user_id: row.requesterUserId,
      requester_name: row.requesterName,
      requester_mail: row.requesterMail,
      first_text: row.text,
      search_text: row.searchText,
    })
    .returning({ id: inquiries.id });
  return created!.id;
}

export async function insertInquiryLines(tx: Transaction, inquiryId: number, ids: number[]) {
  await tx
    .insert(inquiryLines)
    .values(ids.map((id) => ({ inquiry_id: inquiryId, ledger_item_id: id })));
}

export async function insertMessage(
  tx: Transaction,
  row: {
    inquiryId: number;
    authorUserId: number;
    authorName: string;
    authorStaff: boolean;
    text: string;
  },
): Promise<number> {
  const [created] = await tx
    .insert(inquiryMessages)
    .values({
      inquiry_id: row.inquiryId,
      author_user_id: row.authorUserId,
      author_name: row.authorName,
      author_staff: row.authorStaff,
      text: row.text,
    })
    .returning({ id: inquiryMessages.id });
  return created!.id;
}

export async function insertAttachment(
  tx: Transaction,
  row: {
    inquiryId: number;
    messageId: number;
    fileName: string;
    contentType: string;
    size: number;
    bucket: string;
    objectKey: string;
  },
): Promise<number> {
  const [created] = await tx
    .insert(inquiryAttachments)
    .values({
      inquiry_id: row.inquiryId,
      message_id: row.messageId,
      file_name: row.fileName,
      content_type: row.contentType,
      size: row.size,
      bucket: row.bucket,
      object_key: row.objectKey,
    })
    .returning({ id: inquiryAttachments.id });
  return created!.id;
}

/** A reply: the count, the searched text and the last activity move with it. */
export async function touchInquiryForMessage(
  tx: Transaction,
  inquiryId: number,
  foldedText: string,
) {
  await tx
    .update(inquiries)
    .set({
      message_count: sql`${inquiries.message_count} + 1`,
      search_text: sql`${inquiries.search_text} || ' ' || ${foldedText}`,
      last_activity_at: sql`now()`,
    })
    .where(eq(inquiries.id, inquiryId));
}

export async function updateInquiry(
  tx: Transaction,
  inquiryId: number,
  set: Partial<{ state: string; agreed_date: string | null; assigned_user_id: number | null }>,
) {
  await tx
    .update(inquiries)
    .set({ ...set, last_activity_at: sql`now()` })
    .where(eq(inquiries.id, inquiryId));
}

const summaryColumns = {
  id: inquiries.id,
  customerCode: inquiries.customer_code,
  customerName: customers.customer_name,
  corporateCode: customers.corporate_code,
  saleOrderNo: inquiries.sale_order_no,
  category: inquiries.category,
  state: inquiries.state,
  wishedDate: inquiries.wished_date,
  agreedDate: inquiries.agreed_date,
  requesterUserId: inquiries.requester_user_id,
  requesterName: inquiries.requester_name,
  requesterMail: inquiries.requester_mail,
  assignedUserId: inquiries.assigned_user_id,
  assignedName: users.user_name,
  assignedMail: users.mail,
  firstText: inquiries.first_text,
  messageCount: inquiries.message_count,
  createdAt: inquiries.created_at,
  lastActivityAt: inquiries.last_activity_at,
};
export type InquiryRow = Awaited<ReturnType<typeof findInquiry>>;

/** One inquiry with its customer and assignee; undefined when there is none (for update: locked). */
export async function findInquiry(db: Db, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select(summaryColumns)
    .from(inquiries)
    .innerJoin(customers, eq(customers.customer_code, inquiries.customer_code))
    .leftJoin(users, eq(users.id, inquiries.assigned_user_id))
    .where(eq(inquiries.id, id));
  const [row] = options.lock ? await query.for('update', { of: inquiries }) : await query;
  return row;
}

export interface InquiryFilter {
  /** null: every customer; else the codes the caller may see. */
  customerCodes: number[] | null;
  state?: string;
  category?: string;
  customerCode?: number;
  from?: Date;
  to?: Date;
  assigned?: number | 'none';
  keyword?: string;
  saleOrderNo?: string;
}

function whereOf(f: InquiryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.customerCodes !== null) parts.push(inArray(inquiries.customer_code, f.customerCodes));
  if (f.state) parts.push(eq(inquiries.state, f.state));
  if (f.category) parts.push(eq(inquiries.category, f.category));
  if (f.customerCode !== undefined) parts.push(eq(inquiries.customer_code, f.customerCode));
  if (f.from) parts.push(gte(inquiries.last_activity_at, f.from));
  if (f.to) parts.push(lt(inquiries.last_activity_at, f.to));
  if (f.assigned === 'none') parts.push(isNull(inquiries.assigned_user_id));
  else if (f.assigned !== undefined) parts.push(eq(inquiries.assigned_user_id, f.assigned));
  if (f.keyword) {
    const escaped = f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(sql`${inquiries.search_text} like ${`%${escaped}%`}`);
  }
  if (f.saleOrderNo) parts.push(eq(inquiries.sale_order_no, f.saleOrderNo));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One page, newest activity first, and the total. */
export async function searchInquiries(db: Db, f: InquiryFilter, offset: number, limit: number) {
  if (f.customerCodes !== null && f.customerCodes.length === 0) return { rows: [], total: 0 };
  const where = whereOf(f);
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(inquiries)
      .innerJoin(customers, eq(customers.customer_code, inquiries.customer_code))
      .leftJoin(users, eq(users.id, inquiries.assigned_user_id))
      .where(where)
      .orderBy(desc(inquiries.last_activity_at), desc(inquiries.id))
      .limit(limit)
      .offset(offset),
    // Counted to INQUIRY_COUNT_CAP + 1 only, as the audit view's total: a wide filter's count
    // would otherwise read every match on each page.
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(inquiries)
        .where(where)
        .limit(INQUIRY_COUNT_CAP + 1)
        .as('m'),
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Requests still waiting for staff (未対応): the side navigation's count. */
export async function countOpenInquiries(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inquiries)
    .where(eq(inquiries.state, 'open'));
  return row?.n ?? 0;
}

/** The customer codes of the given corporations. */
export async function customerCodesOfCorporations(db: Db, corporateCodes: number[]) {
  if (corporateCodes.length === 0) return [];
  const rows = await db
    .select({ code: customers.customer_code })
    .from(customers)
    .where(inArray(customers.corporate_code, corporateCodes));
  return rows.map((r) => r.code);
}

/** An order line as a request's form and thread show it. */
const INQUIRY_LINE_COLUMNS = {
  sale_order_no: ledgerItems.sale_order_no,
  sale_order_line_no: ledgerItems.sale_order_line_no,
  delivery_no: ledgerItems.delivery_no,
  delivery_line_no: ledgerItems.delivery_line_no,
  item_name: ledgerItems.item_name,
  model_name: ledgerItems.model_name,
  quantity: ledgerItems.quantity,
  status: ledgerItems.status,
  expected_delivery_date: ledgerItems.expected_delivery_date,
};

/**
 * The lines of one order of a customer, in line order: those a request may name besides the one
 * it was opened from (at most `limit`, the most one request may name).
 */
export async function linesOfOrder(
  db: Db,
  customerCode: number,
  saleOrderNo: string,
  limit: number,
) {
  return db
    .select(INQUIRY_LINE_COLUMNS)
    .from(ledgerItems)
    .where(
      and(eq(ledgerItems.customer_code, customerCode), eq(ledgerItems.sale_order_no, saleOrderNo)),
    )
    .orderBy(
      asc(ledgerItems.sale_order_line_no),
      asc(ledgerItems.delivery_no),
      asc(ledgerItems.delivery_line_no),
    )
    .limit(limit);
}

export async function linesOfInquiry(db: Db, inquiryId: number) {
  return db
    .select(INQUIRY_LINE_COLUMNS)
    .from(inquiryLines)
    .innerJoin(ledgerItems, eq(ledgerItems.id, inquiryLines.ledger_item_id))
    .where(eq(inquiryLines.inquiry_id, inquiryId))
    .orderBy(
      asc(ledgerItems.sale_order_line_no),
      asc(ledgerItems.delivery_no),
      asc(ledgerItems.delivery_line_no),
    );
}

export async function messagesOfInquiry(db: Db, inquiryId: number) {
  const [messages, files] = await Promise.all([
    db
      .select()
      .from(inquiryMessages)
      .where(eq(inquiryMessages.inquiry_id, inquiryId))
      .orderBy(asc(inquiryMessages.id)),
    db
      .select({
        id: inquiryAttachments.id,
        messageId: inquiryAttachments.message_id,
        fileName: inquiryAttachments.file_name,
        contentType: inquiryAttachments.content_type,
        size: inquiryAttachments.size,
      })
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.inquiry_id, inquiryId))
      .orderBy(asc(inquiryAttachments.id)),
  ]);
  return { messages, files };
}

/** One attachment of one inquiry (an id of another inquiry finds nothing). */
export async function findAttachment(db: Db, inquiryId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(inquiryAttachments)
    .where(
      and(eq(inquiryAttachments.inquiry_id, inquiryId), eq(inquiryAttachments.id, attachmentId)),
    );
  return row;
}

/**
 * The keys of the lines of these orders of a customer that have a request not yet 完了 (the order
 * list's mark): first the open requests of one page's orders, through the requests' (customer,
 * order) index; only when there are some, their lines' keys by the lines' primary key. A page
 * without an open request thus reads no ledger row, and a search answered from the cache stays
 * answered without the ledger.
 */
export async function openInquiryLineKeys(
  db: Db,
  customerCode: number,
  saleOrderNos: readonly string[],
): Promise<LineKey[]> {
  if (saleOrderNos.length === 0) return [];
  const open = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.customer_code, customerCode),
        inArray(inquiries.sale_order_no, [...saleOrderNos]),
        sql`${inquiries.state} <> 'closed'`,
      ),
    );
  if (open.length === 0) return [];
  return db
    .selectDistinct({
      sale_order_no: ledgerItems.sale_order_no,
      sale_order_line_no: ledgerItems.sale_order_line_no,
      delivery_no: ledgerItems.delivery_no,
      delivery_line_no: ledgerItems.delivery_line_no,
    })
    .from(inquiryLines)
    .innerJoin(ledgerItems, eq(ledgerItems.id, inquiryLines.ledger_item_id))
    .where(
      inArray(
        inquiryLines.inquiry_id,
        open.map((row) => row.id),
      ),
    );
}
