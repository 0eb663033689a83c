import { isStaff } from '@domain/user-type';
import { DESKTOP_MEDIA_QUERY } from '../../../config/layout';
import { loginUserId, sendAhead } from '../../../lib/api-client';
import type { UserInfo } from '../../../lib/session-storage';
import { orderPageSize, orderSearchFromParams, orderSearchOf } from '../utils/order-search-params';
import { LEDGER_SEARCH_PATH, ledgerSearchBody } from './ledger-search-body';

/**
 * Sends the first search of the orders screen at this address (`location.search`) for the user
 * this tab stores, while the screen's chunks still load (docs/decisions/021): the screen's own
 * first search (use-orders-page.ts), the same call, takes its answer. The lines then show with
 * the screen instead of a round trip after it. Not for staff, whose customer in the address is
 * first checked against the customer list.
 */
export function searchOrdersAhead(search: string, userInfo: UserInfo): void {
  if (isStaff(userInfo)) return;
  const state = orderSearchFromParams(new URLSearchParams(search));
  const pageSize = orderPageSize(window.matchMedia(DESKTOP_MEDIA_QUERY).matches);
  const body = ledgerSearchBody(
    orderSearchOf(state, userInfo.customerCode, pageSize),
    loginUserId(userInfo.id),
  );
  sendAhead({ method: 'POST', path: LEDGER_SEARCH_PATH, body });
}
