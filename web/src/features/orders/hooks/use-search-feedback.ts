import { SEARCH_RETRY_WAIT_MS, TOAST_LOADING_MS } from '@domain/constants';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useId, useState } from 'react';
import { showErrorToast } from '../../../lib/toasts';
import { ORDERS_LOADING_MESSAGE, ordersLoadFailedText } from '../utils/order-messages';

/** A fast answer shows no toast at all, so that paging does not flicker. */
const LOADING_TOAST_DELAY_MS = 400;

/**
 * docs/product.md §4: a loading toast while a search runs (at most 30 s), an error toast (10 s) when it
 * fails, and a wait of 10 s after a failure: `waiting` is true until the next search may run.
 * `dismissFailure` takes the error toast away early.
 */
export function useSearchFeedback({
  isFetching,
  isError,
  error,
  errorUpdatedAt,
}: {
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
}): { waiting: boolean; dismissFailure: () => void } {
  const id = useId();
  const toastId = `orders-loading-${id}`;
  const failureToastId = `orders-failed-${id}`;
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!isFetching) return;
    const timer = setTimeout(() => {
      notifications.show({
        id: toastId,
        message: ORDERS_LOADING_MESSAGE,
        loading: true,
        autoClose: TOAST_LOADING_MS,
        withCloseButton: false,
        withBorder: true,
      });
    }, LOADING_TOAST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      notifications.hide(toastId);
    };
  }, [isFetching, toastId]);

  useEffect(() => {
    if (!isError || errorUpdatedAt <= 0) return;
    showErrorToast(ordersLoadFailedText(error), failureToastId);
    setWaiting(true);
    const timer = setTimeout(() => setWaiting(false), SEARCH_RETRY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isError, error, errorUpdatedAt, failureToastId]);

  // The filter panel says why its search waits; the toast would cover its buttons.
  const dismissFailure = useCallback(() => notifications.hide(failureToastId), [failureToastId]);

  return { waiting, dismissFailure };
}
