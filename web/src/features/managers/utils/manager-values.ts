import type { ManagedUser } from '@domain/api/user';
import type { ManagedCustomer } from '../api/use-managed-customers';

/** The row values as the inputs hold them; codes and type ids as strings ('' = not chosen). */
export type UserValues = {
  mail: string;
  user_name: string;
  customer_code: string;
  user_type_id: string;
  /** The shipment notification: 'on' or 'off'; a new row starts 'on', as the server does. */
  shipment_mail: 'on' | 'off';
};

export const EMPTY_USER: UserValues = {
  mail: '',
  user_name: '',
  customer_code: '',
  user_type_id: '',
  shipment_mail: 'on',
};

/** The customer filter's "show all" (docs/product.md §2 Managers: not for staff). */
export const ALL_CUSTOMERS = 'all';

export const toValues = (user: ManagedUser): UserValues => ({
  mail: user.mail,
  user_name: user.user_name,
  customer_code: String(user.customer_code),
  user_type_id: String(user.user_type_id),
  shipment_mail: user.shipment_mail ? 'on' : 'off',
});

export const customerLabel = (customer: ManagedCustomer) => `${customer.code}: ${customer.name}`;

export const codeOrNull = (value: string) => (value === '' ? null : Number(value));

/** A customer code as an address writes it (?customer=10001); null for anything else. */
export const customerCodeOf = (value: string | null) =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

export type SelectOption = { value: string; label: string };

/** Keeps a row's saved customer in its select even when the list does not hold it. */
export function withCurrent(options: SelectOption[], current: string): SelectOption[] {
  if (current === '' || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}
