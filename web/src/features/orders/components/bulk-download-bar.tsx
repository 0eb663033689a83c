import {
  DOCUMENT_FILE_FIELD,
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  type DocumentType,
} from '@domain/api/order-documents';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { OrderSelection } from '../hooks/use-order-selection';
import { formatNumber } from '../utils/format';
import classes from './orders.module.css';

/**
 * docs/product.md §2 / §4: the bulk download buttons, each enabled only when some selected line has that
 * document.
 */
export function BulkDownloadBar({
  selection,
  running,
  onDownload,
}: {
  selection: OrderSelection;
  running: DocumentType | null;
  onDownload: (type: DocumentType) => void;
}) {
  const has = (type: DocumentType) =>
    selection.lines.some((line) => line[DOCUMENT_FILE_FIELD[type]] !== '');
  return (
    <Group gap="xs" className={classes.bulkBar} role="group" aria-label="一括ダウンロード">
      <Text size="sm" c={selection.count > 0 ? undefined : 'dimmed'} className={classes.nowrap}>
        選択中 <strong>{formatNumber(selection.count)}</strong> 件
      </Text>
      <Button variant="subtle" size="xs" disabled={selection.count === 0} onClick={selection.clear}>
        選択を解除
      </Button>
      <Text size="sm" fw={700} ml="xs" className={classes.nowrap}>
        一括ダウンロード
      </Text>
      {DOCUMENT_TYPES.map((type) => (
        <Button
          key={type}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          disabled={!has(type) || (running !== null && running !== type)}
          loading={running === type}
          onClick={() => onDownload(type)}
        >
          {DOCUMENT_LABELS[type]}
        </Button>
      ))}
    </Group>
  );
}
