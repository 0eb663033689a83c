import { useState } from 'react';

export type FilterProblems<S> = Partial<Record<keyof S, string>>;

/**
 * The draft of a filter form (FilterForm): what is typed, kept until 検索 applies it, and
 * restarted, its problems gone, when a new search comes from outside (the address: back, a page
 * link); the page's other renders keep what is typed. A draft's problems are shown when 検索 finds
 * them, and each goes as soon as a field it is about changes, not at the next 検索.
 */
export function useFilterDraft<S extends object>(
  search: S,
  problemsOf: (draft: S) => FilterProblems<S>,
  /**
   * The problems a field's change takes away, where a problem is about more than the field it is
   * shown at (a date range's order, shown at its start); by default a field's own.
   */
  problemsOfField: Partial<Record<keyof S, readonly (keyof S)[]>> = {},
) {
  const [draft, setDraft] = useState(search);
  const [problems, setProblems] = useState<FilterProblems<S>>({});
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setDraft(search);
    setProblems({});
  }

  const set = (patch: Partial<S>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch) as (keyof S)[]) {
        for (const gone of problemsOfField[field] ?? [field]) delete next[gone];
      }
      return next;
    });
  };

  /** The draft when it has no problem; null, with its problems shown, when it has. */
  const checked = (): S | null => {
    const found = problemsOf(draft);
    setProblems(found);
    return Object.keys(found).length === 0 ? draft : null;
  };

  /** A draft set from outside the fields (クリア), its problems gone. */
  const reset = (next: S) => {
    setProblems({});
    setDraft(next);
  };

  return { draft, problems, set, checked, reset };
}
