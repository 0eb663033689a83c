import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';

// Loaded when a list has a second page: most lists fit one, and the screens' first loads keep
// their budget. The space it takes is held meanwhile, so the list does not move.
const PageNumbers = lazy(async () => ({
  default: (await import('../navigation/page-numbers')).PageNumbers,
}));

const count = (n: number) => n.toLocaleString('ja-JP');

/** The first and last place (from 1) of a page's items among all results. */
export function pageRange(page: number, pageSize: number, shown: number) {
  const first = (page - 1) * pageSize + 1;
  return { first, last: first + shown - 1 };
}

/** The count line of a page of results: 全1,234件（101〜200件目）. */
export function countLine(total: number, page: number, pageSize: number, shown: number): string {
  const { first, last } = pageRange(page, pageSize, shown);
  return `全${count(total)}件（${count(first)}〜${count(last)}件目）`;
}

/** The page numbers of a result list, centred; none when everything fits one page. */
export function ResultsPager({
  page,
  pages,
  onChange,
  isDesktop,
  scrollToTop = false,
  caption,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  isDesktop: boolean;
  /** Back to the top of the screen, where the new page starts. */
  scrollToTop?: boolean;
  /** A line under the numbers (a list's own count). */
  caption?: ReactNode;
}) {
  if (pages <= 1) return null;
  const numbers = (
    <Suspense fallback={<div style={{ minHeight: isDesktop ? 36 : 44 }} />}>
      <PageNumbers
        page={page}
        total={pages}
        onChange={(next) => {
          onChange(next);
          if (scrollToTop) window.scrollTo({ top: 0 });
        }}
        compact={!isDesktop}
      />
    </Suspense>
  );
  return caption === undefined ? (
    <Group justify="center">{numbers}</Group>
  ) : (
    <Stack gap={6} align="center">
      {numbers}
      {caption}
    </Stack>
  );
}

/**
 * A screen's results below its filters (documents, audit): a prompt until there is something to
 * search (staff's customer), the loader, the error or the empty result in words, else the count
 * line with its tools, the rows (a table or cards, the screen's own) and the page numbers.
 */
export function ResultsShell({
  prompt,
  state,
  errorMessage,
  emptyMessage,
  header,
  pager,
  children,
}: {
  /** Shown instead of the results while there is nothing to search yet. */
  prompt?: string | null;
  state: 'loading' | 'error' | 'empty' | 'ready';
  errorMessage: string;
  emptyMessage: string;
  /** The count line and the tools beside it. */
  header: ReactNode;
  pager: ReactNode;
  children: ReactNode;
}) {
  if (prompt) return <Text role="status">{prompt}</Text>;
  if (state === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="読み込み中" />
      </Group>
    );
  }
  if (state === 'error') {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        {errorMessage}
      </Alert>
    );
  }
  if (state === 'empty') return <Text role="status">{emptyMessage}</Text>;
  return (
    <>
      {header}
      {children}
      {pager}
    </>
  );
}

/** The state of a query as ResultsShell shows it. */
export function resultsState(query: {
  isPending: boolean;
  isError: boolean;
  data?: { items: unknown[] } | undefined;
}): 'loading' | 'error' | 'empty' | 'ready' {
  if (query.isError && !query.data) return 'error';
  if (query.isPending || !query.data) return 'loading';
  if (query.isError) return 'error';
  return query.data.items.length === 0 ? 'empty' : 'ready';
}
