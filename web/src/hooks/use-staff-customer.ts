import { useEffect, useEffectEvent } from 'react';
import { readChosenCustomer, rememberChosenCustomer } from '../lib/chosen-customer';

/**
 * The customer whose data a staff member sees on the orders, shared-files and managers screens:
 * the one the address names (a link, a reload, back and forward), else the one chosen last in
 * this tab, which is then written into the address (`putInAddress`, replacing the entry), so that
 * the address always says whose data is shown and a copied link opens the same customer. A code
 * in the address is remembered for the other screens once `known` says it is a customer. Null for
 * everyone else: they see their own customer, whatever the address says (the server allows
 * nothing more).
 */
export function useStaffCustomer({
  staff,
  inAddress,
  known,
  putInAddress,
}: {
  staff: boolean;
  inAddress: number | null;
  known: boolean;
  putInAddress: (customerCode: number) => void;
}): number | null {
  const remembered = staff && inAddress === null ? readChosenCustomer() : null;
  const put = useEffectEvent(putInAddress);
  useEffect(() => {
    if (remembered !== null) put(remembered);
  }, [remembered]);
  useEffect(() => {
    if (staff && inAddress !== null && known) rememberChosenCustomer(inAddress);
  }, [staff, inAddress, known]);
  return staff ? (inAddress ?? remembered) : null;
}
