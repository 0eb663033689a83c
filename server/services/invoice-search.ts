import {
  INVOICE_PAGE_SIZE,
  type InvoicePage,
  type InvoiceSearchQuery,
} from '../../domain/api/invoices';
import { searchInvoices } from '../repositories/invoices-repository';
import { authorize, maySeeCustomer } from './authorization';
import type { Caller } from './caller';
import type { DatabasePort } from './ports';

/**
 * GET /api/v1/invoices: one customer's invoices by 取引年月日 and 取引金額 ranges
 * (docs/decisions/027). The invoices are the customer's documents, so whoever may see the
 * customer's order lines and documents may see them (staff any customer, others a code they hold).
 */
export async function searchInvoicesAsCaller(
  deps: DatabasePort,
  caller: Caller,
  query: InvoiceSearchQuery,
): Promise<InvoicePage> {
  authorize(maySeeCustomer(caller, query.customer_code));
  const { items, total } = await searchInvoices(
    deps.db,
    {
      customerCode: query.customer_code,
      dateFrom: query.date_from,
      dateTo: query.date_to,
      amountMin: query.amount_min,
      amountMax: query.amount_max,
    },
    { limit: INVOICE_PAGE_SIZE, offset: (query.page - 1) * INVOICE_PAGE_SIZE },
  );
  return { items, total, page: query.page, page_size: INVOICE_PAGE_SIZE };
}
