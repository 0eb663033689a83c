import { randomUUID } from 'node:crypto';
import type {
  CreateInquiryBody,
  InquiryLineKey,
  InquiryListQuery,
  InquirySummary,
  InquiryThread,
  ReplyInquiryBody,
  SetInquiryStateBody,
} from '../../domain/api/inquiries';
import {
  customerMaySetState,
  INQUIRY_ATTACHMENT_MAX_BYTES,
  INQUIRY_CATEGORY_LABELS,
  INQUIRY_MAX_LINES,
  INQUIRY_MESSAGES,
  INQUIRY_PAGE_SIZE,
  INQUIRY_STATE_LABELS,
  INQUIRY_STATES,
  type InquiryCategory,
  type InquiryState,
  sniffAttachmentType,
} from '../../domain/inquiry';
import type { Config } from '../config';
import { badRequest, HttpError } from '../errors';
import type { MailOutbox } from '../mail/mail-outbox';
import type { OutgoingMail } from '../mail/mail-port';
import { recordAudit } from '../repositories/audit-log-repository';
import { bucketOfCustomer } from '../repositories/customers-repository';
import {
  countOpenInquiries,
  customerCodesOfCorporations,
  findAttachment,
  findInquiry,
  findLedgerLines,
  type InquiryRow,
  insertAttachment,
  insertInquiry,
  insertInquiryLines,
  insertMessage,
  linesOfInquiry,
  linesOfOrder,
  listStaffMembers,
  messagesOfInquiry,
  requesterWantsInquiryMail,
  searchInquiries,
  touchInquiryForMessage,
  updateInquiry,
  userNameOf,
} from '../repositories/inquiries-repository';
import type { ObjectStorage } from '../storage/storage-port';
import {
  authorize,
  inquiryReach,
  mayAskAboutLines,
  mayAssignInquiries,
  maySeeInquiry,
} from './authorization';
import type { Caller } from './caller';
import { auditActorOf, type DatabasePort } from './ports';

// Inquiries on order lines (docs/decisions/032). A request belongs to the customer of its lines,
// read from the ledger; who sees it is inquiryReach (authorization.ts). Every write, its files in
// the storage port, its audit entry and its mails go in one transaction: a refused or failed
// request leaves nothing behind in the database.

export interface InquiryPorts extends DatabasePort {
  storage: ObjectStorage;
  downloadTtlSeconds: number;
  mailer: Pick<MailOutbox, 'enqueue' | 'kick'>;
  config: Pick<Config, 'WEB_TITLE' | 'publicBaseUrl'>;
}

type Tx = Parameters<Parameters<InquiryPorts['db']['transaction']>[0]>[0];

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** The caller's row that writes: the staff row of staff, else a row of the inquiry's customer. */
function writerRow(caller: Caller, customerCode: number) {
  const auditRow = auditActorOf(caller);
  const row =
    caller.rows.find((r) => caller.isStaff && r.userId === auditRow.actorUserId) ??
    caller.rows.find((r) => r.customerCode === customerCode) ??
    caller.rows[0]!;
  return row;
}

interface CheckedFile {
  fileName: string;
  bytes: Buffer;
  contentType: string;
}

/** Decodes and checks every attachment before anything is written. */
function checkAttachments(files: ReplyInquiryBody['attachments']): CheckedFile[] {
  return files.map((file, i) => {
    const bytes = Buffer.from(file.content_base64, 'base64');
    const field = `attachments.${i}`;
    if (bytes.length === 0)
      throw badRequest(
        [{ field, message: INQUIRY_MESSAGES.attachmentEmpty }],
        INQUIRY_MESSAGES.attachmentEmpty,
      );
    if (bytes.length > INQUIRY_ATTACHMENT_MAX_BYTES) {
      throw badRequest(
        [{ field, message: INQUIRY_MESSAGES.attachmentTooLarge }],
        INQUIRY_MESSAGES.attachmentTooLarge,
      );
    }
    const contentType = sniffAttachmentType(bytes);
    if (!contentType) {
      throw badRequest(
        [{ field, message: INQUIRY_MESSAGES.attachmentType }],
        INQUIRY_MESSAGES.attachmentType,
      );
    }
    // The name is shown and offered as the download's name: no folders, no control characters.
    const fileName = file.file_name.replace(/[\\/\p{Cc}]/gu, '_');
    return { fileName, bytes, contentType };
  });
}

async function storeFiles(
  tx: Tx,
  ports: InquiryPorts,
  bucket: string,
  inquiryId: number,
  messageId: number,
  files: CheckedFile[],
): Promise<void> {
  for (const file of files) {
    // The key is ours alone (never the client's name), under the customer's Inquiries/ root.
    const objectKey = `Inquiries/${inquiryId}/${randomUUID()}`;
    await ports.storage.putObject(bucket, objectKey, file.bytes);
    await insertAttachment(tx, {
      inquiryId,
      messageId,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.bytes.length,
      bucket,
      objectKey,
    });
  }
}

// --- mails ---------------------------------------------------------------------------------------

function threadUrl(ports: InquiryPorts, id: number): string {
  return `${ports.config.publicBaseUrl}/inquiries/${id}`;
}

function inquiryMail(
  ports: InquiryPorts,
  to: string,
  inquiry: { id: number; customerName: string; saleOrderNo: string; category: string },
  headline: string,
  body: string,
): OutgoingMail {
  const category = INQUIRY_CATEGORY_LABELS[inquiry.category as InquiryCategory] ?? inquiry.category;
  const subject = `【${ports.config.WEB_TITLE}】${headline}（注文 ${inquiry.saleOrderNo}）`;
  const text = [
    headline,
    '',
    `取引先: ${inquiry.customerName}`,
    `注文番号: ${inquiry.saleOrderNo}`,
    `種類: ${category}`,
    '',
    body,
    '',
    'やりとりの全文はこちらからご覧ください。',
    threadUrl(ports, inquiry.id),
  ].join('\n');
  return { to, subject, text };
}

/** Staff hear of a customer's request or reply: the assigned person, or every staff member. */
async function mailStaff(
  tx: Tx,
  ports: InquiryPorts,
  inquiry: NonNullable<InquiryRow>,
  headline: string,
  body: string,
): Promise<void> {
  const to =
    inquiry.assignedMail !== null
      ? [inquiry.assignedMail]
      : [...new Set((await listStaffMembers(tx)).map((s) => s.mail))];
  for (const mail of to) {
    await ports.mailer.enqueue(tx, inquiryMail(ports, mail, inquiry, headline, body), {
      kind: 'inquiry',
    });
  }
}

async function mailRequester(
  tx: Tx,
  ports: InquiryPorts,
  inquiry: NonNullable<InquiryRow>,
  headline: string,
  body: string,
): Promise<void> {
  // The person turned inquiry mails off on their account page: the thread itself still shows it.
  if (!(await requesterWantsInquiryMail(tx, inquiry.requesterUserId))) return;
  await ports.mailer.enqueue(
    tx,
    inquiryMail(ports, inquiry.requesterMail, inquiry, headline, body),
    { kind: 'inquiry' },
  );
}

// --- answers -------------------------------------------------------------------------------------

function summaryOf(row: NonNullable<InquiryRow>): InquirySummary {
  return {
    id: row.id,
    customer_code: row.customerCode,
    customer_name: row.customerName,
    sale_order_no: row.saleOrderNo,
    category: row.category as InquiryCategory,
    state: row.state as InquiryState,
    wished_date: row.wishedDate,
    agreed_date: row.agreedDate,
    requester: { user_id: row.requesterUserId, name: row.requesterName, staff: false },
    assigned:
      row.assignedUserId !== null
        ? { user_id: row.assignedUserId, name: row.assignedName ?? '' }
        : null,
    first_text: row.firstText,
    message_count: row.messageCount,
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.lastActivityAt.toISOString(),
  };
}

async function visibleInquiry(ports: InquiryPorts, caller: Caller, id: number, lock?: Tx) {
  const row = await findInquiry(lock ?? ports.db, id, { lock: lock !== undefined });
  authorize(maySeeInquiry(caller, row));
  return row!;
}

// --- use cases -----------------------------------------------------------------------------------

/** POST /inquiries: a request about lines of one order, with up to 3 files. */
export async function createInquiry(
  ports: InquiryPorts,
  caller: Caller,
  body: CreateInquiryBody,
): Promise<{ id: number }> {
  const found = await findLedgerLines(ports.db, body.lines);
  const wanted = new Set(
    body.lines.map(
      (k) =>
        `${k.sale_order_no}\u0000${k.sale_order_line_no}\u0000${k.delivery_no}\u0000${k.delivery_line_no}`,
    ),
  );
  if (found.length < wanted.size) {
    // A line that does not exist and a line of a customer the caller may not see are told alike.
    const customers = new Set(found.map((l) => l.customerCode));
    for (const code of customers) authorize(mayAskAboutLines(caller, code));
    throw badRequest(
      [{ field: 'lines', message: INQUIRY_MESSAGES.lineNotFound }],
      INQUIRY_MESSAGES.lineNotFound,
    );
  }
  for (const code of new Set(found.map((l) => l.customerCode)))
    authorize(mayAskAboutLines(caller, code));
  if (new Set(found.map((l) => `${l.customerCode}\u0000${l.saleOrderNo}`)).size > 1) {
    throw badRequest(
      [{ field: 'lines', message: INQUIRY_MESSAGES.linesOfSeveralOrders }],
      INQUIRY_MESSAGES.linesOfSeveralOrders,
    );
  }
  const files = checkAttachments(body.attachments);
  const { customerCode, saleOrderNo, bucket } = found[0]!;
  const row = writerRow(caller, customerCode);
  const name = (await userNameOf(ports.db, row.userId)) ?? row.mail;

  const id = await ports.db.transaction(async (tx) => {
    const inquiryId = await insertInquiry(tx, {
      customerCode,
      saleOrderNo,
      category: body.category,
      wishedDate: body.category === 'delivery-change' ? (body.wished_date ?? null) : null,
      requesterUserId: row.userId,
      requesterName: name,
      requesterMail: row.mail,
      text: body.text,
      searchText: fold(body.text),
    });
    await insertInquiryLines(tx, inquiryId, [...new Set(found.map((l) => l.id))]);
    const messageId = await insertMessage(tx, {
      inquiryId,
      authorUserId: row.userId,
      authorName: name,
      authorStaff: caller.isStaff,
      text: body.text,
    });
    await storeFiles(tx, ports, bucket, inquiryId, messageId, files);
    await recordAudit(tx, {
      ...auditActorOf(caller),
      action: 'inquiry.create',
      entity: 'inquiry',
      entityId: inquiryId,
      customerCode,
      before: null,
      after: {
        category: body.category,
        saleOrderNo,
        lines: found.length,
        wishedDate: body.wished_date ?? null,
        attachments: files.length,
      },
    });
    const created = (await findInquiry(tx, inquiryId))!;
    await mailStaff(tx, ports, created, 'お客様から新しいお問い合わせがありました', body.text);
    return inquiryId;
  });
  ports.mailer.kick();
  return { id };
}

/** GET /inquiries: one page of the requests the caller may see, newest activity first. */
export async function listInquiries(
  ports: InquiryPorts,
  caller: Caller,
  query: InquiryListQuery,
): Promise<{ inquiries: InquirySummary[]; total: number; page: number; page_size: number }> {
  const reach = inquiryReach(caller);
  let customerCodes: number[] | null = null;
  if (reach !== 'all') {
    customerCodes = [
      ...new Set([
        ...reach.customerCodes,
        ...(await customerCodesOfCorporations(ports.db, reach.corporateCodes)),
      ]),
    ];
    // Naming a customer outside one's reach is refused, not answered empty (as the audit view).
    if (query.customer_code !== undefined && !customerCodes.includes(query.customer_code)) {
      authorize('forbidden');
    }
  }
  const dayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);
  const to = query.to ? new Date(dayStart(query.to).getTime() + 86_400_000) : undefined;
  const { rows, total } = await searchInquiries(
    ports.db,
    {
      customerCodes,
      state: query.state,
      category: query.category,
      customerCode: query.customer_code,
      from: query.from ? dayStart(query.from) : undefined,
      to,
      assigned: query.assigned,
      keyword: query.keyword ? fold(query.keyword) : undefined,
      saleOrderNo: query.sale_order_no,
    },
    (query.page - 1) * INQUIRY_PAGE_SIZE,
    INQUIRY_PAGE_SIZE,
  );
  return {
    inquiries: rows.map(summaryOf),
    total,
    page: query.page,
    page_size: INQUIRY_PAGE_SIZE,
  };
}

/** GET /inquiries/:id: the request, its lines and its messages with their files. */
export async function getInquiryThread(
  ports: InquiryPorts,
  caller: Caller,
  id: number,
): Promise<InquiryThread> {
  const row = await visibleInquiry(ports, caller, id);
  const [lines, { messages, files }] = await Promise.all([
    linesOfInquiry(ports.db, id),
    messagesOfInquiry(ports.db, id),
  ]);
  const state = row.state as InquiryState;
  return {
    ...summaryOf(row),
    lines,
    messages: messages.map((m) => ({
      id: m.id,
      author: { user_id: m.author_user_id, name: m.author_name, staff: m.author_staff },
      text: m.text,
      created_at: m.created_at.toISOString(),
      attachments: files
        .filter((f) => f.messageId === m.id)
        .map((f) => ({
          id: f.id,
          file_name: f.fileName,
          content_type: f.contentType,
          size: f.size,
        })),
    })),
    can: {
      reply: true,
      set_states: caller.isStaff
        ? INQUIRY_STATES.filter((s) => s !== state)
        : INQUIRY_STATES.filter((s) => customerMaySetState(state, s)),
      assign: caller.isStaff,
    },
  };
}

/** POST /inquiries/:id/messages: a reply from either side. */
export async function replyToInquiry(
  ports: InquiryPorts,
  caller: Caller,
  id: number,
  body: ReplyInquiryBody,
): Promise<{ id: number }> {
  await visibleInquiry(ports, caller, id);
  const files = checkAttachments(body.attachments);
  const messageId = await ports.db.transaction(async (tx) => {
    const inquiry = await visibleInquiry(ports, caller, id, tx);
    const row = writerRow(caller, inquiry.customerCode);
    const name = (await userNameOf(tx, row.userId)) ?? row.mail;
    const created = await insertMessage(tx, {
      inquiryId: id,
      authorUserId: row.userId,
      authorName: name,
      authorStaff: caller.isStaff,
      text: body.text,
    });
    await storeFiles(
      tx,
      ports,
      await bucketOfInquiry(tx, inquiry.customerCode),
      id,
      created,
      files,
    );
    await touchInquiryForMessage(tx, id, fold(body.text));
    // A staff reply to a waiting request answers it; a customer's reply puts it before staff again.
    const state = inquiry.state as InquiryState;
    const next: InquiryState | null = caller.isStaff
      ? state === 'open' || state === 'in-progress'
        ? 'answered'
        : null
      : state === 'answered'
        ? 'in-progress'
        : null;
    if (next) await updateInquiry(tx, id, { state: next });
    await recordAudit(tx, {
      ...auditActorOf(caller),
      action: 'inquiry.message',
      entity: 'inquiry',
      entityId: id,
      customerCode: inquiry.customerCode,
      before: next ? { state } : null,
      after: { messageId: created, attachments: files.length, ...(next ? { state: next } : {}) },
    });
    if (caller.isStaff) {
      await mailRequester(tx, ports, inquiry, 'お問い合わせに回答がありました', body.text);
    } else {
      await mailStaff(tx, ports, inquiry, 'お問い合わせに返信がありました', body.text);
    }
    return created;
  });
  ports.mailer.kick();
  return { id: messageId };
}

/** The bucket of the inquiry's customer, where its files are kept. */
async function bucketOfInquiry(tx: Tx, customerCode: number): Promise<string> {
  const bucket = await bucketOfCustomer(tx, customerCode);
  if (!bucket) throw new HttpError(404, 'NOT_FOUND');
  return bucket;
}

/** PUT /inquiries/:id/state: staff any state; the customer closes or reopens. */
export async function setInquiryState(
  ports: InquiryPorts,
  caller: Caller,
  id: number,
  body: SetInquiryStateBody,
): Promise<{ state: InquiryState; agreed_date: string | null }> {
  await visibleInquiry(ports, caller, id);
  const result = await ports.db.transaction(async (tx) => {
    const inquiry = await visibleInquiry(ports, caller, id, tx);
    const from = inquiry.state as InquiryState;
    if (!caller.isStaff) {
      if (body.agreed_date !== undefined || !customerMaySetState(from, body.state)) {
        throw new HttpError(403, 'FORBIDDEN', INQUIRY_MESSAGES.customerMayOnlyCloseOrReopen);
      }
    }
    // The agreed date is recorded by staff on a 納期変更の依頼 only.
    const agreedDate =
      caller.isStaff && inquiry.category === 'delivery-change' && body.agreed_date !== undefined
        ? body.agreed_date
        : inquiry.agreedDate;
    await updateInquiry(tx, id, { state: body.state, agreed_date: agreedDate });
    await recordAudit(tx, {
      ...auditActorOf(caller),
      action: 'inquiry.state',
      entity: 'inquiry',
      entityId: id,
      customerCode: inquiry.customerCode,
      before: { state: from, agreedDate: inquiry.agreedDate },
      after: { state: body.state, agreedDate },
    });
    const label = INQUIRY_STATE_LABELS[body.state];
    const dateLine = agreedDate ? `\n回答納期: ${agreedDate}` : '';
    if (caller.isStaff) {
      await mailRequester(
        tx,
        ports,
        inquiry,
        `お問い合わせの状態が「${label}」になりました`,
        `状態: ${label}${dateLine}`,
      );
    } else {
      await mailStaff(
        tx,
        ports,
        inquiry,
        `お客様がお問い合わせを「${label}」にしました`,
        `状態: ${label}`,
      );
    }
    return { state: body.state, agreed_date: agreedDate };
  });
  ports.mailer.kick();
  return result;
}

/** PUT /inquiries/:id/assignee: staff assign a request to a staff member (or to nobody). */
export async function assignInquiry(
  ports: InquiryPorts,
  caller: Caller,
  id: number,
  assignedUserId: number | null,
): Promise<{ assigned_user_id: number | null }> {
  authorize(mayAssignInquiries(caller));
  await visibleInquiry(ports, caller, id);
  if (assignedUserId !== null) {
    const staff = await listStaffMembers(ports.db);
    if (!staff.some((s) => s.user_id === assignedUserId)) {
      throw badRequest(
        [{ field: 'assigned_user_id', message: INQUIRY_MESSAGES.assigneeNotStaff }],
        INQUIRY_MESSAGES.assigneeNotStaff,
      );
    }
  }
  await ports.db.transaction(async (tx) => {
    const inquiry = await visibleInquiry(ports, caller, id, tx);
    await updateInquiry(tx, id, { assigned_user_id: assignedUserId });
    await recordAudit(tx, {
      ...auditActorOf(caller),
      action: 'inquiry.assign',
      entity: 'inquiry',
      entityId: id,
      customerCode: inquiry.customerCode,
      before: { assignedUserId: inquiry.assignedUserId },
      after: { assignedUserId },
    });
  });
  return { assigned_user_id: assignedUserId };
}

/** GET /inquiries/:id/attachments/:attachmentId/url: a short-lived link, recorded as a download. */
export async function inquiryAttachmentUrl(
  ports: InquiryPorts,
  caller: Caller,
  id: number,
  attachmentId: number,
): Promise<{ url: string; file_name: string }> {
  const inquiry = await visibleInquiry(ports, caller, id);
  const file = await findAttachment(ports.db, id, attachmentId);
  if (!file) throw new HttpError(404, 'NOT_FOUND');
  const url = await ports.storage.createDownloadUrl(file.bucket, file.object_key, {
    fileName: file.file_name,
    expiresInSeconds: ports.downloadTtlSeconds,
  });
  await recordAudit(ports.db, {
    ...auditActorOf(caller),
    action: 'inquiry.attachment.download',
    entity: 'inquiry-attachment',
    entityId: attachmentId,
    customerCode: inquiry.customerCode,
    before: null,
    after: { inquiryId: id, fileName: file.file_name },
  });
  return { url, file_name: file.file_name };
}

/** GET /inquiries/open-count: requests waiting for staff (staff's navigation); 0 for customers. */
export async function openInquiryCount(
  ports: InquiryPorts,
  caller: Caller,
): Promise<{ open: number }> {
  if (!caller.isStaff) return { open: 0 };
  return { open: await countOpenInquiries(ports.db) };
}

/**
 * GET /inquiries/order-lines: the lines of the order of the line given, for the form that asks
 * about several of them. Whoever may ask about the line may see its order's lines; another
 * customer's line is 403 and a line that does not exist 400, as when asking.
 */
export async function orderLinesToAsk(ports: InquiryPorts, caller: Caller, key: InquiryLineKey) {
  const [line] = await findLedgerLines(ports.db, [key]);
  if (!line) {
    throw badRequest(
      [{ field: 'line', message: INQUIRY_MESSAGES.lineNotFound }],
      INQUIRY_MESSAGES.lineNotFound,
    );
  }
  authorize(mayAskAboutLines(caller, line.customerCode));
  const lines = await linesOfOrder(
    ports.db,
    line.customerCode,
    line.saleOrderNo,
    INQUIRY_MAX_LINES,
  );
  return { lines };
}

/** GET /inquiries/staff: the staff members a request may be assigned to (staff only). */
export async function inquiryStaffMembers(ports: InquiryPorts, caller: Caller) {
  authorize(mayAssignInquiries(caller));
  return (await listStaffMembers(ports.db)).map((s) => ({ user_id: s.user_id, name: s.name }));
}
