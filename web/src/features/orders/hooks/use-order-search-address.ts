import { useEffect, useEffectEvent, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  type OrderSearchState,
  orderSearchFromParams,
  orderSearchToParams,
} from '../utils/order-search-params';

/**
 * The search lives in the address (order-search-params.ts): reload, back and forward and a shared
 * link show the same lines. `show` makes each change a new history entry (or replaces the entry).
 * Only staff carry a customer code in it.
 */
export function useOrderSearchAddress(staff: boolean, pageSize: number) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = useMemo(() => orderSearchFromParams(params), [params]);
  const addressOf = (next: Partial<OrderSearchState>) =>
    orderSearchToParams({
      ...state,
      ...next,
      customer: staff ? (next.customer ?? state.customer) : null,
    });
  // Each entry also notes the page size its page number counts in (history state), see below.
  const show = (next: Partial<OrderSearchState>, options: { replace?: boolean } = {}) =>
    setParams(addressOf(next), { preventScrollReset: true, state: { pageSize }, ...options });

  // A window resized across the phone width (or a phone turned) keeps its first line on the
  // page shown: the page number is counted again in the other page size. The size a page number
  // was counted in travels with its history entry, so it outlives the layout's switch. Only the
  // entry the browser shows is counted again: a resize during a page change renders the entry
  // being left once more, and replacing that would undo the change.
  const countedIn = (location.state as { pageSize?: number } | null)?.pageSize ?? pageSize;
  const recount = useEffectEvent((entryKey: string, from: number, to: number) => {
    if ((window.history.state as { key?: string } | null)?.key !== entryKey) return;
    const firstLine = (state.page - 1) * from;
    show({ page: Math.floor(firstLine / to) + 1 }, { replace: true });
  });
  useEffect(() => {
    if (countedIn !== pageSize) recount(location.key, countedIn, pageSize);
  }, [location.key, countedIn, pageSize]);

  return { state, addressOf, show };
}

export type OrderSearchAddress = ReturnType<typeof useOrderSearchAddress>;
