import { and, eq, ne } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, documents, ledgerItems, notices, users } from '../../db/schema';
import { apiErrorSchema } from '../../domain/api-error';
import { createOtherCorporationAdmin, createUser } from './helpers/accounts';
import { apiKey, bearer, signIn } from './helpers/auth';
import { createInvoice, invoiceCsv } from './helpers/invoice-factory';
import { createLedgerItem, ledgerCsv } from './helpers/ledger-factory';
import { DATA_TABLES, tableDigests } from './helpers/table-digests';
import { createTestApp, type TestApp } from './helpers/test-app';

// The authorization matrix of docs/product.md §12 over every /api/v1 route in the server's route table:
// each route × actor × target customer → the expected status. A route without an entry fails the
// test, so a new route cannot ship without saying who may call it. A refused call must answer the
// error shape only and leave every table as it was. Every request also carries tampered identity
// fields (user_id, login_user_id, firebase_uid of the staff account): they must change nothing.

type Actor = 'anonymous' | 'user' | 'otherUser' | 'admin' | 'otherAdmin' | 'staff';
type Target = 'own' | 'sameCorp' | 'foreign';

const ACTORS: readonly Actor[] = ['anonymous', 'user', 'otherUser', 'admin', 'otherAdmin', 'staff'];
const TARGETS: readonly Target[] = ['own', 'sameCorp', 'foreign'];

/** own: the customer user@ and admin@ hold (corporation 1001); sameCorp: the other customer of 1001;
 * foreign: a customer of corporation 3001, which no actor belongs to. otherUser and otherAdmin
 * belong to corporation 2001 (customer 20001): all three targets are foreign to them. */
const CUSTOMER: Record<Target, number> = { own: 10001, sameCorp: 10002, foreign: 30001 };
const CORPORATION: Record<Target, number> = { own: 1001, sameCorp: 1001, foreign: 3001 };

const MAIL: Record<Exclude<Actor, 'anonymous'>, string> = {
  user: 'user@example.com',
  otherUser: 'other@example.com',
  admin: 'admin@example.com',
  otherAdmin: 'other-admin@example.com',
  staff: 'staff@example.com',
};

let t: TestApp;
const tokens = {} as Record<Exclude<Actor, 'anonymous'>, string>;
let staffUid: string;
let staffRowId: number;
type Line = typeof ledgerItems.$inferSelect;
const documentLine = {} as Record<Target, Line>;
const sharedFile = {} as Record<Target, { folder: string; name: string }>;
/** A document (an archived invoice) of each target customer. */
const documentOf = {} as Record<Target, number>;
let sequence = 0;

// --- expectations ----------------------------------------------------------------------------

/** Holds the target customer code itself (orders, documents, shared files). */
const holds = (a: Actor, target: Target) =>
  a === 'staff' || ((a === 'user' || a === 'admin') && target === 'own');
/** Belongs to the target's corporation (customer and corporation lookups). */
const inCorporation = (a: Actor, target: Target) =>
  a === 'staff' || ((a === 'user' || a === 'admin') && target !== 'foreign');
/** Administers the target's users (managers page). */
const manages = (a: Actor, target: Target) =>
  a === 'staff' || (a === 'admin' && target !== 'foreign');
/** Sees a customer's inquiries: holds it, or administers its corporation (docs/decisions/032). */
const seesInquiriesOf = (a: Actor, target: Target) => holds(a, target) || manages(a, target);
const isManager = (a: Actor) => a === 'staff' || a === 'admin' || a === 'otherAdmin';

const status = (allowed: boolean, a: Actor) => (a === 'anonymous' ? 401 : allowed ? 200 : 403);

interface Entry {
  /** 'customer': the call names a customer, run for every target; 'none': once. */
  scope: 'customer' | 'none';
  request(target: Target): Promise<InjectOptions> | InjectOptions;
  expected(actor: Actor, target: Target): number;
  /** Pre-login calls authenticate with the api-key header instead of a bearer token. */
  preLogin?: boolean;
}

const tamper = () => ({ user_id: staffRowId, login_user_id: staffRowId });
const tamperQuery = () => ({ user_id: String(staffRowId), login_user_id: String(staffRowId) });

async function freshUserRow(target: Target): Promise<number> {
  const [row] = await t.database.db
    .insert(users)
    .values({
      mail: `matrix-${++sequence}@example.com`,
      user_name: `マトリクス ${sequence}`,
      customer_code: CUSTOMER[target],
      user_type_id: 2,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A user row of the target customer whose person has an identity and has never signed in. */
async function freshInvitedRow(target: Target): Promise<number> {
  const mail = `invited-${++sequence}@example.com`;
  const uid = await t.platform.identity.createIdentity({
    mail,
    name: `招待 ${sequence}`,
    mailVerified: false,
  });
  const [row] = await t.database.db
    .insert(users)
    .values({
      mail,
      user_name: `招待 ${sequence}`,
      customer_code: CUSTOMER[target],
      user_type_id: 2,
      firebase_uid: uid,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function freshNotice(): Promise<number> {
  const [row] = await t.database.db
    .insert(notices)
    .values({ title: `お知らせ ${++sequence}`, url: 'https://example.com/n' })
    .returning({ id: notices.id });
  return row!.id;
}

async function freshBanner(): Promise<number> {
  const [row] = await t.database.db
    .insert(banners)
    .values({
      explanation: `バナー ${++sequence}`,
      image_url: 'https://example.com/b.png',
      destination_url: 'https://example.com/',
    })
    .returning({ id: banners.id });
  return row!.id;
}

const PDF_BASE64 = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
const lineKeyOf = (l: Line) => ({
  sale_order_no: l.sale_order_no,
  sale_order_line_no: l.sale_order_line_no,
  delivery_no: l.delivery_no,
  delivery_line_no: l.delivery_line_no,
});
const inquiry = {} as Record<Target, { id: number; attachmentId: number }>;

/** A request about the target's document line, asked by staff (who may ask about any line). */
async function freshInquiry(target: Target): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/inquiries',
    payload: {
      category: 'other',
      text: `マトリクス ${++sequence}`,
      lines: [lineKeyOf(documentLine[target])],
      attachments: [{ file_name: 'a.pdf', content_base64: PDF_BASE64 }],
    },
    headers: bearer(tokens.staff),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const keysOf = (l: Line) =>
  `sale_order_no=${encodeURIComponent(l.sale_order_no)}&sale_order_line_no=${l.sale_order_line_no}&delivery_no=${encodeURIComponent(l.delivery_no)}&delivery_line_no=${l.delivery_line_no}`;

const MATRIX: Record<string, Entry> = {
  // --- pre-login (docs/product.md §6: the static api key, no token) ---
  'POST /api/v1/user/check-account-lock': {
    scope: 'customer',
    preLogin: true,
    request: () => ({ payload: { mail: MAIL.user } }),
    expected: () => 200,
  },
  'PUT /api/v1/user/lock-account': {
    scope: 'customer',
    preLogin: true,
    request: () => ({ payload: { mail: MAIL.user } }),
    expected: () => 200,
  },
  'POST /api/v1/user/check-firebase-user-by-mail': {
    scope: 'customer',
    preLogin: true,
    request: () => ({ payload: { mail: MAIL.staff } }),
    expected: () => 200,
  },
  // --- the signed-in person's own records ---
  'POST /api/v1/user/get-all-customers': {
    scope: 'none',
    request: () => ({ payload: { firebase_uid: staffUid } }),
    expected: (a) => status(true, a),
  },
  'POST /api/v1/user/get-firebase-user-by-id': {
    scope: 'customer',
    request: (target) => ({
      payload: { firebase_uid: staffUid, customer_code: CUSTOMER[target], ...tamper() },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  // --- customer and corporation lookups ---
  'GET /api/v1/spec/convert-from-customer-code-to-coporation-code': {
    scope: 'customer',
    request: (target) => ({
      query: { customer_code: String(CUSTOMER[target]), login_user_id: String(staffRowId) },
    }),
    expected: (a, target) => status(inCorporation(a, target), a),
  },
  'GET /api/v1/spec/convert-from-customer-code-to-customer-name': {
    scope: 'customer',
    request: (target) => ({ query: { customer_code: String(CUSTOMER[target]) } }),
    expected: (a, target) => status(inCorporation(a, target), a),
  },
  'GET /api/v1/spec/convert-from-coporation-code-to-coporation-name': {
    scope: 'customer',
    request: (target) => ({ query: { coporate_code: String(CORPORATION[target]) } }),
    expected: (a, target) => status(inCorporation(a, target), a),
  },
  'GET /api/v1/spec/get-customer-code-list': {
    scope: 'customer',
    request: (target) => ({ query: { coporate_code: String(CORPORATION[target]) } }),
    expected: (a, target) => status(inCorporation(a, target), a),
  },
  'GET /api/v1/spec/get-all-customer-code-list': {
    scope: 'none',
    request: () => ({ query: { login_user_id: String(staffRowId) } }),
    expected: (a) => status(true, a),
  },
  // --- orders ---
  'POST /api/v1/spec/search-result-ledgerItem': {
    scope: 'customer',
    request: (target) => ({ payload: { customer_code: CUSTOMER[target], ...tamper() } }),
    expected: (a, target) => status(holds(a, target), a),
  },
  // The export: the search's rule (holds the customer, staff any), checked before anything is read.
  'POST /api/v1/spec/export-ledgerItem': {
    scope: 'customer',
    request: (target) => ({
      payload: { customer_code: CUSTOMER[target], format: 'csv', ...tamper() },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  'POST /api/v1/spec/import-ledger': {
    scope: 'customer',
    request: (target) => ({
      payload: ledgerCsv([createLedgerItem({ customer_code: CUSTOMER[target] })]),
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  // The invoice register's import (docs/decisions/027): staff only, whoever the invoices are for.
  'POST /api/v1/spec/import-invoices': {
    scope: 'customer',
    request: (target) => ({
      payload: invoiceCsv([createInvoice({ customer_code: String(CUSTOMER[target]) })]),
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  // Reading the invoice register: the order lines' rule (holds the customer, staff any).
  'GET /api/v1/invoices': {
    scope: 'customer',
    request: (target) => ({ query: { customer_code: String(CUSTOMER[target]) } }),
    expected: (a, target) => status(holds(a, target), a),
  },
  // The documents screen (docs/decisions/030): the order lines' rule, with the document's own
  // customer as the target (never a field the client sends); staff must choose a customer.
  'GET /api/v1/documents': {
    scope: 'customer',
    request: (target) => ({ query: { customer_code: String(CUSTOMER[target]), ...tamperQuery() } }),
    expected: (a, target) => status(holds(a, target), a),
  },
  'GET /api/v1/documents/:id/versions': {
    scope: 'customer',
    request: (target) => ({ url: `/api/v1/documents/${documentOf[target]}/versions` }),
    expected: (a, target) => status(holds(a, target), a),
  },
  'POST /api/v1/documents/:id/download': {
    scope: 'customer',
    request: (target) => ({
      url: `/api/v1/documents/${documentOf[target]}/download`,
      payload: { ...tamper() },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  'POST /api/v1/documents/zip': {
    scope: 'customer',
    request: (target) => ({
      payload: { customer_code: String(CUSTOMER[target]), ...tamper() },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  // --- the audit view (docs/decisions/017): staff any customer; an administrator a
  // customer of their corporation (otherAdmin's corporation 2001 has none of the targets);
  // general users never. What each sees is tested in audit.test.ts.
  'GET /api/v1/audit': {
    scope: 'customer',
    request: (target) => ({ query: { customer_code: String(CUSTOMER[target]) } }),
    expected: (a, target) => status(manages(a, target), a),
  },
  'GET /api/v1/audit/export': {
    scope: 'customer',
    request: (target) => ({ query: { customer_code: String(CUSTOMER[target]) } }),
    expected: (a, target) => status(manages(a, target), a),
  },
  'GET /api/v1/spec/specified-ledger-file-path': {
    scope: 'customer',
    request: (target) => ({ url: `?${keysOf(documentLine[target])}&login_user_id=${staffRowId}` }),
    expected: (a, target) => status(holds(a, target), a),
  },
  'POST /api/v1/shared-file/get-shared-files': {
    scope: 'customer',
    request: (target) => ({
      payload: {
        bucket_name: `portal-${CUSTOMER[target]}`,
        download_name: '請求書',
        folder_name: 'Spec',
        file_names: [documentLine[target].invoice_file_name],
        ...tamper(),
      },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  // --- shared files ---
  'GET /api/v1/spec/get-customer-bucket-name': {
    scope: 'customer',
    request: (target) => ({ query: { customer_code: String(CUSTOMER[target]) } }),
    expected: (a, target) => status(holds(a, target), a),
  },
  'POST /api/v1/spec/register-customer-folder-name': {
    scope: 'customer',
    request: (target) => ({
      payload: { customer_code: CUSTOMER[target], folder_name: 'Shared', ...tamper() },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  'POST /api/v1/shared-file/get-shared-filename': {
    scope: 'customer',
    request: (target) => ({
      payload: { bucket_name: `portal-${CUSTOMER[target]}`, folder_name: '', ...tamper() },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  'POST /api/v1/shared-file/get-shared-url': {
    scope: 'customer',
    request: (target) => ({
      payload: {
        bucket_name: `portal-${CUSTOMER[target]}`,
        folder_name: sharedFile[target].folder,
        file_name: sharedFile[target].name,
        ...tamper(),
      },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  // --- top page: reads for everybody signed in, writes for staff ---
  'POST /api/v1/notice/get-notice': {
    scope: 'none',
    request: () => ({ payload: { limit: 10, ...tamper() } }),
    expected: (a) => status(true, a),
  },
  'POST /api/v1/notice/add-notice': {
    scope: 'none',
    request: () => ({
      payload: { title: `追加 ${++sequence}`, url: 'https://example.com/', ...tamper() },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  'PUT /api/v1/notice/update-notice': {
    scope: 'none',
    request: async () => ({
      payload: { id: await freshNotice(), title: '更新', url: 'https://example.com/', ...tamper() },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  'DELETE /api/v1/notice/delete-notice': {
    scope: 'none',
    request: async () => ({ payload: { id: await freshNotice(), ...tamper() } }),
    expected: (a) => status(a === 'staff', a),
  },
  'POST /api/v1/banner/get-banner': {
    scope: 'none',
    request: () => ({ payload: { limit: 5, ...tamper() } }),
    expected: (a) => status(true, a),
  },
  'POST /api/v1/banner/add-banner': {
    scope: 'none',
    request: () => ({
      payload: {
        explanation: `追加 ${++sequence}`,
        image_url: 'https://example.com/a.png',
        destination_url: 'https://example.com/',
        ...tamper(),
      },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  'PUT /api/v1/banner/update-banner': {
    scope: 'none',
    request: async () => ({
      payload: {
        id: await freshBanner(),
        explanation: '更新',
        image_url: 'https://example.com/a.png',
        destination_url: 'https://example.com/',
        ...tamper(),
      },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  'DELETE /api/v1/banner/delete-banner': {
    scope: 'none',
    request: async () => ({ payload: { id: await freshBanner(), ...tamper() } }),
    expected: (a) => status(a === 'staff', a),
  },
  // --- managers ---
  'POST /api/v1/user/get-user-by-customer': {
    scope: 'customer',
    request: (target) => ({ payload: { customer_code: [CUSTOMER[target]], ...tamper() } }),
    expected: (a, target) => status(manages(a, target), a),
  },
  'POST /api/v1/user/get-all-user-type': {
    scope: 'none',
    request: () => ({ payload: { user_group: 'BtoB', ...tamper() } }),
    expected: (a) => status(isManager(a), a),
  },
  'POST /api/v1/user/add-user': {
    scope: 'customer',
    request: (target) => ({
      payload: {
        customer_code: CUSTOMER[target],
        mail: `added-${++sequence}@example.com`,
        user_name: '追加 花子',
        user_type_id: 2,
        ...tamper(),
      },
    }),
    expected: (a, target) => status(manages(a, target), a),
  },
  'PUT /api/v1/user/update-user': {
    scope: 'customer',
    request: async (target) => {
      const id = await freshUserRow(target);
      return {
        payload: {
          id,
          customer_code: CUSTOMER[target],
          mail: `matrix-${sequence}@example.com`,
          user_name: '更新 次郎',
          user_type_id: 2,
          // The shipment notification goes with the row, under the same rule.
          shipment_mail: false,
          ...tamper(),
        },
      };
    },
    expected: (a, target) => status(manages(a, target), a),
  },
  'PUT /api/v1/user/delete-user': {
    scope: 'customer',
    request: async (target) => ({ payload: { id: await freshUserRow(target), ...tamper() } }),
    expected: (a, target) => status(manages(a, target), a),
  },
  // Staff only, whoever's the row (an administrator's own users included).
  'PUT /api/v1/user/reset-second-factor': {
    scope: 'customer',
    request: async (target) => ({ payload: { id: await freshUserRow(target), ...tamper() } }),
    expected: (a) => status(a === 'staff', a),
  },
  // The person's sign-in on the managers page: whoever manages the row's customer.
  'PUT /api/v1/user/resend-invitation': {
    scope: 'customer',
    request: async (target) => ({ payload: { id: await freshInvitedRow(target), ...tamper() } }),
    expected: (a, target) => status(manages(a, target), a),
  },
  'PUT /api/v1/user/unlock-account': {
    scope: 'customer',
    request: async (target) => ({ payload: { id: await freshUserRow(target), ...tamper() } }),
    expected: (a, target) => status(manages(a, target), a),
  },
  // --- the account page: one's own account only ---
  'GET /api/v1/account': {
    scope: 'none',
    request: () => ({ query: { mail: MAIL.staff, login_user_id: String(staffRowId) } }),
    expected: (a) => status(true, a),
  },
  'PUT /api/v1/account/notifications': {
    scope: 'customer',
    request: (target) => ({
      payload: { notifications: [{ customer_code: CUSTOMER[target], shipment_mail: false }] },
    }),
    // Only a code the caller holds itself: staff and administrators included.
    expected: (a, target) => status((a === 'user' || a === 'admin') && target === 'own', a),
  },
  'PATCH /api/v1/account/notifications': {
    scope: 'customer',
    request: (target) => ({
      payload: { notifications: [{ customer_code: CUSTOMER[target], shipment_mail: true }] },
    }),
    expected: (a, target) => status((a === 'user' || a === 'admin') && target === 'own', a),
  },
  'GET /api/v1/account/sign-ins': {
    scope: 'none',
    request: () => ({ query: { mail: MAIL.staff, login_user_id: String(staffRowId) } }),
    expected: (a) => status(true, a),
  },
  // --- inquiries on order lines (docs/decisions/032): asking needs the line's customer (the
  // orders' rule); reading, replying and closing the requests of one's customers, an
  // administrator's corporation too; assigning staff only. Each target has a request with a file.
  'POST /api/v1/inquiries': {
    scope: 'customer',
    request: (target) => ({
      payload: {
        category: 'delivery-date',
        text: 'いつ出荷されますか。',
        lines: [lineKeyOf(documentLine[target])],
        attachments: [{ file_name: 'a.pdf', content_base64: PDF_BASE64 }],
        ...tamper(),
        customer_code: CUSTOMER.own,
      },
    }),
    expected: (a, target) => status(holds(a, target), a),
  },
  // The form's choice of lines: the lines of the target's order, for whoever may ask about it;
  // a customer field sent beside the line changes nothing.
  'GET /api/v1/inquiries/order-lines': {
    scope: 'customer',
    request: (target) => {
      const key = lineKeyOf(documentLine[target]);
      return {
        query: {
          sale_order_no: key.sale_order_no,
          sale_order_line_no: String(key.sale_order_line_no),
          delivery_no: key.delivery_no,
          delivery_line_no: String(key.delivery_line_no),
          customer_code: String(CUSTOMER.own),
        },
      };
    },
    expected: (a, target) => status(holds(a, target), a),
  },
  'GET /api/v1/inquiries': {
    scope: 'customer',
    request: (target) => ({ query: { customer_code: String(CUSTOMER[target]) } }),
    expected: (a, target) => status(seesInquiriesOf(a, target), a),
  },
  'GET /api/v1/inquiries/open-count': {
    scope: 'none',
    request: () => ({}),
    expected: (a) => status(true, a),
  },
  'GET /api/v1/inquiries/staff': {
    scope: 'none',
    request: () => ({}),
    expected: (a) => status(a === 'staff', a),
  },
  'GET /api/v1/inquiries/:id': {
    scope: 'customer',
    request: (target) => ({ url: `/api/v1/inquiries/${inquiry[target].id}` }),
    expected: (a, target) => status(seesInquiriesOf(a, target), a),
  },
  'POST /api/v1/inquiries/:id/messages': {
    scope: 'customer',
    request: (target) => ({
      url: `/api/v1/inquiries/${inquiry[target].id}/messages`,
      payload: {
        text: '追記します。',
        attachments: [{ file_name: 'b.pdf', content_base64: PDF_BASE64 }],
      },
    }),
    expected: (a, target) => status(seesInquiriesOf(a, target), a),
  },
  'PUT /api/v1/inquiries/:id/state': {
    scope: 'customer',
    request: async (target) => ({
      url: `/api/v1/inquiries/${await freshInquiry(target)}/state`,
      payload: { state: 'closed' },
    }),
    expected: (a, target) => status(seesInquiriesOf(a, target), a),
  },
  'PUT /api/v1/inquiries/:id/assignee': {
    scope: 'customer',
    request: (target) => ({
      url: `/api/v1/inquiries/${inquiry[target].id}/assignee`,
      payload: { assigned_user_id: staffRowId },
    }),
    expected: (a) => status(a === 'staff', a),
  },
  // Another customer never obtains a file's link, whatever ids it sends.
  'GET /api/v1/inquiries/:id/attachments/:attachmentId/url': {
    scope: 'customer',
    request: (target) => ({
      url: `/api/v1/inquiries/${inquiry[target].id}/attachments/${inquiry[target].attachmentId}/url`,
    }),
    expected: (a, target) => status(seesInquiriesOf(a, target), a),
  },
  // The drawings tile's site and password: every signed-in person, nobody else.
  'GET /api/v1/top/drawings': {
    scope: 'none',
    request: () => ({ query: { user_id: String(staffRowId) } }),
    expected: (a) => status(true, a),
  },
};

// --- the database as a whole, to prove a refused call wrote nothing --------------------------

const TABLES = DATA_TABLES;
const snapshot = () => tableDigests(t.database.db);

// --- setup -------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 40 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_MAIL_PER_MINUTE: '1000000' },
  });
  await createOtherCorporationAdmin(t, MAIL.otherAdmin);
  for (const [actor, mail] of Object.entries(MAIL)) {
    const signedIn = await signIn(t.app, mail);
    tokens[actor as keyof typeof tokens] = signedIn.token;
    if (actor === 'staff') staffUid = signedIn.uid;
  }
  const [staffRow] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mail, MAIL.staff));
  staffRowId = staffRow!.id;

  for (const target of TARGETS) {
    const code = CUSTOMER[target];
    const lines = await t.database.db
      .select()
      .from(ledgerItems)
      .where(and(eq(ledgerItems.customer_code, code), ne(ledgerItems.invoice_file_name, '')));
    const present = [];
    for (const line of lines) {
      if (await t.platform.storage.exists(`portal-${code}`, `Spec/${line.invoice_file_name}`)) {
        present.push(line);
        break;
      }
    }
    expect(present, `a line of ${code} with its invoice in storage`).toHaveLength(1);
    documentLine[target] = present[0]!;
    sharedFile[target] = await firstSharedFile(`portal-${code}`);
    const id = await freshInquiry(target);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/inquiries/${id}`,
      headers: bearer(tokens.staff),
    });
    inquiry[target] = { id, attachmentId: thread.json().messages[0].attachments[0].id };
  }
  // One archived invoice per target customer, imported as the core system's export would be.
  const invoiceRows = TARGETS.map((target) =>
    createInvoice({ customer_code: String(CUSTOMER[target]) }),
  );
  for (const [i, target] of TARGETS.entries()) {
    await t.platform.storage.putObject(
      `portal-${CUSTOMER[target]}`,
      `Spec/${invoiceRows[i]!.file_name}`,
      Buffer.from(`%PDF-1.4\n% ${invoiceRows[i]!.invoice_no}\n%%EOF\n`),
    );
  }
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-invoices',
    payload: invoiceCsv(invoiceRows),
    headers: { ...bearer(tokens.staff), 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  for (const [i, target] of TARGETS.entries()) {
    const [row] = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.doc_no, invoiceRows[i]!.invoice_no));
    documentOf[target] = row!.id;
  }
});
afterAll(async () => t?.close());

/** The first file of a customer's shared tree (breadth first), found as staff. */
async function firstSharedFile(bucket: string): Promise<{ folder: string; name: string }> {
  const queue = [''];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shared-file/get-shared-filename',
      payload: { bucket_name: bucket, folder_name: folder },
      headers: bearer(tokens.staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json() as { file_name: string; file_path: string; is_dir: boolean }[];
    const file = entries.find((e) => !e.is_dir);
    if (file) return { folder, name: file.file_name };
    queue.push(...entries.filter((e) => e.is_dir).map((e) => e.file_path));
  }
  throw new Error(`${bucket} has no shared file`);
}

function injectOptions(key: string, actor: Actor, options: InjectOptions): InjectOptions {
  const [method, url] = key.split(' ') as [InjectOptions['method'], string];
  const entry = MATRIX[key]!;
  const suffix = typeof options.url === 'string' ? options.url : '';
  // A route with a path parameter names its whole path (/api/v1/inquiries/12/state); the others
  // add a query to the key's.
  const path = suffix.startsWith('/') ? suffix : `${url}${suffix}`;
  // Pre-login calls are made before anybody has a token: every actor sends the api key only.
  const auth = entry.preLogin
    ? apiKey(t.config)
    : actor === 'anonymous'
      ? {}
      : bearer(tokens[actor as keyof typeof tokens]);
  return {
    ...options,
    method,
    url: path,
    headers: { ...(options.headers as Record<string, string>), ...auth },
  };
}

// --- the matrix --------------------------------------------------------------------------------

describe('authorization matrix over the route table', () => {
  it('every /api/v1 route of the route table has a matrix entry, and every entry a route', () => {
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(25);
    expect(
      routes.filter((r) => !(r in MATRIX)),
      'routes without a matrix entry',
    ).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    it(`${key}`, async () => {
      const targets = entry.scope === 'customer' ? TARGETS : (['own'] as const);
      const failures: string[] = [];
      for (const actor of ACTORS) {
        for (const target of targets) {
          const expected = entry.expected(actor, target);
          const request = injectOptions(key, actor, await entry.request(target));
          const before = expected === 200 ? null : await snapshot();
          const res = await t.app.inject(request);
          const cell = `${actor} → ${target}`;
          if (res.statusCode !== expected) {
            failures.push(
              `${cell}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 200)}`,
            );
            continue;
          }
          if (before) {
            // Refused: the error shape and nothing else, and no table changed.
            const parsed = apiErrorSchema.strict().safeParse(res.json());
            if (!parsed.success) failures.push(`${cell}: not the error shape: ${res.body}`);
            const after = await snapshot();
            for (const table of TABLES) {
              if (before[table] !== after[table]) failures.push(`${cell}: ${table} changed`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('pre-login calls', () => {
  it('are refused without the api key, with a token or not, and write nothing', async () => {
    const preLogin = Object.entries(MATRIX).filter(([, entry]) => entry.preLogin);
    expect(preLogin).toHaveLength(3);
    for (const [key, entry] of preLogin) {
      const [method, url] = key.split(' ') as [InjectOptions['method'], string];
      for (const headers of [{}, bearer(tokens.staff), { 'x-api-key': 'wrong' }]) {
        const before = await snapshot();
        const res = await t.app.inject({ ...(await entry.request('own')), method, url, headers });
        expect(res.statusCode, key).toBe(401);
        expect(apiErrorSchema.strict().safeParse(res.json()).success).toBe(true);
        expect(await snapshot()).toEqual(before);
      }
    }
  });
});

describe('tampered identity fields change nothing', () => {
  const call = (actor: Exclude<Actor, 'anonymous'>, options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { ...(options.headers as Record<string, string>), ...bearer(tokens[actor]) },
    });

  it('get-all-customers answers the caller’s codes, not those of the firebase_uid sent', async () => {
    const res = await call('user', {
      method: 'POST',
      url: '/api/v1/user/get-all-customers',
      payload: { firebase_uid: staffUid },
    });
    expect(res.json()).toEqual([10001]);
  });

  it('get-firebase-user-by-id answers the caller’s own record whatever ids are sent', async () => {
    const res = await call('user', {
      method: 'POST',
      url: '/api/v1/user/get-firebase-user-by-id',
      payload: { firebase_uid: staffUid, customer_code: 10001, login_user_id: staffRowId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ mail: MAIL.user, user_type_id: 2 })]);
  });

  it('get-all-customer-code-list with the staff id lists only the caller’s customers', async () => {
    const res = await call('otherUser', {
      method: 'GET',
      url: `/api/v1/spec/get-all-customer-code-list?login_user_id=${staffRowId}`,
    });
    expect(res.json()).toEqual([{ customer_code: 20001, customer_name: '有限会社北斗板金工業' }]);
  });

  it('a notice added by staff records the staff row, not the user_id sent', async () => {
    const res = await call('staff', {
      method: 'POST',
      url: '/api/v1/notice/add-notice',
      payload: { title: '記録者の確認', url: 'https://example.com/', user_id: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_id).toBe(staffRowId);
  });

  it('a corporate admin cannot reach a foreign customer by listing it beside their own', async () => {
    const res = await call('admin', {
      method: 'POST',
      url: '/api/v1/user/get-user-by-customer',
      payload: { customer_code: [10001, 30001], login_user_id: staffRowId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('@example.com');
  });
});

// The add-user cell of the matrix adds new mails; an existing mail is another
// matter. Managers add, to a customer they manage, the mail of people of each kind: an
// administrator may attach only a person already of their corporation; staff attach anyone. A
// refusal is a 409 in the error shape naming no identity, and writes nothing.
describe('adding a mail that already has an account', () => {
  const INSIDER = 'matrix-insider@example.com';
  const uidOf = {} as Record<string, string>;

  beforeAll(async () => {
    // A user of corporation 1001 (customer 10001) whom no other test signs in.
    uidOf[INSIDER] = await createUser(t, {
      mail: INSIDER,
      name: 'マトリクス 社員',
      customerCode: 10001,
      userType: 2,
    });
    uidOf[MAIL.otherUser] = (await signIn(t.app, MAIL.otherUser)).uid;
    uidOf[MAIL.staff] = staffUid;
  });

  it('an administrator attaches only a person of their corporation, never staff; staff anyone', async () => {
    // [manager, mail, customer, expected]. Staff attaching the staff account is left out only so
    // that the staff account keeps no customer row (staff may attach anyone).
    const cells: ['admin' | 'otherAdmin' | 'staff', string, number, number][] = [
      ['admin', INSIDER, 10002, 200],
      ['admin', MAIL.otherUser, 10002, 409],
      ['admin', MAIL.staff, 10002, 409],
      ['otherAdmin', INSIDER, 20001, 409],
      ['otherAdmin', MAIL.staff, 20001, 409],
      ['staff', INSIDER, 30001, 200],
      ['staff', MAIL.otherUser, 30001, 200],
    ];
    const failures: string[] = [];
    for (const [manager, mail, customerCode, expected] of cells) {
      const uid = uidOf[mail]!;
      const before = expected === 200 ? null : await snapshot();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/add-user',
        payload: {
          customer_code: customerCode,
          mail: ` ${mail.toUpperCase()}`,
          user_name: '既存 太郎',
          user_type_id: 2,
          ...tamper(),
        },
        headers: bearer(tokens[manager]),
      });
      const cell = `${manager} adds ${mail} to ${customerCode}`;
      if (res.statusCode !== expected) {
        failures.push(
          `${cell}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 200)}`,
        );
        continue;
      }
      if (before) {
        const parsed = apiErrorSchema.strict().safeParse(res.json());
        if (!parsed.success) failures.push(`${cell}: not the error shape: ${res.body}`);
        if (res.body.includes(uid)) failures.push(`${cell}: the answer names the identity`);
        const after = await snapshot();
        for (const table of TABLES) {
          if (before[table] !== after[table]) failures.push(`${cell}: ${table} changed`);
        }
      } else if (res.json().firebase_uid !== uid) {
        failures.push(`${cell}: not attached to the mail's identity`);
      }
    }
    expect(failures).toEqual([]);
  });
});
