import type { Database } from '../../db/client';
import type { LedgerItem, LedgerItemPage, LedgerSearchBody } from '../../domain/api/ledger';
import { PAGE_SIZE } from '../../domain/constants';
import { todayInJapan } from '../../domain/japan-time';
import {
  DEFAULT_LEDGER_SORT,
  LEDGER_TOO_MANY_ROWS_MESSAGE,
  LEDGER_UNPAGED_MAX_ROWS,
  type LedgerSearchCriteria,
  ledgerSearchCriteriaOf,
} from '../../domain/ledger-search';
import { HttpError } from '../errors';
import { jsonBytes } from '../json-bytes';
import type { LedgerAnswerCache } from '../ledger-cache/ledger-cache';
import { type LineKey, openInquiryLineKeys } from '../repositories/inquiries-repository';
import {
  countCapOf,
  findLedgerItems,
  findLedgerPage,
  type LedgerPageRequest,
  type LedgerPageResult,
} from '../repositories/ledger-repository';
import { readLedgerVersion } from '../repositories/ledger-version-repository';
import { customerOfShipmentNotification } from '../repositories/shipment-notifications-repository';
import { authorize, maySeeCustomer } from './authorization';
import type { Caller } from './caller';
import type { DatabasePort } from './ports';

// The order-line search (docs/product.md §7 /spec/search-result-ledgerItem). Who may search which customer
// comes from the token (docs/product.md §12): staff any customer; everybody else, corporate
// administrators included, only a customer code they hold themselves.

export const TOO_MANY_ROWS_CODE = 'TOO_MANY_RESULTS';

export const SHIPMENT_NOTIFICATION_NOT_FOUND_MESSAGE =
  'この出荷通知の明細は見つかりません。取引先を確かめてください。';

/** What one search call runs: the criteria, and the page when the caller asked for paging. */
export interface LedgerSearchPlan {
  criteria: LedgerSearchCriteria;
  /** null: the spec's unpaged answer, capped at LEDGER_UNPAGED_MAX_ROWS. */
  page: (LedgerPageRequest & { page: number; pageSize: number }) | null;
}

export function planLedgerSearch(body: LedgerSearchBody, now: Date): LedgerSearchPlan {
  const criteria = ledgerSearchCriteriaOf(body, todayInJapan(now));
  const paged = body.page !== undefined || body.page_size !== undefined || body.sort !== undefined;
  if (!paged) return { criteria, page: null };
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? PAGE_SIZE;
  return {
    criteria,
    page: {
      page,
      pageSize,
      sort: body.sort ?? DEFAULT_LEDGER_SORT,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    },
  };
}

/** The unpaged statement: one row beyond the cap tells that the cap was passed. */
export const unpagedRequest: LedgerPageRequest = {
  sort: DEFAULT_LEDGER_SORT,
  limit: LEDGER_UNPAGED_MAX_ROWS + 1,
  offset: 0,
};

/** Finds one page and its total (findLedgerPage, or it with the total from the cache). */
type PageFinder = (
  db: Database,
  criteria: LedgerSearchCriteria,
  page: LedgerPageRequest,
) => Promise<LedgerPageResult>;

/** Runs the statements of a plan: one page and the total, or the capped unpaged array. */
async function runLedgerSearch(
  db: Database,
  plan: LedgerSearchPlan,
  findPage: PageFinder = findLedgerPage,
): Promise<LedgerItem[] | LedgerItemPage> {
  if (plan.page) {
    const { items, total, totalCapped } = await findPage(db, plan.criteria, plan.page);
    return {
      items,
      total,
      ...(totalCapped ? { total_capped: true } : {}),
      page: plan.page.page,
      page_size: plan.page.pageSize,
    };
  }
  const items = await findLedgerItems(db, plan.criteria, unpagedRequest);
  if (items.length > LEDGER_UNPAGED_MAX_ROWS) {
    // The spec's client shows its "data fetch failed, too many lines" toast (docs/product.md §8 Orders).
    throw new HttpError(400, TOO_MANY_ROWS_CODE, LEDGER_TOO_MANY_ROWS_MESSAGE);
  }
  return items;
}

/** The search's ports: the database, and the answer cache when there is one (docs/decisions/018). */
export interface LedgerSearchDeps extends DatabasePort {
  /** null or absent: every search reads the ledger (LEDGER_CACHE_MB=0). */
  ledgerCache?: LedgerAnswerCache | null;
}

/**
 * The search's answer as JSON bytes (the route sends them as they are). Who may see the customer
 * is decided first, from the verified caller, so a refused caller is never given a cached answer.
 * With a cache, the ledger's version is read next and every key starts with it: an import
 * changes the version in its own transaction, so the first search after it commits reads the
 * database again. Cached: the whole answer of a first page and of the spec's unpaged array (the
 * searches a screen opens with), and the total of every paged search (a later page reads its
 * lines, not its count). The totals are exact as before: a cached one was counted by the same
 * statement at the same version.
 */
export async function searchLedgerItems(
  deps: LedgerSearchDeps,
  caller: Caller,
  body: LedgerSearchBody,
  now = new Date(),
): Promise<Buffer> {
  const plan = planLedgerSearch(body, now);
  // Who may see the customer is decided before the ledger is read: a refused caller
  // makes the database do no search work, and a refusal takes the same time whatever the search.
  // Reading the caller's rows beside the search saved one round trip (docs/decisions/005), at the
  // price of searching for callers who were then refused.
  authorize(maySeeCustomer(caller, body.customer_code));
  if (body.notification_id)
    await assertNotificationOf(deps, body.customer_code, body.notification_id);
  const answer = await cachedOrSearched(deps, plan);
  return plan.page ? withOpenInquiryMarks(deps, body.customer_code, answer) : answer;
}

/** The answer's bytes from the cache, or from the ledger (and then kept) when it is not there. */
async function cachedOrSearched(deps: LedgerSearchDeps, plan: LedgerSearchPlan): Promise<Buffer> {
  const cache = deps.ledgerCache;
  if (!cache || !answersOnlyFromLedger(plan.criteria)) {
    return jsonBytes(await runLedgerSearch(deps.db, plan));
  }
  // Read before any line: an answer stored under this version is never older than it.
  const version = await readLedgerVersion(deps.db);
  const findPage = countCachingFinder(cache, version);
  const answerKey = answerKeyOf(plan);
  if (answerKey === null) return jsonBytes(await runLedgerSearch(deps.db, plan, findPage));
  const key = `${version} ${answerKey}`;
  return onceAtATime(cache, key, async () => {
    const hit = await cache.get(key);
    if (hit) return hit;
    // A copy of its own size: jsonBytes answers a view of a buffer three times as large.
    const bytes = Buffer.from(jsonBytes(await runLedgerSearch(deps.db, plan, findPage)));
    void cache.set(key, bytes);
    return bytes;
  });
}

/**
 * A page's lines named by a request not yet 完了 get `open_inquiry: true` (the order list's mark,
 * docs/decisions/032). Added after the cache, so a cached page stays one answer for everyone and
 * the mark is as fresh as the requests: they change without changing the ledger's version.
 */
async function withOpenInquiryMarks(
  deps: DatabasePort,
  customerCode: number,
  bytes: Buffer,
): Promise<Buffer> {
  const page = JSON.parse(bytes.toString('utf8')) as LedgerItemPage;
  const orderNos = [...new Set(page.items.map((item) => item.sale_order_no))];
  const open = await openInquiryLineKeys(deps.db, customerCode, orderNos);
  if (open.length === 0) return bytes;
  const keys = new Set(open.map(lineKeyOf));
  for (const item of page.items) if (keys.has(lineKeyOf(item))) item.open_inquiry = true;
  return jsonBytes(page);
}

const lineKeyOf = (line: LineKey) =>
  JSON.stringify([
    line.sale_order_no,
    line.sale_order_line_no,
    line.delivery_no,
    line.delivery_line_no,
  ]);

/**
 * The criteria the cache knows to depend on ledger_items alone, whose every write changes the
 * version. A criterion added later (one reading another table, say) is searched uncached until
 * it is added here, deliberately.
 */
const LEDGER_ONLY_CRITERIA: ReadonlySet<string> = new Set<keyof LedgerSearchCriteria>([
  'customerCode',
  'from',
  'to',
  'dateField',
  'orderNo',
  'status',
  'itemNo',
  'productName',
  'propertyName',
  'keywords',
  'keywordMatch',
]);

function answersOnlyFromLedger(criteria: LedgerSearchCriteria): boolean {
  return Object.entries(criteria).every(
    ([name, value]) => LEDGER_ONLY_CRITERIA.has(name) || value === null || value === undefined,
  );
}

/** The key of a whole answer worth keeping (first page, unpaged array), without the version. */
function answerKeyOf(plan: LedgerSearchPlan): string | null {
  if (plan.page === null) return JSON.stringify(['array', plan.criteria]);
  if (plan.page.page !== 1) return null;
  return JSON.stringify(['page', plan.criteria, plan.page.sort, plan.page.pageSize]);
}

/** findLedgerPage, with the total taken from the cache when it holds it and stored when not. */
function countCachingFinder(cache: LedgerAnswerCache, version: string): PageFinder {
  return async (db, criteria, page) => {
    const cap = countCapOf(criteria, page);
    const key = `${version} ${JSON.stringify(['count', criteria, cap])}`;
    const cached = await cache.get(key);
    if (cached) {
      const { total, totalCapped } = JSON.parse(cached.toString('utf8')) as CachedCount;
      return { items: await findLedgerItems(db, criteria, page), total, totalCapped };
    }
    const result = await findLedgerPage(db, criteria, page);
    const count: CachedCount = { total: result.total, totalCapped: result.totalCapped };
    void cache.set(key, Buffer.from(JSON.stringify(count)));
    return result;
  };
}

interface CachedCount {
  total: number;
  totalCapped: boolean;
}

/**
 * Searches for the same key that arrive while one runs wait for it instead of running too: a
 * first page many people open at once (after an import) is read once per instance.
 */
const running = new WeakMap<LedgerAnswerCache, Map<string, Promise<Buffer>>>();

function onceAtATime(
  cache: LedgerAnswerCache,
  key: string,
  run: () => Promise<Buffer>,
): Promise<Buffer> {
  let inFlight = running.get(cache);
  if (!inFlight) {
    inFlight = new Map();
    running.set(cache, inFlight);
  }
  const current = inFlight.get(key);
  if (current) return current;
  const started = run().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

/**
 * A shipment notification's link (docs/decisions/014) names its customer: a notification of
 * another customer, or none, answers 404 as one, whoever asks.
 */
async function assertNotificationOf(
  deps: DatabasePort,
  customerCode: number,
  notificationId: number,
): Promise<void> {
  if ((await customerOfShipmentNotification(deps.db, notificationId)) !== customerCode) {
    throw new HttpError(404, 'NOT_FOUND', SHIPMENT_NOTIFICATION_NOT_FOUND_MESSAGE);
  }
}
