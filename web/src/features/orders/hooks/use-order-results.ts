import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import {
  ledgerSearchQueryOptions,
  type OrderSearch,
  useLedgerSearch,
} from '../api/search-ledger-items';
import { useSearchFeedback } from './use-search-feedback';

/**
 * One page of the search with its counts and feedback (docs/product.md §4). The next page is read
 * ahead while this one is read; a page past the end (an old link, lines gone since) calls
 * `onPastTheEnd` with the last page, to be shown instead of nothing.
 */
export function useOrderResults({
  search,
  page,
  pageSize,
  userId,
  onPastTheEnd,
}: {
  /** null: no customer chosen, nothing to search. Keep it the same object while it means the same. */
  search: OrderSearch | null;
  page: number;
  pageSize: number;
  userId: number;
  onPastTheEnd: (lastPage: number) => void;
}) {
  const queryClient = useQueryClient();
  const result = useLedgerSearch(search);
  const { waiting, dismissFailure } = useSearchFeedback(result);

  const total = result.data?.total ?? 0;
  const totalCapped = result.data?.totalCapped ?? false;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const lines = result.data?.lines ?? [];

  // The next page is usually wanted next: fetch it while the person reads this one.
  const readyForNext = result.isSuccess && !result.isPlaceholderData && page < pageCount;
  useEffect(() => {
    if (!search || !readyForNext) return;
    void queryClient.prefetchQuery(
      ledgerSearchQueryOptions({ ...search, page: search.page + 1 }, userId),
    );
  }, [search, readyForNext, userId, queryClient]);

  const pastTheEnd =
    result.isSuccess && !result.isPlaceholderData && !totalCapped && total > 0 && page > pageCount;
  const showLastPage = useEffectEvent((lastPage: number) => onPastTheEnd(lastPage));
  useEffect(() => {
    if (pastTheEnd) showLastPage(pageCount);
  }, [pastTheEnd, pageCount]);

  return {
    result,
    total,
    totalCapped,
    pageCount,
    lines,
    busy: result.isFetching,
    waiting,
    dismissFailure,
  };
}

export type OrderResults = ReturnType<typeof useOrderResults>;
