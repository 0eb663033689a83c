import { notifications } from '@mantine/notifications';
import { useEffect, useId, useState } from 'react';
import { SEARCH_RETRY_WAIT_MS, TOAST_LOADING_MS } from '../../../../../domain/constants';
import { showErrorToast } from '../../../components/feedback/toasts';
import { ORDERS_LOAD_FAILED_MESSAGE, ORDERS_LOADING_MESSAGE } from '../components/order-messages';

/** A fast answer shows no toast at all, so that paging does not flicker. */
const LOADING_TOAST_DELAY_MS = 400;

/**
 * Spec §4: a loading toast while a search runs (at most 30 s), an error toast (10 s) when it
 * fails, and a wait of 10 s after a failure: `waiting` is true until the next search may run.
 */
export function useSearchFeedback({
  isFetching,
  isError,
  errorUpdatedAt,
}: {
  isFetching: boolean;
  isError: boolean;
  errorUpdatedAt: number;
}): { waiting: boolean } {
  const toastId = `orders-loading-${useId()}`;
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
    showErrorToast(ORDERS_LOAD_FAILED_MESSAGE);
    setWaiting(true);
    const timer = setTimeout(() => setWaiting(false), SEARCH_RETRY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isError, errorUpdatedAt]);

  return { waiting };
}
