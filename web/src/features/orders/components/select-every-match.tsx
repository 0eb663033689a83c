import { BULK_DOWNLOAD_FILES_MAX } from '@domain/constants';
import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { showErrorToast } from '../../../lib/toasts';
import {
  type OrderLine,
  type OrderSearch,
  searchEveryLedgerItem,
  TooManyLinesError,
} from '../api/search-ledger-items';
import type { OrderSelection } from '../hooks/use-order-selection';
import { formatNumber } from '../utils/format';
import { ordersLoadFailedText } from '../utils/order-messages';
import classes from './orders.module.css';

/**
 * Shown once every line of the page is checked and the search has more pages: checks every line
 * of the search at once (at most BULK_DOWNLOAD_FILES_MAX, what one zip takes), as mail clients
 * offer. The lines are read page by page in the search's order; a new search meanwhile wins.
 */
export function SelectEveryMatch({
  search,
  userId,
  pageLines,
  total,
  totalCapped,
  selection,
}: {
  search: OrderSearch;
  userId: number;
  pageLines: readonly OrderLine[];
  total: number;
  totalCapped: boolean;
  selection: OrderSelection;
}) {
  const [loading, setLoading] = useState(false);
  // A search on text may count only part of its lines: what reading them all found out.
  const [tooMany, setTooMany] = useState(false);
  const [readTotal, setReadTotal] = useState<number | null>(null);

  const allOnPage =
    pageLines.length > 0 && pageLines.every((line) => selection.isSelected(line.key));
  const morePages = totalCapped || total > pageLines.length;
  if (!allOnPage || !morePages) return null;

  const knownTotal = totalCapped ? readTotal : total;
  const pageText = `このページの ${formatNumber(pageLines.length)} 件を選択しています。`;

  const selectEvery = async () => {
    const clearsBefore = selection.clearCount();
    setLoading(true);
    try {
      const lines = await searchEveryLedgerItem({ ...search, page: 1 }, userId);
      if (selection.clearCount() !== clearsBefore) return;
      setReadTotal(lines.length);
      selection.setMany(lines, true);
    } catch (error) {
      if (error instanceof TooManyLinesError) setTooMany(true);
      else showErrorToast(ordersLoadFailedText(error));
    } finally {
      setLoading(false);
    }
  };

  let content: ReactNode;
  if (knownTotal !== null && selection.count >= knownTotal) {
    content = (
      <Text size="sm">
        検索結果の <strong>{formatNumber(knownTotal)}</strong> 件をすべて選択しています。
      </Text>
    );
  } else if (tooMany || total > BULK_DOWNLOAD_FILES_MAX) {
    content = (
      <Text size="sm">
        {pageText}
        一度に選択できるのは {formatNumber(BULK_DOWNLOAD_FILES_MAX)}{' '}
        件までです。条件を絞り込んでください。
      </Text>
    );
  } else {
    content = (
      <>
        <Text size="sm">{pageText}</Text>
        <Button variant="subtle" size="compact-sm" loading={loading} onClick={selectEvery}>
          {totalCapped
            ? '検索結果をすべて選択'
            : `検索結果の ${formatNumber(total)} 件をすべて選択`}
        </Button>
      </>
    );
  }
  return (
    <Group
      gap="xs"
      justify="center"
      className={classes.selectEvery}
      role="status"
      aria-label="検索結果の選択"
    >
      {content}
    </Group>
  );
}
