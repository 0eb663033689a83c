import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { parsePageInput } from '../utils/order-filters';

/**
 * docs/product.md §2: previous/next arrows and a page-number input with "/ total pages". The input takes
 * whole numbers from 1 to the page count (docs/product.md §5); anything else goes back to the current page.
 * With `morePages` the count is a lower bound (the server stopped counting): "/ 10 以上".
 */
export function PageControls({
  page,
  pageCount,
  morePages = false,
  onChange,
}: {
  page: number;
  pageCount: number;
  morePages?: boolean;
  onChange: (page: number) => void;
}) {
  const [text, setText] = useState(String(page));
  useEffect(() => setText(String(page)), [page]);

  const commit = () => {
    const next = parsePageInput(text, pageCount);
    if (next === null || next === page) setText(String(page));
    else onChange(next);
  };

  return (
    <Group gap={6} wrap="nowrap" component="nav" aria-label="ページ送り">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="前のページ"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={18} aria-hidden="true" />
      </ActionIcon>
      <TextInput
        aria-label="ページ番号"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        onFocus={(event) => event.currentTarget.select()}
        inputMode="numeric"
        w={64}
        styles={{ input: { textAlign: 'center' } }}
      />
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        / {pageCount}
        {morePages && ' 以上'}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="次のページ"
        disabled={page >= pageCount && !morePages}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
