// docs/product.md §4 "Edit rows": the row model of the notice, banner and user editors (the hook
// that holds the rows is web/src/hooks/use-edit-rows.ts).

/** `duplicate`: the server answered 409 for this cell (e.g. a mail already registered). */
export type CellProblem = 'empty' | 'invalid' | 'tooLong' | 'notOneLine' | 'duplicate';

/** The editable values of a row, every one a string as its input holds it. */
export type RowValues<V> = { [K in keyof V]: string };
export type RowField<V> = keyof V & string;
export type CellProblems<V> = Partial<Record<RowField<V>, CellProblem>>;

export interface EditRow<V extends RowValues<V>> {
  /** Stable React key: `saved-<id>` or `new-<n>`. */
  key: string;
  /** null for the unsaved new row: register creates it; with an id register updates. */
  id: number | null;
  isNew: boolean;
  /** The values as loaded (the empty values for the new row). */
  original: V;
  values: V;
  /** Invalid cells shown, from the rules plus what the server refused (e.g. a 409 duplicate); on
   * the new row only the cells someone has edited. */
  problems: CellProblems<V>;
  /** Cells whose value differs from the loaded one. */
  changed: Partial<Record<RowField<V>, true>>;
  isChanged: boolean;
  /** docs/product.md §4: register is enabled only when something changed and nothing is invalid. */
  canRegister: boolean;
  /** Its save is in flight. */
  saving: boolean;
}

export const savedKey = (id: number) => `saved-${id}`;

export function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export function buildRow<V extends RowValues<V>>(
  key: string,
  id: number | null,
  original: V,
  draft: Partial<V> | undefined,
  extraProblems: CellProblems<V> | undefined,
  validate: (values: V) => CellProblems<V>,
  saving: boolean,
): EditRow<V> {
  const values = { ...original, ...draft } as V;
  const allProblems: CellProblems<V> = { ...validate(values), ...extraProblems };
  // A new row starts empty, hence invalid: its cells are marked once someone has typed or chosen
  // in them (or the server refused them), not in red before anyone has begun. Register stays off
  // until every cell is valid either way.
  const problems: CellProblems<V> =
    id === null
      ? (Object.fromEntries(
          Object.entries(allProblems).filter(
            ([field]) => (draft !== undefined && field in draft) || field in (extraProblems ?? {}),
          ),
        ) as CellProblems<V>)
      : allProblems;
  const changed: Partial<Record<RowField<V>, true>> = {};
  // Compared as saved: the screens trim every value before sending it.
  for (const field of Object.keys(values) as RowField<V>[]) {
    if (values[field].trim() !== original[field].trim()) changed[field] = true;
  }
  const isChanged = Object.keys(changed).length > 0;
  const isValid = Object.keys(allProblems).length === 0;
  return {
    key,
    id,
    isNew: id === null,
    original,
    values,
    problems,
    changed,
    isChanged,
    canRegister: isChanged && isValid && !saving,
    saving,
  };
}
