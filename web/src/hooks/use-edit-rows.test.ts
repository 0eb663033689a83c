import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type CellProblems, type EditRow, useEditRows } from './use-edit-rows';

interface Item {
  id: number;
  title: string;
  url: string;
}
type Values = { title: string; url: string };

const EMPTY: Values = { title: '', url: '' };

function validate(values: Values): CellProblems<Values> {
  const problems: CellProblems<Values> = {};
  if (values.title.trim() === '') problems.title = 'empty';
  if (values.url.trim() === '') problems.url = 'empty';
  else if (!values.url.startsWith('https://')) problems.url = 'invalid';
  return problems;
}

const item = (id: number, title = `お知らせ${id}`): Item => ({
  id,
  title,
  url: `https://example.com/${id}`,
});

function setup(items: Item[] = [item(1), item(2)], maxRows?: number) {
  return renderHook(
    ({ list }: { list: Item[] }) =>
      useEditRows<Item, Values>({
        items: list,
        getId: (i) => i.id,
        toValues: (i) => ({ title: i.title, url: i.url }),
        emptyValues: EMPTY,
        validate,
        maxRows,
      }),
    { initialProps: { list: items } },
  );
}

/** A promise the test settles by hand, to hold a save in flight. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useEditRows (docs/product.md §4 Edit rows)', () => {
  it('adds a new row at the top with empty values and no id', () => {
    const { result } = setup();
    act(() => result.current.addRow());
    const [first, ...rest] = result.current.rows;
    expect(first).toMatchObject({ id: null, isNew: true, values: EMPTY });
    expect(rest.map((row) => row.id)).toEqual([1, 2]);
  });

  it('allows only one unsaved new row at a time', () => {
    const { result } = setup();
    expect(result.current.canAdd).toBe(true);
    act(() => {
      result.current.addRow();
      result.current.addRow();
    });
    expect(result.current.rows.filter((row) => row.isNew)).toHaveLength(1);
    expect(result.current.canAdd).toBe(false);
  });

  it('enables register only when something changed and nothing is invalid', () => {
    const { result } = setup();
    const key = 'saved-1';
    const row = () => result.current.rows.find((r) => r.key === key)!;
    expect(row().canRegister).toBe(false);

    act(() => result.current.changeValue(key, 'url', 'ftp://example.com'));
    expect(row().problems).toEqual({ url: 'invalid' });
    expect(row().changed).toEqual({ url: true });
    expect(row().canRegister).toBe(false);

    act(() => result.current.changeValue(key, 'url', 'https://example.com/new'));
    expect(row().problems).toEqual({});
    expect(row().canRegister).toBe(true);

    // Back to the loaded value: nothing changed any more.
    act(() => result.current.changeValue(key, 'url', 'https://example.com/1'));
    expect(row().isChanged).toBe(false);
    expect(row().canRegister).toBe(false);

    // Spaces around the value are dropped on saving: nothing to save either.
    act(() => result.current.changeValue(key, 'title', '  お知らせ1  '));
    expect(row().isChanged).toBe(false);
    expect(row().canRegister).toBe(false);
  });

  it('marks a new row’s cells once edited, not before, and registers it once complete', () => {
    const { result } = setup();
    act(() => result.current.addRow());
    const key = result.current.rows[0]!.key;
    // Empty, hence invalid, but nobody has begun: nothing is marked and 登録 is off.
    expect(result.current.rows[0]!.problems).toEqual({});
    expect(result.current.rows[0]!.canRegister).toBe(false);
    act(() => result.current.changeValue(key, 'title', '新着'));
    expect(result.current.rows[0]!.changed).toEqual({ title: true });
    expect(result.current.rows[0]!.problems).toEqual({});
    expect(result.current.rows[0]!.canRegister).toBe(false);
    act(() => result.current.changeValue(key, 'url', 'javascript:alert(1)'));
    expect(result.current.rows[0]!.problems).toEqual({ url: 'invalid' });
    act(() => result.current.changeValue(key, 'title', ''));
    expect(result.current.rows[0]!.problems).toEqual({ title: 'empty', url: 'invalid' });
    act(() => {
      result.current.changeValue(key, 'title', '新着');
      result.current.changeValue(key, 'url', 'https://example.com/n');
    });
    expect(result.current.rows[0]!.canRegister).toBe(true);
  });

  it('creates a row without id and updates one with id, dropping the edits after the save', async () => {
    const { result, rerender } = setup();
    act(() => result.current.addRow());
    const newKey = result.current.rows[0]!.key;
    act(() => {
      result.current.changeValue(newKey, 'title', '新着');
      result.current.changeValue(newKey, 'url', 'https://example.com/n');
      result.current.changeValue('saved-2', 'title', '改題');
    });
    const saved: EditRow<Values>[] = [];
    const save = async (row: EditRow<Values>) => {
      saved.push(row);
    };

    await act(() => result.current.register(newKey, save));
    await act(() => result.current.register('saved-2', save));

    expect(saved.map((row) => [row.id, row.values.title])).toEqual([
      [null, '新着'],
      [2, '改題'],
    ]);
    // The caller reloaded the list; the rows now show what the server holds.
    rerender({ list: [item(3, '新着'), item(1), item(2, '改題')] });
    expect(result.current.rows.map((row) => [row.id, row.values.title, row.isChanged])).toEqual([
      [3, '新着', false],
      [1, 'お知らせ1', false],
      [2, '改題', false],
    ]);
    expect(result.current.canAdd).toBe(true);
  });

  it('ignores a second register while the save is in flight', async () => {
    const { result } = setup();
    act(() => result.current.changeValue('saved-1', 'title', '改題'));
    const pending = deferred();
    const save = vi.fn(() => pending.promise);

    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.register('saved-1', save);
      second = result.current.register('saved-1', save);
    });
    expect(await second).toBe('ignored');
    expect(result.current.rows[0]!.saving).toBe(true);
    expect(result.current.rows[0]!.canRegister).toBe(false);

    await act(async () => {
      pending.resolve();
      await first;
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.rows[0]!.saving).toBe(false);
  });

  it('keeps the edits when the save fails and passes the error on', async () => {
    const { result } = setup();
    act(() => result.current.changeValue('saved-1', 'title', '改題'));
    const failure = new Error('HTTP 500');
    await act(async () => {
      await expect(result.current.register('saved-1', () => Promise.reject(failure))).rejects.toBe(
        failure,
      );
    });
    expect(result.current.rows[0]).toMatchObject({
      values: { title: '改題' },
      saving: false,
      canRegister: true,
    });
  });

  it('marks a cell the server refused until its value changes', () => {
    const { result } = setup();
    act(() => result.current.changeValue('saved-1', 'title', '重複'));
    act(() => result.current.markProblem('saved-1', 'title'));
    expect(result.current.rows[0]!.problems).toEqual({ title: 'invalid' });
    expect(result.current.rows[0]!.canRegister).toBe(false);
    act(() => result.current.changeValue('saved-1', 'title', '重複しない'));
    expect(result.current.rows[0]!.problems).toEqual({});
  });

  it('removes an unsaved row without asking', () => {
    const { result } = setup();
    act(() => result.current.addRow());
    const key = result.current.rows[0]!.key;
    act(() => result.current.requestDelete(key));
    expect(result.current.pendingDelete).toBeNull();
    expect(result.current.rows.map((row) => row.id)).toEqual([1, 2]);
    expect(result.current.canAdd).toBe(true);
  });

  it('deletes a saved row only after confirmation', async () => {
    const { result } = setup();
    act(() => result.current.requestDelete('saved-2'));
    expect(result.current.pendingDelete?.id).toBe(2);
    expect(result.current.rows).toHaveLength(2);

    act(() => result.current.cancelDelete());
    expect(result.current.pendingDelete).toBeNull();

    act(() => result.current.requestDelete('saved-2'));
    const remove = vi.fn(async () => {});
    await act(() => result.current.confirmDelete(remove));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(result.current.pendingDelete).toBeNull();
  });

  it('shows at most maxRows rows and disables add at the limit', () => {
    const { result, rerender } = setup([item(1), item(2), item(3)], 4);
    expect(result.current.canAdd).toBe(true);
    act(() => result.current.addRow());
    expect(result.current.rows).toHaveLength(4);
    expect(result.current.canAdd).toBe(false);

    act(() => result.current.requestDelete(result.current.rows[0]!.key));
    rerender({ list: [item(1), item(2), item(3), item(4), item(5)] });
    expect(result.current.rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(result.current.canAdd).toBe(false);
  });
});
