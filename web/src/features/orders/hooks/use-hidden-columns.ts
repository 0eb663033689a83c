import type { LedgerSortField } from '@domain/ledger-search';
import { useState } from 'react';
import { readHiddenFields, writeHiddenFields } from '../utils/table-columns';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The desktop table's hidden fields, remembered in this browser (localStorage): the choice is the
 * person's way of reading the table at this desk, not a setting of the account.
 */
export function useHiddenColumns() {
  const [hidden, setHidden] = useState<LedgerSortField[]>(() => readHiddenFields(storage()));
  const change = (next: LedgerSortField[]) => {
    setHidden(next);
    writeHiddenFields(storage(), next);
  };
  return {
    hidden,
    setShown: (field: LedgerSortField, shown: boolean) =>
      change(shown ? hidden.filter((f) => f !== field) : [...hidden, field]),
    reset: () => change([]),
  };
}
