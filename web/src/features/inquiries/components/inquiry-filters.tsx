import {
  INQUIRY_CATEGORIES,
  INQUIRY_CATEGORY_LABELS,
  INQUIRY_DATE_ORDER_MESSAGE,
  INQUIRY_STATE_LABELS,
  INQUIRY_STATES,
} from '@domain/inquiry';
import { NativeSelect, TextInput } from '@mantine/core';
import { DateRangeField } from '../../../components/form/date-range-field';
import { FilterForm, wideFilterField } from '../../../components/form/filter-form';
import { useFilterDraft } from '../../../components/form/use-filter-draft';
import type { InquirySearch } from '../api/list-inquiries';

/** The problems of a draft, by field, in the words the screen shows (the API checks again). */
function inquiryFilterProblems(draft: InquirySearch): Partial<Record<keyof InquirySearch, string>> {
  return draft.from && draft.to && draft.from > draft.to
    ? { from: INQUIRY_DATE_ORDER_MESSAGE }
    : {};
}

/** The list's filters; staff also filter by customer and assignee. */
export function InquiryFilters({
  search,
  staff,
  staffMembers,
  onSearch,
  isDesktop,
}: {
  search: InquirySearch;
  staff: boolean;
  staffMembers: { user_id: number; name: string }[];
  onSearch: (next: InquirySearch) => void;
  isDesktop: boolean;
}) {
  // The range's order is shown at its start: a change of either end takes it away.
  const { draft, problems, set, checked } = useFilterDraft(search, inquiryFilterProblems, {
    from: ['from'],
    to: ['from'],
  });
  const setField = (key: keyof InquirySearch) => (e: { currentTarget: { value: string } }) =>
    set({ [key]: e.currentTarget.value });
  const submit = () => {
    const next = checked();
    if (next) onSearch({ ...next, page: 1 });
  };
  return (
    <FilterForm
      label="絞り込み"
      onSubmit={submit}
      isDesktop={isDesktop}
      columns={{ desktop: 4, phone: 1 }}
    >
      <NativeSelect
        label="ステータス"
        value={draft.state}
        onChange={setField('state')}
        data={[
          { value: '', label: 'すべて' },
          ...INQUIRY_STATES.map((s) => ({ value: s, label: INQUIRY_STATE_LABELS[s] })),
        ]}
      />
      <NativeSelect
        label="種類"
        value={draft.category}
        onChange={setField('category')}
        data={[
          { value: '', label: 'すべて' },
          ...INQUIRY_CATEGORIES.map((c) => ({ value: c, label: INQUIRY_CATEGORY_LABELS[c] })),
        ]}
      />
      {staff && (
        <TextInput
          label="取引先コード"
          inputMode="numeric"
          value={draft.customer_code}
          onChange={setField('customer_code')}
        />
      )}
      {staff && (
        <NativeSelect
          label="担当者"
          value={draft.assigned}
          onChange={setField('assigned')}
          data={[
            { value: '', label: 'すべて' },
            { value: 'none', label: '未割り当て' },
            ...staffMembers.map((s) => ({ value: String(s.user_id), label: s.name })),
          ]}
        />
      )}
      <div className={wideFilterField}>
        <DateRangeField
          label="最終更新"
          kind="最終更新"
          from={draft.from || null}
          to={draft.to || null}
          onChange={(patch) =>
            set({
              ...('from' in patch ? { from: patch.from ?? '' } : {}),
              ...('to' in patch ? { to: patch.to ?? '' } : {}),
            })
          }
          isDesktop={isDesktop}
          error={problems.from}
        />
      </div>
      <TextInput label="キーワード" value={draft.keyword} onChange={setField('keyword')} />
    </FilterForm>
  );
}
