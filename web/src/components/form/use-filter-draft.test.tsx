import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFilterDraft } from './use-filter-draft';

interface Search {
  from: string;
  to: string;
  code: string;
}
const EMPTY: Search = { from: '', to: '', code: '' };

function problemsOf(draft: Search) {
  const problems: Partial<Record<keyof Search, string>> = {};
  if (draft.from && draft.to && draft.from > draft.to) problems.from = '開始は終了より前に';
  if (draft.code && !/^\d+$/.test(draft.code)) problems.code = '数字で';
  return problems;
}

const draftOf = (search: Search) =>
  renderHook(({ search }) => useFilterDraft(search, problemsOf, { from: ['from'], to: ['from'] }), {
    initialProps: { search },
  });

describe('a filter form’s draft', () => {
  it('keeps what is typed until 検索, which shows the problems and gives no search', () => {
    const { result } = draftOf(EMPTY);
    act(() => result.current.set({ from: '2026-11-20', to: '2026-11-01', code: 'x1' }));
    expect(result.current.draft).toEqual({ from: '2026-11-20', to: '2026-11-01', code: 'x1' });
    expect(result.current.problems).toEqual({});
    let checked: Search | null = EMPTY;
    act(() => {
      checked = result.current.checked();
    });
    expect(checked).toBeNull();
    expect(result.current.problems).toEqual({ from: '開始は終了より前に', code: '数字で' });
  });

  it('takes a problem away when a field it is about changes, and only that one', () => {
    const { result } = draftOf(EMPTY);
    act(() => result.current.set({ from: '2026-11-20', to: '2026-11-01', code: 'x1' }));
    act(() => void result.current.checked());
    // The range's problem, shown at its start, goes with a change of its end.
    act(() => result.current.set({ to: '2026-11-30' }));
    expect(result.current.problems).toEqual({ code: '数字で' });
    act(() => result.current.set({ code: '10001' }));
    expect(result.current.problems).toEqual({});
  });

  it('answers the draft when it has no problem', () => {
    const { result } = draftOf(EMPTY);
    act(() => result.current.set({ code: '10001' }));
    let checked: Search | null = null;
    act(() => {
      checked = result.current.checked();
    });
    expect(checked).toEqual({ from: '', to: '', code: '10001' });
  });

  it('starts again from a new search that comes from outside, and from a reset', () => {
    const { result, rerender } = draftOf(EMPTY);
    act(() => result.current.set({ code: 'x' }));
    act(() => void result.current.checked());
    // The same search again (another render of the page) keeps what is typed.
    rerender({ search: EMPTY });
    expect(result.current.draft.code).toBe('x');
    expect(result.current.problems).toEqual({ code: '数字で' });
    const fromAddress = { ...EMPTY, code: '20001' };
    rerender({ search: fromAddress });
    expect(result.current.draft).toEqual(fromAddress);
    expect(result.current.problems).toEqual({});
    act(() => result.current.set({ code: 'y' }));
    act(() => void result.current.checked());
    act(() => result.current.reset(EMPTY));
    expect(result.current.draft).toEqual(EMPTY);
    expect(result.current.problems).toEqual({});
  });
});
