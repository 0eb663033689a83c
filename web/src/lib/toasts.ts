import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@domain/constants';
import { notifications } from '@mantine/notifications';

// docs/product.md §9: success toasts stay 3 s, error toasts 10 s; the provider puts them at the top
// centre (decision 035).

export function showSuccessToast(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_SUCCESS_MS, withBorder: true });
}

/** The error toast on screen, if any: a new failure replaces it. */
let shownError: string | null = null;

/** For tests only: no error toast is on screen after notifications.clean(), which calls no onClose. */
export function forgetErrorToastForTests(): void {
  shownError = null;
}

/**
 * With an id, the toast can be taken away early (notifications.hide(id)). Without one, the message
 * is its id: the same failure twice (a second click on 登録) shows one toast, not a pile of them.
 * One error toast at a time: another failure replaces the one shown, so that failures in a row
 * do not stack up over the screen.
 */
export function showErrorToast(message: string, id = `error:${message}`): void {
  if (shownError !== null && shownError !== id) notifications.hide(shownError);
  shownError = id;
  notifications.show({
    id,
    message,
    color: 'red',
    autoClose: TOAST_ERROR_MS,
    withBorder: true,
    onClose: () => {
      if (shownError === id) shownError = null;
    },
  });
}
