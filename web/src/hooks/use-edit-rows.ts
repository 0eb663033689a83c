import { useCallback, useRef, useState } from 'react';
import { useReportUnsaved } from '../components/edit-rows/unsaved-changes';

import {
  buildRow,
  type CellProblem,
  type CellProblems,
  type EditRow,
  type RowField,
  type RowValues,
  savedKey,
  without,
} from '../lib/edit-rows';

export type { CellProblem, CellProblems, EditRow, RowField, RowValues } from '../lib/edit-rows';

// docs/product.md §4 "Edit rows", implemented once for the notice, banner and user editors: the rows shown are
// the loaded list plus at most one unsaved new row on top; edits stay local until the row's
// register button saves them; after a save or a delete the caller reloads the list.

export interface UseEditRowsOptions<Item, V extends RowValues<V>> {
  /** The loaded list (undefined while loading). */
  items: readonly Item[] | undefined;
  getId: (item: Item) => number;
  toValues: (item: Item) => V;
  /** The values of a new row (docs/product.md §4: empty). */
  emptyValues: V;
  /** The field rules (domain/), giving the problem of each invalid cell. */
  validate: (values: V) => CellProblems<V>;
  /** docs/product.md §4 banners: at most this many rows are shown, and add is disabled at this many. */
  maxRows?: number;
}

export type SaveOutcome = 'saved' | 'ignored';
export type DeleteOutcome = 'deleted' | 'ignored';

export function useEditRows<Item, V extends RowValues<V>>({
  items,
  getId,
  toValues,
  emptyValues,
  validate,
  maxRows,
}: UseEditRowsOptions<Item, V>) {
  // The new row holds only the cells someone has edited: the rest are emptyValues', and a cell
  // not yet edited is not marked invalid (web/src/lib/edit-rows.ts).
  const [newRow, setNewRow] = useState<{ key: string; values: Partial<V> } | null>(null);
  /** Local edits of saved rows, by row key. */
  const [drafts, setDrafts] = useState<Record<string, Partial<V>>>({});
  /** Cells the server refused, by row key; a cell's mark goes when its value changes. */
  const [serverProblems, setServerProblems] = useState<Record<string, CellProblems<V>>>({});
  const [savingKeys, setSavingKeys] = useState<ReadonlySet<string>>(new Set());
  const [pendingDeleteKey, setPendingDeleteKey] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Refs, not state: a second click arrives before React has re-rendered the disabled button.
  const savesInFlight = useRef(new Set<string>());
  const deleteInFlight = useRef(false);
  const newRowCount = useRef(0);

  const loaded = items ?? [];
  const allRows: EditRow<V>[] = [];
  if (newRow) {
    allRows.push(
      buildRow(
        newRow.key,
        null,
        emptyValues,
        newRow.values,
        serverProblems[newRow.key],
        validate,
        savingKeys.has(newRow.key),
      ),
    );
  }
  for (const item of loaded) {
    const id = getId(item);
    const key = savedKey(id);
    allRows.push(
      buildRow(
        key,
        id,
        toValues(item),
        drafts[key],
        serverProblems[key],
        validate,
        savingKeys.has(key),
      ),
    );
  }
  const rows = maxRows === undefined ? allRows : allRows.slice(0, maxRows);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  // docs/product.md §4: one unsaved new row at a time; banners: none once the limit is reached.
  const canAdd = newRow === null && (maxRows === undefined || loaded.length < maxRows);
  const canAddRef = useRef(canAdd);
  canAddRef.current = canAdd;

  const addRow = useCallback(() => {
    if (!canAddRef.current) return;
    canAddRef.current = false;
    newRowCount.current += 1;
    const key = `new-${newRowCount.current}`;
    setNewRow((current) => current ?? { key, values: {} });
  }, []);

  const changeValue = useCallback((key: string, field: RowField<V>, value: string) => {
    setNewRow((current) =>
      current?.key === key
        ? { ...current, values: { ...current.values, [field]: value } }
        : current,
    );
    if (!key.startsWith('new-')) {
      setDrafts((current) => ({ ...current, [key]: { ...current[key], [field]: value } }));
    }
    setServerProblems((current) => {
      const marks = current[key];
      if (!marks || !(field in marks)) return current;
      const { [field]: _cleared, ...rest } = marks;
      return { ...current, [key]: rest as CellProblems<V> };
    });
  }, []);

  /** Marks a cell the server refused (e.g. the duplicate of a 409) until its value changes. */
  const markProblem = useCallback(
    (key: string, field: RowField<V>, problem: CellProblem = 'invalid') => {
      setServerProblems((current) => ({
        ...current,
        [key]: { ...current[key], [field]: problem },
      }));
    },
    [],
  );

  const forget = useCallback((row: EditRow<V>) => {
    if (row.isNew) setNewRow((current) => (current?.key === row.key ? null : current));
    setDrafts((current) => without(current, row.key));
    setServerProblems((current) => without(current, row.key));
  }, []);

  /**
   * Saves the row with `save` (create when it has no id, update otherwise; the caller reloads the
   * list inside it). A call while the row's save is in flight, or for a row that may not be
   * registered, is ignored. The edits stay when `save` fails; the rejection reaches the caller.
   */
  const register = useCallback(
    async (key: string, save: (row: EditRow<V>) => Promise<void>): Promise<SaveOutcome> => {
      const row = rowsRef.current.find((r) => r.key === key);
      if (!row?.canRegister || savesInFlight.current.has(key)) return 'ignored';
      savesInFlight.current.add(key);
      setSavingKeys((current) => new Set(current).add(key));
      try {
        await save(row);
        forget(row);
        return 'saved';
      } finally {
        savesInFlight.current.delete(key);
        setSavingKeys((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      }
    },
    [forget],
  );

  /** docs/product.md §4: an unsaved row just goes; a saved row waits for the confirmation dialog. */
  const requestDelete = useCallback(
    (key: string) => {
      const row = rowsRef.current.find((r) => r.key === key);
      if (!row || row.saving) return;
      if (row.isNew) forget(row);
      else setPendingDeleteKey(key);
    },
    [forget],
  );

  const pendingDelete = rows.find((row) => row.key === pendingDeleteKey) ?? null;
  const pendingDeleteRef = useRef(pendingDelete);
  pendingDeleteRef.current = pendingDelete;

  const cancelDelete = useCallback(() => {
    if (!deleteInFlight.current) setPendingDeleteKey(null);
  }, []);

  /** Deletes the row awaiting confirmation with `remove` (which reloads the list). */
  const confirmDelete = useCallback(
    async (remove: (row: EditRow<V>) => Promise<void>): Promise<DeleteOutcome> => {
      const row = pendingDeleteRef.current;
      if (!row || deleteInFlight.current) return 'ignored';
      deleteInFlight.current = true;
      setDeleting(true);
      try {
        await remove(row);
        forget(row);
        return 'deleted';
      } finally {
        deleteInFlight.current = false;
        setDeleting(false);
        setPendingDeleteKey(null);
      }
    },
    [forget],
  );

  // A page's guard asks before leaving while a row holds changes not yet registered.
  useReportUnsaved(allRows.some((row) => row.isChanged));

  return {
    rows,
    canAdd,
    hasNewRow: newRow !== null,
    addRow,
    changeValue,
    markProblem,
    register,
    requestDelete,
    pendingDelete,
    cancelDelete,
    confirmDelete,
    deleting,
  };
}

export type EditRowsState<V extends RowValues<V>> = ReturnType<typeof useEditRows<unknown, V>>;
