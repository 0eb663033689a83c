import { AUDIT_ACTION_LABELS, AUDIT_DATE_ORDER_MESSAGE } from '@domain/audit';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DateRangeField } from '../../../components/form/date-range-field';
import { FilterForm, wideFilterField } from '../../../components/form/filter-form';
import { useFilterDraft } from '../../../components/form/use-filter-draft';
import { type AuditSearch, EMPTY_AUDIT_SEARCH } from '../utils/audit-search';

const ACTION_OPTIONS = [
  { value: '', label: 'すべての操作' },
  ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

const CUSTOMER_CODE_MESSAGE = '取引先コードは数字で入力してください。';

/** The problems of a draft, by field, in the words the screen shows (the server checks again). */
export function auditFilterProblems(
  draft: AuditSearch,
): Partial<Record<keyof AuditSearch, string>> {
  const problems: Partial<Record<keyof AuditSearch, string>> = {};
  if (draft.from && draft.to && draft.from > draft.to) problems.from = AUDIT_DATE_ORDER_MESSAGE;
  if (draft.customerCode.trim() && !/^\d{1,9}$/.test(draft.customerCode.trim())) {
    problems.customerCode = CUSTOMER_CODE_MESSAGE;
  }
  return problems;
}

/**
 * The audit view's filters: the dates (Japan's calendar days, both ends included), the actor's
 * mail (whole), the customer code and the action. 検索 applies them from page 1; CSV出力 exports
 * what the form shows (and shows those events), so the file is never of an earlier search.
 */
export function AuditFilters({
  search,
  onSearch,
  onExport,
  exporting,
  isDesktop,
}: {
  search: AuditSearch;
  onSearch: (search: AuditSearch) => void;
  onExport: (search: AuditSearch) => void;
  exporting: boolean;
  isDesktop: boolean;
}) {
  // The range's order is shown at its start: a change of either end takes it away.
  const { draft, problems, set, checked, reset } = useFilterDraft(search, auditFilterProblems, {
    from: ['from'],
    to: ['from'],
  });

  const submit = () => {
    const next = checked();
    if (next) onSearch({ ...next, page: 1 });
  };

  return (
    <FilterForm
      label="操作履歴の絞り込み"
      onSubmit={submit}
      onClear={() => {
        // The address may already hold no filter: what was typed goes all the same.
        reset(EMPTY_AUDIT_SEARCH);
        onSearch(EMPTY_AUDIT_SEARCH);
      }}
      isDesktop={isDesktop}
      columns={{ desktop: 5, phone: 1 }}
      actions={
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            const next = checked();
            if (next) onExport(next);
          }}
          loading={exporting}
          aria-busy={exporting}
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          CSV出力
        </Button>
      }
    >
      <div className={wideFilterField}>
        <DateRangeField
          label="期間"
          kind="期間"
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
      <TextInput
        type="email"
        label="操作者のメールアドレス"
        placeholder="完全一致"
        autoComplete="off"
        value={draft.actor}
        maxLength={254}
        onChange={(event) => set({ actor: event.currentTarget.value })}
      />
      <TextInput
        label="取引先コード"
        inputMode="numeric"
        autoComplete="off"
        value={draft.customerCode}
        maxLength={9}
        onChange={(event) => set({ customerCode: event.currentTarget.value })}
        error={problems.customerCode}
      />
      <NativeSelect
        label="操作の種類"
        data={ACTION_OPTIONS}
        value={draft.action}
        onChange={(event) => set({ action: event.currentTarget.value })}
      />
    </FilterForm>
  );
}
