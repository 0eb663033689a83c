import {
  INQUIRY_CATEGORIES,
  INQUIRY_CATEGORY_LABELS,
  INQUIRY_STATE_LABELS,
  INQUIRY_STATES,
} from '@domain/inquiry';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { InquirySearch } from '../api/list-inquiries';

/** The list's filters; staff also filter by customer and assignee. */
export function InquiryFilters({
  search,
  staff,
  staffMembers,
  onSearch,
}: {
  search: InquirySearch;
  staff: boolean;
  staffMembers: { user_id: number; name: string }[];
  onSearch: (next: InquirySearch) => void;
}) {
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  const set = (key: keyof InquirySearch) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: e.currentTarget.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ ...draft, page: 1 });
  };
  return (
    <form onSubmit={submit} aria-label="絞り込み">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
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
        <TextInput label="最終更新（から）" type="date" value={draft.from} onChange={set('from')} />
        <TextInput label="最終更新（まで）" type="date" value={draft.to} onChange={set('to')} />
        <TextInput label="キーワード" value={draft.keyword} onChange={set('keyword')} />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit">検索</Button>
      </Group>
    </form>
  );
}
