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
import {
  findLedgerItems,
  findLedgerPage,
  type LedgerPageRequest,
} from '../repositories/ledger-repository';
import { authorize, maySeeCustomer } from './authorization';
import type { Caller } from './caller';
import type { DatabasePort } from './ports';

// The order-line search (docs/product.md §7 /spec/search-result-ledgerItem). Who may search which customer
// comes from the token (docs/product.md §12): staff any customer; everybody else, corporate
// administrators included, only a customer code they hold themselves.

export const TOO_MANY_ROWS_CODE = 'TOO_MANY_RESULTS';

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

/** Runs the statements of a plan: one page and the total, or the capped unpaged array. */
async function runLedgerSearch(
  db: Database,
  plan: LedgerSearchPlan,
): Promise<LedgerItem[] | LedgerItemPage> {
  if (plan.page) {
    const { items, total, totalCapped } = await findLedgerPage(db, plan.criteria, plan.page);
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

export async function searchLedgerItems(
  deps: DatabasePort,
  caller: Caller,
  body: LedgerSearchBody,
  now = new Date(),
): Promise<LedgerItem[] | LedgerItemPage> {
  const plan = planLedgerSearch(body, now);
  // Who may see the customer is decided before the ledger is read (issue 17): a refused caller
  // makes the database do no search work, and a refusal takes the same time whatever the search.
  // Reading the caller's rows beside the search saved one round trip (docs/decisions/005), at the
  // price of searching for callers who were then refused.
  authorize(maySeeCustomer(caller, body.customer_code));
  return runLedgerSearch(deps.db, plan);
}
