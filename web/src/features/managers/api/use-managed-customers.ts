import { isStaff } from '@domain/user-type';
import { useQuery } from '@tanstack/react-query';
import { allCustomerCodeListQueryOptions } from '../../../api/get-all-customer-code-list';
import { corporationCustomersQueryOptions } from '../../../api/get-customer-code-list';
import { loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface ManagedCustomer {
  code: number;
  name: string;
}

/**
 * The customers whose users the signed-in person manages (docs/product.md §6): staff every customer; a
 * corporate administrator those of their corporation, which sign-in already stored in the session.
 */
export function useManagedCustomers() {
  const { userInfo, corporationCustomers } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  const user = loginUserId(userInfo?.id);
  const stored = Object.entries(corporationCustomers);

  const all = useQuery({ ...allCustomerCodeListQueryOptions(user), enabled: staff });
  const corporation = useQuery({
    ...corporationCustomersQueryOptions(userInfo?.customerCode ?? 0, user),
    enabled: !staff && userInfo !== null && stored.length === 0,
  });

  let customers: ManagedCustomer[] | undefined;
  if (staff) {
    customers = all.data?.map((c) => ({ code: c.customer_code, name: c.customer_name }));
  } else {
    const entries = stored.length > 0 ? stored : Object.entries(corporation.data ?? {});
    customers =
      stored.length > 0 || corporation.data
        ? entries.map(([code, name]) => ({ code: Number(code), name }))
        : undefined;
  }
  customers?.sort((a, b) => a.code - b.code);
  return {
    staff,
    customers,
    isError: staff ? all.isError : corporation.isError,
  };
}
