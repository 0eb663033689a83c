import { AUDIT_ACTION_LABELS, AUDIT_DATE_ORDER_MESSAGE } from '@domain/audit';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type AuditSearch, EMPTY_AUDIT_SEARCH } from '../utils/audit-search';
import classes from './audit.module.css';

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
  const [draft, setDraft] = useState(search);
  const [shown, setShown] = useState(search);
  // A new search from outside (the address: back, a page link) restarts the draft; the page's
  // other renders keep what is typed.
  if (shown !== search) {
    setShown(search);
    setDraft(search);
  }
  const [problems, setProblems] = useState<ReturnType<typeof auditFilterProblems>>({});
  const set = (patch: Partial<AuditSearch>) => setDraft((current) => ({ ...current, ...patch }));

  /** The draft when it has no problem (the problems shown otherwise). */
  const checked = (): AuditSearch | null => {
    const found = auditFilterProblems(draft);
    setProblems(found);
    return Object.keys(found).length === 0 ? draft : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = checked();
    if (next) onSearch({ ...next, page: 1 });
  };

  return (
    <form onSubmit={submit} aria-label="操作履歴の絞り込み" className={classes.filters} noValidate>
      <SimpleGrid cols={isDesktop ? 5 : 1} spacing="sm" verticalSpacing="xs">
        <TextInput
          type="date"
          label="開始日"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => set({ from: event.currentTarget.value })}
          error={problems.from}
        />
        <TextInput
          type="date"
          label="終了日"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => set({ to: event.currentTarget.value })}
        />
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
      </SimpleGrid>
      <Group gap="sm" mt="sm" justify={isDesktop ? 'flex-end' : 'stretch'} grow={!isDesktop}>
        <Button
          variant="default"
          type="button"
          onClick={() => {
            setProblems({});
            // The address may already hold no filter: what was typed goes all the same.
            setDraft(EMPTY_AUDIT_SEARCH);
            onSearch(EMPTY_AUDIT_SEARCH);
          }}
        >
          クリア
        </Button>
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
          検索
        </Button>
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
      </Group>
    </form>
  );
}
