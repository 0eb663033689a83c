import { z } from 'zod';
import {
  LEDGER_DATE_FIELD_MESSAGE,
  LEDGER_DATE_FIELDS,
  LEDGER_PAGE_SIZE_MAX,
  LEDGER_SEARCH_PROBLEM_MESSAGES,
  LEDGER_SORT_FIELDS,
  LEDGER_STATUS_FILTER_INPUTS,
  ledgerSearchProblems,
  ORDER_NO_MAX_LENGTH,
  ORDER_NO_TOO_LONG_MESSAGE,
} from '../ledger-search';

// POST /api/v1/spec/search-result-ledgerItem (docs/product.md §7) and the ledger import. Field names are the
// spec's. page / page_size / sort are optional additions (docs/product.md §12): without them the answer is
// the plain array the spec's client expects; with any of them it is one page with the total.

/** The files an order search exports to (POST /api/v1/spec/export-ledgerItem). */
export const LEDGER_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type LedgerExportFormat = (typeof LEDGER_EXPORT_FORMATS)[number];

const compatId = z.union([z.number(), z.string()]).nullish();
const text = (max: number) => z.string().max(max).nullish();

const ledgerSearchFields = z.object({
  customer_code: z.coerce.number().int().positive(),
  /**
   * YYYY-MM-DD (or YYYY/MM/DD); empty → two years before today. Filters the date date_field names
   * (sale_order_date unless given).
   */
  from_date: text(10),
  /** YYYY-MM-DD (or YYYY/MM/DD); empty → two years after today. */
  to_date: text(10),
  /**
   * The date from_date and to_date filter: sale_order_date (受注日, absent or null), shipped_date
   * (出荷日) or expected_delivery_date (納品予定日, as stored). A line without that date is outside.
   */
  date_field: z.enum(LEDGER_DATE_FIELDS, { error: LEDGER_DATE_FIELD_MESSAGE }).nullish(),
  /**
   * 受注番号, 納品番号 or 送り状番号, exact or its start; full width, spaces and hyphens do not
   * count (SO2611000754 finds SO2611-000754).
   */
  order_no: z.string().max(ORDER_NO_MAX_LENGTH, ORDER_NO_TOO_LONG_MESSAGE).nullish(),
  /** The spec's item number: used as both start and end, i.e. a prefix match. */
  item_no: text(100),
  /** Item-number range start (start <= item); equal to the end → prefix match. */
  item_no_start: text(100),
  item_no_end: text(100),
  /** Contained in the model (product) name. */
  product_name: text(200),
  property_name: text(200),
  /** 1 = OR (default), 2 = AND. */
  search_type_flag: z.coerce.number().int().min(1).max(2).nullish(),
  /** all / shipped / backlog, or the wording 全て / 出荷済 / 受注残; absent or '' → all. */
  status: z.enum(LEDGER_STATUS_FILTER_INPUTS).nullish(),
  /** Keywords: an array, or one string split at white space; at most 5 after trimming. */
  text_field: z.union([z.array(z.string().max(200)).max(50), z.string().max(2000)]).nullish(),
  login_user_id: compatId,
  /**
   * A shipment notification's id (the link of its mail, docs/decisions/014): only the lines it
   * covers, whatever their order date. The notification must be of customer_code.
   */
  notification_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  /**
   * true: only the lines named by a request (inquiry) not yet 完了 — the orders screen's
   * 「問い合わせ中」 (docs/decisions/032).
   */
  open_inquiry: z.boolean().nullish(),
  /** 1-based page; giving page, page_size or sort switches to the paged answer. */
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  page_size: z.coerce.number().int().min(1).max(LEDGER_PAGE_SIZE_MAX).optional(),
  sort: z
    .object({
      field: z.enum(LEDGER_SORT_FIELDS),
      direction: z.enum(['asc', 'desc']).default('asc'),
    })
    .optional(),
});

function refineLedgerSearch(body: z.infer<typeof ledgerSearchFields>, ctx: z.RefinementCtx) {
  for (const [field, problem] of Object.entries(ledgerSearchProblems(body))) {
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: LEDGER_SEARCH_PROBLEM_MESSAGES[problem],
    });
  }
}

export const ledgerSearchBodySchema = ledgerSearchFields.superRefine(refineLedgerSearch);
export type LedgerSearchBody = z.infer<typeof ledgerSearchBodySchema>;

/**
 * POST /api/v1/spec/export-ledgerItem: the search's body (filters, sort, customer)
 * and the file format. Every matching line is exported in the sort's order: page and page_size
 * are not read (and dropped if sent).
 */
export const ledgerExportBodySchema = ledgerSearchFields
  .omit({ page: true, page_size: true })
  .extend({ format: z.enum(LEDGER_EXPORT_FORMATS) })
  .superRefine(refineLedgerSearch);
export type LedgerExportBody = z.infer<typeof ledgerExportBodySchema>;

/** One order line (docs/product.md §3) with the four keys the document lookups use. */
export const ledgerItemSchema = z
  .object({
    customer_code: z.number().int(),
    /** 出荷済 or 受注残. */
    status: z.string(),
    sale_order_no: z.string(),
    sale_order_line_no: z.number().int(),
    delivery_no: z.string(),
    delivery_line_no: z.number().int(),
    /** YYYY-MM-DD. */
    sale_order_date: z.string(),
    shipped_date: z.string().nullable(),
    /** Sent as stored; the client applies fixExpectedDeliveryDate (1900 → 2025, docs/product.md §4). */
    expected_delivery_date: z.string().nullable(),
    delivery_request: z.string().nullable(),
    property_name: z.string(),
    /** The item number. */
    item_name: z.string(),
    model_name: z.string(),
    quantity: z.number().int(),
    unit_price: z.number().int(),
    amount: z.number().int(),
    destination_name1: z.string(),
    destination_name2: z.string(),
    destination_address: z.string(),
    contact_person: z.string(),
    transportation: z.string(),
    shipping_label_number: z.string(),
    invoice_file_name: z.string(),
    shipped_file_name: z.string(),
    delivery_file_name: z.string(),
  })
  .meta({ id: 'LedgerItem' });
export type LedgerItem = z.infer<typeof ledgerItemSchema>;

export const ledgerItemListSchema = z.array(ledgerItemSchema);

/**
 * A line of the paged answer: `open_inquiry` is present, and true, when a request (inquiry) not
 * yet 完了 names the line (the orders screen's mark, docs/decisions/032). The spec's unpaged array
 * is left as the spec has it.
 */
export const ledgerPageItemSchema = ledgerItemSchema
  .extend({ open_inquiry: z.literal(true).optional() })
  .meta({ id: 'LedgerPageItem' });
export type LedgerPageItem = z.infer<typeof ledgerPageItemSchema>;

export const ledgerItemPageSchema = z
  .object({
    items: z.array(ledgerPageItemSchema),
    /** Lines matching the search over all pages (with total_capped: at least this many). */
    total: z.number().int(),
    /**
     * Present and true when the count stopped at `total` and more lines match: a search on text
     * (keywords, product or property name) counts at most ten pages past the asked page's start.
     */
    total_capped: z.literal(true).optional(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'LedgerItemPage' });
export type LedgerItemPage = z.infer<typeof ledgerItemPageSchema>;

export const ledgerSearchAnswerSchema = z.union([ledgerItemListSchema, ledgerItemPageSchema]);

/** POST /api/v1/spec/import-ledger: what one CSV file did. */
export const ledgerImportAnswerSchema = z
  .object({
    /** Data rows in the file. */
    total: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    /** Rows identical to the stored line: not written (updated_at stays). */
    unchanged: z.number().int(),
  })
  .meta({ id: 'LedgerImportResult' });
export type LedgerImportAnswer = z.infer<typeof ledgerImportAnswerSchema>;
