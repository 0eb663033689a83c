import {
  INQUIRY_CATEGORIES,
  INQUIRY_CATEGORY_LABELS,
  INQUIRY_DATE_ORDER_MESSAGE,
  INQUIRY_STATE_LABELS,
  INQUIRY_STATES,
} from '@domain/inquiry';
import { NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DateRangeField } from '../../../components/form/date-range-field';
import { FilterForm, wideFilterField } from '../../../components/form/filter-form';
import type { InquirySearch } from '../api/list-inquiries';

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
  const [draft, setDraft] = useState(search);
  const [dateProblem, setDateProblem] = useState<string | undefined>();
  useEffect(() => setDraft(search), [search]);
  const set = (key: keyof InquirySearch) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: e.currentTarget.value });
  const submit = () => {
    // The API refuses it too; said beside the range, before anything is sent.
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateProblem(INQUIRY_DATE_ORDER_MESSAGE);
      return;
    }
    onSearch({ ...draft, page: 1 });
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
        onChange={set('state')}
        data={[
          { value: '', label: 'すべて' },
          ...INQUIRY_STATES.map((s) => ({ value: s, label: INQUIRY_STATE_LABELS[s] })),
        ]}
      />
      <NativeSelect
        label="種類"
        value={draft.category}
        onChange={set('category')}
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
          onChange={set('customer_code')}
        />
      )}
      {staff && (
        <NativeSelect
          label="担当者"
          value={draft.assigned}
          onChange={set('assigned')}
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
          onChange={(patch) => {
            setDateProblem(undefined);
            setDraft((current) => ({
              ...current,
              ...('from' in patch ? { from: patch.from ?? '' } : {}),
              ...('to' in patch ? { to: patch.to ?? '' } : {}),
            }));
          }}
          isDesktop={isDesktop}
          error={dateProblem}
        />
      </div>
      <TextInput label="キーワード" value={draft.keyword} onChange={set('keyword')} />
    </FilterForm>
  );
}
