import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_NO_IGNORED_CHARACTERS } from '../domain/ledger-search';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const corporations = pgTable('corporations', {
  corporate_code: integer('corporate_code').primaryKey(),
  corporate_name: text('corporate_name').notNull(),
  ...timestamps,
});

export const customers = pgTable(
  'customers',
  {
    customer_code: integer('customer_code').primaryKey(),
    customer_name: text('customer_name').notNull(),
    corporate_code: integer('corporate_code')
      .notNull()
      .references(() => corporations.corporate_code),
    /** The customer's object-storage bucket; documents under Spec/, shared files under Shared/. */
    customer_bucket_name: text('customer_bucket_name').notNull(),
    folder_name: text('folder_name'),
    ...timestamps,
  },
  (t) => [index('customers_corporate_code_idx').on(t.corporate_code)],
);

export const userTypes = pgTable('user_types', {
  id: integer('id').primaryKey(),
  user_type_name: text('user_type_name').notNull(),
  /** "BtoB" for the types a customer's users may hold; "staff" for type 3 (docs/product.md §6). */
  user_group: text('user_group').notNull(),
  ...timestamps,
});

/** One row per identity and customer code: one mail may belong to several customers. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    mail: text('mail').notNull(),
    user_name: text('user_name').notNull(),
    customer_code: integer('customer_code')
      .notNull()
      .references(() => customers.customer_code),
    user_type_id: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    /** The identity provider's uid (the spec's name from its Firebase days). */
    firebase_uid: text('firebase_uid'),
    /**
     * When user administration joined this row to an identity that already existed: sessions
     * signed in before it do not get the row (docs/decisions/011). Null for a row made with its
     * identity.
     */
    identity_joined_at: timestamp('identity_joined_at', { withTimezone: true }),
    account_lock_date: timestamp('account_lock_date', { withTimezone: true }),
    delete_flag: boolean('delete_flag').notNull().default(false),
    /** Shipment notification mails for this customer code (on by default; the person's /account page). */
    shipment_mail: boolean('shipment_mail').notNull().default(true),
    /** 「請求書を発行しました」 mails for this customer code (on by default, like the shipment mails). */
    invoice_mail: boolean('invoice_mail').notNull().default(true),
    /** Mails when staff answer or change this person's inquiries (on by default). */
    inquiry_mail: boolean('inquiry_mail').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_mail_customer_code_key').on(t.mail, t.customer_code),
    index('users_firebase_uid_idx').on(t.firebase_uid),
    index('users_customer_code_idx').on(t.customer_code),
  ],
);

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id),
    title: text('title').notNull(),
    url: text('url').notNull(),
    display_at: timestamp('display_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('notices_display_at_idx').on(t.display_at.desc())],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').references(() => users.id),
  explanation: text('explanation').notNull(),
  image_url: text('image_url').notNull(),
  destination_url: text('destination_url').notNull(),
  ...timestamps,
});

/**
 * An order number as the search compares it (domain/ledger-search.ts orderNoFolded), in C order
 * for LIKE 'prefix%': the expression of the order-number indexes, which the search's SQL writes
 * with this same function so that the planner matches it to them. The left-out characters are a
 * literal, never a parameter, for the same reason.
 */
export const orderNoFoldedSql = (column: SQLWrapper): SQL =>
  sql`(lower(translate(normalize(${column}, NFKC), ${sql.raw(`'${ORDER_NO_IGNORED_CHARACTERS}'`)}, '')) collate "C")`;

/** Order and shipment lines from the maker's core system (docs/product.md §3 "Order line"). */
export const ledgerItems = pgTable(
  'ledger_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customer_code: integer('customer_code')
      .notNull()
      .references(() => customers.customer_code),
    /** 出荷済 (shipped) or 受注残 (backlog); see domain/constants.ts LEDGER_STATUS. */
    status: text('status').notNull(),
    sale_order_no: text('sale_order_no').notNull(),
    sale_order_line_no: integer('sale_order_line_no').notNull(),
    delivery_no: text('delivery_no').notNull().default(''),
    delivery_line_no: integer('delivery_line_no').notNull().default(0),
    sale_order_date: date('sale_order_date', { mode: 'string' }).notNull(),
    shipped_date: date('shipped_date', { mode: 'string' }),
    expected_delivery_date: date('expected_delivery_date', { mode: 'string' }),
    delivery_request: text('delivery_request'),
    property_name: text('property_name').notNull().default(''),
    /** The item number (品番). */
    item_name: text('item_name').notNull(),
    model_name: text('model_name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unit_price: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    destination_name1: text('destination_name1').notNull().default(''),
    destination_name2: text('destination_name2').notNull().default(''),
    destination_address: text('destination_address').notNull().default(''),
    contact_person: text('contact_person').notNull().default(''),
    transportation: text('transportation').notNull().default(''),
    shipping_label_number: text('shipping_label_number').notNull().default(''),
    invoice_file_name: text('invoice_file_name').notNull().default(''),
    shipped_file_name: text('shipped_file_name').notNull().default(''),
    delivery_file_name: text('delivery_file_name').notNull().default(''),
    /**
     * The text the keyword search runs over (trigram index): folded by NFKC (full-width letters and
     * digits as ASCII, half-width katakana as full-width) and lower-cased, as the searched words are.
     */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(normalize(${ledgerItems.property_name} || ' ' || ${ledgerItems.model_name} || ' ' || ${ledgerItems.destination_name1} || ' ' || ${ledgerItems.destination_name2} || ' ' || ${ledgerItems.item_name}, NFKC))`,
    ),
    /**
     * The property and model names as the name filters compare them (NFKC, lower case), kept only
     * for the lines where that differs from the lower-cased name (full-width or half-width text):
     * null for the rest, so the common line stores nothing more (docs/decisions/005).
     */
    property_name_folded: text('property_name_folded').generatedAlwaysAs(
      (): SQL =>
        sql`nullif(lower(normalize(${ledgerItems.property_name}, NFKC)), lower(${ledgerItems.property_name}))`,
    ),
    model_name_folded: text('model_name_folded').generatedAlwaysAs(
      (): SQL =>
        sql`nullif(lower(normalize(${ledgerItems.model_name}, NFKC)), lower(${ledgerItems.model_name}))`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ledger_items_line_key').on(
      t.sale_order_no,
      t.sale_order_line_no,
      t.delivery_no,
      t.delivery_line_no,
    ),
    index('ledger_items_customer_order_date_idx').on(t.customer_code, t.sale_order_date),
    index('ledger_items_customer_status_order_date_idx').on(
      t.customer_code,
      t.status,
      t.sale_order_date,
    ),
    // Item numbers compare by code unit (COLLATE "C") whatever the database's collation, so that
    // the range and prefix filters (docs/product.md §4) use this index; see docs/decisions/005. Migration 0005
    // adds INCLUDE (item_name, sale_order_date, status), which Drizzle's builder cannot express, so
    // that counting those filters is an index-only scan.
    index('ledger_items_customer_item_name_idx').on(
      t.customer_code,
      sql`(${t.item_name} collate "C")`,
    ),
    index('ledger_items_search_text_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // Sorting a page by a column (docs/decisions/005): a customer's lines in that column's order,
    // so that page 1 of 100,000 lines sorted by property name reads a hundred-odd lines instead of
    // sorting all. Text by code unit, as the sort does; incremental sort breaks ties (order date,
    // id). Shipped dates keep empty ones last in both directions: one index per direction. The
    // status sort (two values) reads the status index above backwards for descending, and this
    // one with order dates descending for ascending.
    index('ledger_items_customer_property_name_idx').on(
      t.customer_code,
      sql`(${t.property_name} collate "C")`,
    ),
    index('ledger_items_customer_destination_idx').on(
      t.customer_code,
      sql`(${t.destination_name1} collate "C")`,
    ),
    index('ledger_items_customer_model_name_idx').on(
      t.customer_code,
      sql`(${t.model_name} collate "C")`,
    ),
    index('ledger_items_customer_quantity_idx').on(t.customer_code, t.quantity),
    index('ledger_items_customer_shipped_date_idx').on(t.customer_code, t.shipped_date),
    index('ledger_items_customer_shipped_date_desc_idx').on(
      t.customer_code,
      t.shipped_date.desc().nullsLast(),
    ),
    // Finding a line by its 受注番号, 納品番号 or 送り状番号, exact or by its start (the filter
    // panel's number field and keyword chips that read as a number): the number folded as the
    // search folds it (domain/ledger-search.ts orderNoFolded), in C order for LIKE 'prefix%'.
    // The expected-delivery index serves the date range when it applies to 納品予定日.
    ...(['sale_order_no', 'delivery_no', 'shipping_label_number'] as const).map((column) =>
      index(`ledger_items_customer_${column.replace(/_number$/, '_no')}_folded_idx`).on(
        t.customer_code,
        orderNoFoldedSql(t[column]),
      ),
    ),
    index('ledger_items_customer_expected_delivery_date_idx').on(
      t.customer_code,
      t.expected_delivery_date,
    ),
    index('ledger_items_customer_expected_delivery_date_desc_idx').on(
      t.customer_code,
      t.expected_delivery_date.desc().nullsLast(),
    ),
    index('ledger_items_customer_sale_order_no_idx').on(
      t.customer_code,
      sql`(${t.sale_order_no} collate "C")`,
    ),
    index('ledger_items_customer_status_newest_idx').on(
      t.customer_code,
      t.status,
      t.sale_order_date.desc(),
    ),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor_user_id: integer('actor_user_id'),
    actor_mail: text('actor_mail'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    /** The customer the event concerns, when there is one (the audit view's filter and scope). */
    customer_code: integer('customer_code'),
    /** The client's address and browser (User-Agent), for the events a request causes. */
    ip_address: text('ip_address'),
    user_agent: text('user_agent'),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id, t.created_at),
    // The audit view's filtered, newest-first pages (docs/decisions/017): each filter's column, then
    // the order, read backwards. The customer, actor-user and action indexes also hold the columns
    // an administrator's reach and the filters test, so their counts read the index only.
    index('audit_log_created_at_idx').on(t.created_at, t.id),
    index('audit_log_customer_created_at_idx').on(
      t.customer_code,
      t.created_at,
      t.id,
      t.actor_user_id,
      t.actor_mail,
      t.action,
    ),
    index('audit_log_actor_mail_created_at_idx').on(t.actor_mail, t.created_at, t.id),
    index('audit_log_actor_user_created_at_idx').on(
      t.actor_user_id,
      t.created_at,
      t.id,
      t.customer_code,
      t.actor_mail,
      t.action,
    ),
    index('audit_log_action_created_at_idx').on(
      t.action,
      t.created_at,
      t.id,
      t.customer_code,
      t.actor_user_id,
      t.actor_mail,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Identity (Better Auth, docs/product.md §11). Property names are Better Auth's field names; the users
// table above keeps one row per identity and customer code, linked by users.firebase_uid = auth_user.id.

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /**
     * The portal's, not the provider's (docs/decisions/016): 'code' or 'enrol' while the session
     * still waits for its second factor; such a session gets no access token. Null: complete.
     */
    secondFactorPending: text('second_factor_pending'),
  },
  (t) => [index('auth_session_user_id_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_account_user_id_idx').on(t.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

/** Signing keys of the access tokens (Better Auth jwt plugin); private keys are encrypted. */
export const authJwks = pgTable('auth_jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});

/**
 * docs/product.md §4 "Account lock": failures per mail; 5 lock the account for 1 hour and reset the counter.
 * Updated by one atomic upsert inside sign-in, so parallel attempts cannot get past it.
 */
export const accountLockouts = pgTable('account_lockouts', {
  mail: text('mail').primaryKey(),
  failure_count: integer('failure_count').notNull().default(0),
  locked_until: timestamp('locked_until', { withTimezone: true }),
  lock_count: integer('lock_count').notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Prepared bulk downloads of order documents (a zip streamed when its URL is opened). The id is
 * 192 random bits and the URL's only permission; rows expire after DOWNLOAD_URL_TTL_SECONDS.
 */
export const bulkDownloads = pgTable(
  'bulk_downloads',
  {
    id: text('id').primaryKey(),
    bucket: text('bucket').notNull(),
    /** Object keys, already checked against the ledger when the download was prepared. */
    keys: jsonb('keys').$type<string[]>().notNull(),
    /** The asked-for documents whose file did not exist: listed in the zip's missing.txt. */
    missing_files: jsonb('missing_files').$type<string[]>().notNull().default([]),
    file_name: text('file_name').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bulk_downloads_expires_at_idx').on(t.expires_at)],
);

/** Secrets generated on first start and shared by every instance (e.g. the identity secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The ledger's version (docs/decisions/018): one row, given a new random value by a trigger on
 * ledger_items in the transaction of every statement that writes the ledger (migration 0012), so
 * cached search answers keyed by it end the moment an import commits.
 */
export const ledgerVersion = pgTable(
  'ledger_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: uuid('version').notNull().defaultRandom(),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ledger_version_one_row', sql`${t.id} = 1`)],
);

/**
 * Fixed-window counters of the database driver of the rate-limit port (docs/product.md §10,
 * server/rate-limit/database-counter-store.ts): one row per key, restarted in place when its
 * window has expired.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Pruning deletes by expiry.
  (t) => [index('rate_limit_counters_expires_at_idx').on(t.expires_at)],
);

/**
 * Every mail the portal sends, written first here (in the transaction of the change that causes
 * it, where there is one) and delivered by the server's worker with retries
 * (server/mail/mail-outbox.ts, docs/decisions/014). status: pending, sent, failed (attempts used
 * up) or dropped (its link expired before it could go). The bodies are emptied once it is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** invitation, password-reset, verification, shipment. */
    kind: text('kind').notNull(),
    to_address: text('to_address').notNull(),
    /** The sender's display name in front of MAIL_FROM's address; null = MAIL_FROM as it is. */
    sender_name: text('sender_name'),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the mail holds it until then; past it another may take it. */
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** When the mail's link stops working: not sent after it (dropped and logged). */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_status_idx').on(t.status),
  ],
);

/**
 * One shipment notification: the lines of a customer an import turned shipped (docs/decisions/014).
 * The mail's link opens the orders screen on exactly these lines.
 */
export const shipmentNotifications = pgTable('shipment_notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customer_code: integer('customer_code')
    .notNull()
    .references(() => customers.customer_code),
  line_count: integer('line_count').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The lines of each notification; a line is notified once, ever (its id is the key). */
export const shipmentNotificationLines = pgTable(
  'shipment_notification_lines',
  {
    ledger_item_id: bigint('ledger_item_id', { mode: 'number' })
      .primaryKey()
      .references(() => ledgerItems.id, { onDelete: 'cascade' }),
    notification_id: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => shipmentNotifications.id, { onDelete: 'cascade' }),
  },
  (t) => [index('shipment_notification_lines_notification_id_idx').on(t.notification_id)],
);

/**
 * The second factor (TOTP, RFC 6238) of a person, keyed by mail (lower-cased) like
 * account_lockouts, so one factor covers all their customer rows and both identity providers
 * (docs/decisions/016). The secret is encrypted with a key derived from the identity secret;
 * enabled_at is null while the enrolment waits for its first code; last_step is the time step of
 * the last accepted code (a code is accepted once). factor_id is new at each enrolment: trusted
 * browser cookies name it, so a reset or a new enrolment ends them.
 */
export const secondFactors = pgTable('second_factors', {
  mail: text('mail').primaryKey(),
  factor_id: text('factor_id').notNull(),
  secret: text('secret').notNull(),
  enabled_at: timestamp('enabled_at', { withTimezone: true }),
  last_step: bigint('last_step', { mode: 'number' }),
  ...timestamps,
});

/** The ten single-use backup codes of a second factor, hashed (SHA-256). */
export const secondFactorBackupCodes = pgTable(
  'second_factor_backup_codes',
  {
    mail: text('mail')
      .notNull()
      .references(() => secondFactors.mail, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.mail, t.code_hash] })],
);

/**
 * The invoice register (請求書), imported from the maker's core system (docs/decisions/027): one
 * row per invoice number, the figures the qualified invoice carries. The archived versions of its
 * PDF and their downloads will reference `id`, which never changes when a re-import updates the
 * row. Indexed for the 電子帳簿保存法 search keys: 取引年月日 (invoice_date) and 取引金額
 * (total_amount) as ranges, each within one 取引先 (customer_code) and across all of them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoice_no: text('invoice_no').notNull(),
    customer_code: integer('customer_code')
      .notNull()
      .references(() => customers.customer_code),
    /** 取引年月日. */
    invoice_date: date('invoice_date', { mode: 'string' }).notNull(),
    /** 締日, when the invoice closes a period. */
    closing_date: date('closing_date', { mode: 'string' }),
    amount_excl_tax_10: bigint('amount_excl_tax_10', { mode: 'number' }).notNull(),
    tax_10: bigint('tax_10', { mode: 'number' }).notNull(),
    amount_excl_tax_8: bigint('amount_excl_tax_8', { mode: 'number' }).notNull(),
    tax_8: bigint('tax_8', { mode: 'number' }).notNull(),
    /** 取引金額 (税込): the sum of the four figures above, negative for a credit note. */
    total_amount: bigint('total_amount', { mode: 'number' }).notNull(),
    /** The issuer's 登録番号: "T" and 13 digits (domain/registration-number.ts). */
    registration_no: text('registration_no').notNull(),
    /** The PDF's plain name in the customer's Spec folder. */
    file_name: text('file_name').notNull(),
    /** The delivery numbers (ledger_items.delivery_no) the invoice covers, in file order. */
    delivery_nos: text('delivery_nos').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_invoice_no_idx').on(t.invoice_no),
    index('invoices_customer_date_idx').on(t.customer_code, t.invoice_date, t.id),
    index('invoices_customer_amount_idx').on(t.customer_code, t.total_amount, t.id),
    index('invoices_date_idx').on(t.invoice_date, t.id),
    index('invoices_amount_idx').on(t.total_amount, t.id),
    // An order line's invoices: the ones whose delivery numbers include the line's (@>).
    index('invoices_delivery_nos_idx').using('gin', t.delivery_nos),
    check(
      'invoices_total_check',
      sql`${t.total_amount} = ${t.amount_excl_tax_10} + ${t.tax_10} + ${t.amount_excl_tax_8} + ${t.tax_8}`,
    ),
  ],
);

/**
 * Documents as records (docs/decisions/030): every invoice, shipping notice (出荷案内) and delivery
 * slip (納品書) the portal hands out, one row per PDF a customer's Spec folder holds under one name.
 * Invoices come from the invoice register (`invoice_id`); shipping notices and delivery slips from
 * the ledger lines that name them (date = shipped date, amount = sum of the lines' amounts).
 * Indexed for the 電子帳簿保存法 search keys, as the invoices are.
 */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** invoice, shipping_notice or delivery_slip (domain/documents.ts DOCUMENT_TYPES). */
    doc_type: text('doc_type').notNull(),
    /** The invoice number, or the delivery number of a shipping notice or delivery slip. */
    doc_no: text('doc_no').notNull(),
    customer_code: integer('customer_code')
      .notNull()
      .references(() => customers.customer_code),
    /** 取引年月日: the invoice date, or the lines' shipped date. */
    doc_date: date('doc_date', { mode: 'string' }).notNull(),
    /** 取引金額 (税込 for an invoice; the lines' sum for the others). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    registration_no: text('registration_no'),
    /** The PDF's plain name in the customer's Spec folder. */
    file_name: text('file_name').notNull(),
    invoice_id: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    ...timestamps,
  },
  (t) => [
    // An invoice is one document whatever its file is called; a shipping notice or delivery slip
    // is the file its lines name.
    uniqueIndex('documents_invoice_idx').on(t.invoice_id),
    uniqueIndex('documents_ledger_file_idx')
      .on(t.customer_code, t.doc_type, t.file_name)
      .where(sql`${t.doc_type} <> 'invoice'`),
    index('documents_customer_date_idx').on(t.customer_code, t.doc_date, t.id),
    // The date last: a customer's amount range within a period is answered from the index alone
    // (the amount range's entries checked for the date there, not in the table).
    index('documents_customer_amount_date_idx').on(t.customer_code, t.amount, t.id, t.doc_date),
    index('documents_date_idx').on(t.doc_date, t.id),
    index('documents_amount_idx').on(t.amount, t.id),
    // A part of a document number (ILIKE '%…%'), as the ledger's keywords are found.
    index('documents_doc_no_trgm_idx').using('gin', sql`${t.doc_no} gin_trgm_ops`),
    check(
      'documents_type_check',
      sql`${t.doc_type} in ('invoice', 'shipping_notice', 'delivery_slip')`,
    ),
  ],
);

/**
 * The write-once archive's register (docs/decisions/030): one row per distinct content a document
 * had, in the order the portal saw them. A row repeats what the document was when archived (type,
 * number, customer, date, amount) with the object's size and SHA-256, and is chained to the row
 * before it: `record_hash` = SHA-256 of `prev_hash` and the row's fields
 * (server/services/document-chain.ts), so a changed or deleted row breaks the chain. The object
 * itself is in the archive bucket under its SHA-256. Rows are never deleted: retention removes
 * the object and sets `removed_at`.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    document_id: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id),
    /** 1 for the first content, 2 and on for each re-issue (再発行). */
    version: integer('version').notNull(),
    doc_type: text('doc_type').notNull(),
    doc_no: text('doc_no').notNull(),
    customer_code: integer('customer_code').notNull(),
    doc_date: date('doc_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    file_name: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    archived_at: timestamp('archived_at', { withTimezone: true }).notNull(),
    /** What found this content: import, scan or download. */
    source: text('source').notNull(),
    /** The Spec file's modification time when read: the daily scan re-reads only a changed one. */
    source_modified_at: timestamp('source_modified_at', { withTimezone: true }),
    prev_hash: text('prev_hash').notNull(),
    record_hash: text('record_hash').notNull(),
    /** When retention removed the archived object (the row stays, so the chain does). */
    removed_at: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('document_versions_document_version_idx').on(t.document_id, t.version),
    index('document_versions_sha256_idx').on(t.sha256),
  ],
);

/**
 * Invoice versions whose 「請求書を発行しました」 mail is not written yet (docs/decisions/030). A row
 * is written with its version, in the same transaction, and taken by the mails written at the end
 * of the archive run: a person gets one mail per run listing its invoices, and a run stopped
 * between the two leaves its rows to the next run, which mails them.
 */
export const invoiceMailsPending = pgTable('invoice_mails_pending', {
  version_id: bigint('version_id', { mode: 'number' })
    .primaryKey()
    .references(() => documentVersions.id),
});

/**
 * Download receipts (docs/decisions/030): one row each time a person actually received a document
 * version, from its link or inside a zip, never when a link was only prepared: who (the user row
 * of the customer the document belongs to, or the staff row), when, and from which address.
 */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    document_id: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id),
    version_id: bigint('version_id', { mode: 'number' })
      .notNull()
      .references(() => documentVersions.id),
    /** Null once the user row is deleted; the mail and name stay as they were. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    user_mail: text('user_mail').notNull(),
    user_name: text('user_name').notNull(),
    downloaded_at: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
    ip_address: text('ip_address'),
    /** single (one document's link) or zip. */
    via: text('via').notNull(),
  },
  (t) => [
    index('document_downloads_document_idx').on(t.document_id, t.downloaded_at),
    index('document_downloads_user_idx').on(t.user_id, t.document_id),
  ],
);

// --- inquiries on order lines (docs/decisions/032) ----------------------------------------------

/** One request about lines of one order; its customer is the lines' customer, from the ledger. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    customer_code: integer('customer_code')
      .notNull()
      .references(() => customers.customer_code),
    sale_order_no: text('sale_order_no').notNull(),
    /** domain/inquiry.ts INQUIRY_CATEGORIES. */
    category: text('category').notNull(),
    /** domain/inquiry.ts INQUIRY_STATES. */
    state: text('state').notNull().default('open'),
    wished_date: date('wished_date', { mode: 'string' }),
    /** The delivery date staff agreed to (納期変更の依頼). */
    agreed_date: date('agreed_date', { mode: 'string' }),
    // A purged user row (user administration) keeps the request: its name and mail stay as text.
    requester_user_id: integer('requester_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    requester_name: text('requester_name').notNull(),
    requester_mail: text('requester_mail').notNull(),
    assigned_user_id: integer('assigned_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The first message's text, for the list. */
    first_text: text('first_text').notNull(),
    message_count: integer('message_count').notNull().default(1),
    /** Every message's text, NFKC-folded and lower-cased: the keyword filter's trigram index. */
    search_text: text('search_text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_activity_idx').on(t.last_activity_at, t.id),
    index('inquiries_customer_activity_idx').on(t.customer_code, t.last_activity_at, t.id),
    // Staff's list narrowed by customer, state and category together: the page read in order and
    // its total counted from the index alone (docs/benchmarks.md, 1,000,000 messages).
    index('inquiries_customer_state_category_activity_idx').on(
      t.customer_code,
      t.state,
      t.category,
      t.last_activity_at,
      t.id,
    ),
    index('inquiries_state_activity_idx').on(t.state, t.last_activity_at, t.id),
    index('inquiries_assigned_activity_idx').on(t.assigned_user_id, t.last_activity_at, t.id),
    index('inquiries_customer_order_idx').on(t.customer_code, t.sale_order_no),
    index('inquiries_search_text_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);

export const inquiryLines = pgTable(
  'inquiry_lines',
  {
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    ledger_item_id: bigint('ledger_item_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerItems.id),
  },
  (t) => [
    primaryKey({ columns: [t.inquiry_id, t.ledger_item_id] }),
    index('inquiry_lines_ledger_item_idx').on(t.ledger_item_id),
  ],
);

export const inquiryMessages = pgTable(
  'inquiry_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    author_name: text('author_name').notNull(),
    /** Written by the maker's staff (else by the customer's side). */
    author_staff: boolean('author_staff').notNull(),
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiry_messages_inquiry_idx').on(t.inquiry_id, t.id)],
);

/** A file of a message, in the customer's bucket under Inquiries/ (decision 004's storage port). */
export const inquiryAttachments = pgTable(
  'inquiry_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    message_id: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => inquiryMessages.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    /** Read from the bytes (domain/inquiry.ts sniffAttachmentType). */
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    bucket: text('bucket').notNull(),
    object_key: text('object_key').notNull(),
  },
  (t) => [index('inquiry_attachments_message_idx').on(t.message_id)],
);
