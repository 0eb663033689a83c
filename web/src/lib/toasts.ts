import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@domain/constants';
import { notifications } from '@mantine/notifications';

// docs/product.md §9: success toasts stay 3 s, error toasts 10 s; the provider puts them at the bottom right.

export function showSuccessToast(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_SUCCESS_MS, withBorder: true });
}

/**
 * With an id, the toast can be taken away early (notifications.hide(id)). Without one, the message
 * is its id: the same failure twice (a second click on 登録) shows one toast, not a pile of them.
 */
export function showErrorToast(message: string, id = `error:${message}`): void {
  notifications.show({
    id,
    message,
    color: 'red',
    autoClose: TOAST_ERROR_MS,
    withBorder: true,
  });
}
