import { DOCUMENT_TYPES } from '@domain/documents';
import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { DateRangeField } from '../../../components/form/date-range-field';
import { FilterForm, filterCheckbox, wideFilterField } from '../../../components/form/filter-form';
import { useFilterDraft } from '../../../components/form/use-filter-draft';
import {
  type DocumentSearch,
  documentFilterProblems,
  EMPTY_DOCUMENT_FILTERS,
} from '../utils/document-search';

const TYPE_OPTIONS = [
  { value: '', label: 'すべての種類' },
  ...Object.entries(DOCUMENT_TYPES).map(([value, label]) => ({ value, label })),
];

/**
 * The documents screen's filters (電子帳簿保存法 search keys and more): type, 取引年月日 range,
 * 金額 range, number and 未ダウンロード, any of them combined. 検索 applies them from page 1.
 */
export function DocumentFilters({
  search,
  onSearch,
  isDesktop,
}: {
  search: DocumentSearch;
  onSearch: (search: DocumentSearch) => void;
  isDesktop: boolean;
}) {
  // A range's problem is shown at its start (the dates) or at both ends (the amounts): a change
  // of either end takes it away.
  const { draft, problems, set, checked, reset } = useFilterDraft(search, documentFilterProblems, {
    dateFrom: ['dateFrom'],
    dateTo: ['dateFrom'],
    amountMin: ['amountMin', 'amountMax'],
    amountMax: ['amountMin', 'amountMax'],
  });

  const submit = () => {
    const next = checked();
    if (next) onSearch({ ...next, page: 1 });
  };

  return (
    <FilterForm
      label="帳票の絞り込み"
      onSubmit={submit}
      onClear={() => {
        const cleared = { ...search, ...EMPTY_DOCUMENT_FILTERS, page: 1 };
        reset(cleared);
        onSearch(cleared);
      }}
      isDesktop={isDesktop}
      columns={{ desktop: 4, phone: 2 }}
    >
      <NativeSelect
        label="種類"
        data={TYPE_OPTIONS}
        value={draft.type}
        onChange={(event) => set({ type: event.currentTarget.value })}
      />
      <TextInput
        label="書類番号"
        placeholder="一部でも可"
        autoComplete="off"
        value={draft.docNo}
        maxLength={50}
        onChange={(event) => set({ docNo: event.currentTarget.value })}
      />
      <div className={wideFilterField}>
        <DateRangeField
          label="取引年月日"
          kind="取引年月日"
          from={draft.dateFrom || null}
          to={draft.dateTo || null}
          onChange={(patch) =>
            set({
              ...('from' in patch ? { dateFrom: patch.from ?? '' } : {}),
              ...('to' in patch ? { dateTo: patch.to ?? '' } : {}),
            })
          }
          isDesktop={isDesktop}
          error={problems.dateFrom}
        />
      </div>
      <TextInput
        label="金額（円・から）"
        inputMode="numeric"
        autoComplete="off"
        value={draft.amountMin}
        maxLength={20}
        onChange={(event) => set({ amountMin: event.currentTarget.value })}
        error={problems.amountMin}
      />
      <TextInput
        label="金額（円・まで）"
        inputMode="numeric"
        autoComplete="off"
        value={draft.amountMax}
        maxLength={20}
        onChange={(event) => set({ amountMax: event.currentTarget.value })}
        error={problems.amountMax}
      />
      <TextInput
        label="納品番号"
        placeholder="番号全体"
        autoComplete="off"
        value={draft.deliveryNo}
        maxLength={64}
        onChange={(event) => set({ deliveryNo: event.currentTarget.value })}
      />
      <Checkbox
        label="未ダウンロードのみ"
        checked={draft.notDownloaded}
        onChange={(event) => set({ notDownloaded: event.currentTarget.checked })}
        className={filterCheckbox}
      />
    </FilterForm>
  );
}
