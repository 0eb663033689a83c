/**
 * The customer staff chose last on the orders, shared-files or managers screen (docs/product.md
 * §2: staff choose any customer there), kept for this tab (sessionStorage, as the session is), so
 * that moving between those screens keeps it. Forgotten at sign-out with the rest of the session.
 */
const KEY = 'chosenCustomer';

export function readChosenCustomer(storage: Pick<Storage, 'getItem'> = window.sessionStorage) {
  const value = storage.getItem(KEY);
  return value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export function rememberChosenCustomer(code: number, storage: Storage = window.sessionStorage) {
  storage.setItem(KEY, String(code));
}

export function forgetChosenCustomer(storage: Storage = window.sessionStorage) {
  storage.removeItem(KEY);
}
