import { useCallback, useMemo, useRef, useState } from 'react';
import type { OrderLine } from '../api/search-ledger-items';

/**
 * The checked lines of the current search, kept by key with their data, so that a selection made
 * on one page survives paging and the bulk buttons know which documents the lines have.
 */
export function useOrderSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, OrderLine>>(() => new Map());
  // Counts the clears: lines read for a selection that has since been cleared (a new search)
  // must not be added to the next one.
  const clears = useRef(0);

  const toggle = useCallback((line: OrderLine, checked: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(line.key, line);
      else next.delete(line.key);
      return next;
    });
  }, []);

  const setMany = useCallback((lines: readonly OrderLine[], checked: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const line of lines) {
        if (checked) next.set(line.key, line);
        else next.delete(line.key);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    clears.current += 1;
    setSelected(new Map());
  }, []);
  const clearCount = useCallback(() => clears.current, []);

  return useMemo(
    () => ({
      count: selected.size,
      lines: [...selected.values()],
      isSelected: (key: string) => selected.has(key),
      toggle,
      setMany,
      clear,
      /** How often the selection was cleared so far; see setMany after a wait. */
      clearCount,
    }),
    [selected, toggle, setMany, clear, clearCount],
  );
}

export type OrderSelection = ReturnType<typeof useOrderSelection>;
