import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useEffectEvent } from 'react';
import {
  ledgerSearchQueryOptions,
  type OrderLine,
  type OrderSearch,
  useLedgerSearch,
} from '../api/search-ledger-items';
import { useSearchFeedback } from './use-search-feedback';

const NO_LINES: OrderLine[] = [];

/** The pages of `total` lines, at least one. */
const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

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

  // The page shown: the search's answer, rendered in a transition once it has come (decision
  // 021). React splits the render of its lines (up to 100 rows) into short tasks, so taps and keys
  // are answered meanwhile; the count, the lines and the pager change together, and until then
  // the screen shows what it showed before.
  const shown = useDeferredValue(result.data);
  const total = shown?.total ?? 0;
  const totalCapped = shown?.totalCapped ?? false;
  const pageCount = pageCountOf(total, pageSize);
  const lines = shown?.lines ?? NO_LINES;
  /** The lines shown are this search's page (not the last one's, kept while this one loads). */
  const current = shown !== undefined && shown === result.data && !result.isPlaceholderData;

  // The answer itself, for what follows from it at once.
  const answerTotal = result.data?.total ?? 0;
  const answerPageCount = pageCountOf(answerTotal, pageSize);
  // The next page is usually wanted next: fetch it while the person reads this one.
  const readyForNext = result.isSuccess && !result.isPlaceholderData && page < answerPageCount;
  useEffect(() => {
    if (!search || !readyForNext) return;
    void queryClient.prefetchQuery(
      ledgerSearchQueryOptions({ ...search, page: search.page + 1 }, userId),
    );
  }, [search, readyForNext, userId, queryClient]);

  const pastTheEnd =
    result.isSuccess &&
    !result.isPlaceholderData &&
    result.data.totalCapped !== true &&
    answerTotal > 0 &&
    page > answerPageCount;
  const showLastPage = useEffectEvent((lastPage: number) => onPastTheEnd(lastPage));
  useEffect(() => {
    if (pastTheEnd) showLastPage(answerPageCount);
  }, [pastTheEnd, answerPageCount]);

  return {
    result,
    /** Whether a page is shown (a count, lines or none), else nothing has come yet. */
    counted: shown !== undefined,
    current,
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
