import type { DocumentListItem } from '@domain/api/documents';
import { DOCUMENT_TYPES, type DocumentType, REISSUE_MARK } from '@domain/documents';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { PhrasedText } from '../../../components/text/phrased-text';
import classes from './documents.module.css';

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const day = (iso: string) => iso.replaceAll('-', '/');
/** A moment as Japan's calendar day. */
const japanDay = (iso: string) =>
  new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '/');

export interface DocumentActions {
  onDownload: (item: DocumentListItem) => void;
  onHistory: (item: DocumentListItem) => void;
  /** The document whose download is being prepared. */
  pendingId: number | null;
}

/** The receipt state as the caller may see it. */
export function receiptText(item: DocumentListItem, receiptsVisible: boolean): string {
  if (receiptsVisible) {
    return item.first_download
      ? `${japanDay(item.first_download.at)} ${item.first_download.user_name}`
      : '未ダウンロード';
  }
  return item.downloaded_by_me ? 'ダウンロード済み' : '未ダウンロード';
}

function VersionCell({ item }: { item: DocumentListItem }) {
  // Not archived yet: the first download (or the daily scan) archives it as version 1.
  if (item.version === null) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" className={classes.nowrap}>
        第{item.version}版
      </Text>
      {item.reissued_on && (
        <Badge color="red.9" variant="filled" radius="sm" className={classes.badge}>
          {REISSUE_MARK} {day(item.reissued_on)}
        </Badge>
      )}
    </Stack>
  );
}

function Actions({ item, actions }: { item: DocumentListItem; actions: DocumentActions }) {
  const label = `${DOCUMENT_TYPES[item.type as DocumentType]} ${item.doc_no}`;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden="true" />}
        loading={actions.pendingId === item.id}
        onClick={() => actions.onDownload(item)}
        aria-label={`${label} のPDFをダウンロード`}
      >
        PDF
      </Button>
      <Button
        size="xs"
        variant="default"
        px={8}
        disabled={item.version === null}
        onClick={() => actions.onHistory(item)}
        aria-label={`${label} の版の履歴`}
        title="版の履歴"
      >
        <IconHistory size={16} aria-hidden="true" />
      </Button>
    </Group>
  );
}

/** The desktop's table: one document a row. */
export function DocumentTable({
  items,
  receiptsVisible,
  actions,
}: {
  items: DocumentListItem[];
  receiptsVisible: boolean;
  actions: DocumentActions;
}) {
  return (
    <div className={classes.tableScroll}>
      <Table striped highlightOnHover horizontalSpacing={6} className={classes.table}>
        <caption className={classes.caption}>帳票一覧</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">種類</Table.Th>
            <Table.Th scope="col">取引年月日</Table.Th>
            <Table.Th scope="col">番号</Table.Th>
            <Table.Th scope="col">取引先</Table.Th>
            <Table.Th scope="col" className={`${classes.number} ${classes.nowrap}`}>
              金額（税込）
            </Table.Th>
            <Table.Th scope="col">登録番号</Table.Th>
            <Table.Th scope="col">版</Table.Th>
            <Table.Th scope="col">{receiptsVisible ? '初回ダウンロード' : 'ダウンロード'}</Table.Th>
            <Table.Th scope="col">操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td className={classes.nowrap}>
                {DOCUMENT_TYPES[item.type as DocumentType]}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{day(item.doc_date)}</Table.Td>
              <Table.Td className={classes.nowrap}>{item.doc_no}</Table.Td>
              <Table.Td className={`${classes.breakable} ${classes.customer}`}>
                <PhrasedText text={item.customer_name} sizing />
              </Table.Td>
              <Table.Td className={`${classes.number} ${classes.nowrap}`}>
                {yen(item.amount)}
              </Table.Td>
              <Table.Td className={`${classes.nowrap} ${classes.small}`}>
                {item.registration_no ?? '—'}
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <VersionCell item={item} />
              </Table.Td>
              <Table.Td>
                <PhrasedText text={receiptText(item, receiptsVisible)} sizing />
              </Table.Td>
              <Table.Td>
                <Actions item={item} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * Cards a phone shows at first and adds at each 「さらに表示」: a page's 100 cards at once are some
 * 25,000 px of scrolling before the page numbers. The page stays the server's 100 (the address and
 * the page numbers mean the same documents at both sizes); the rest of it is shown on request.
 */
export const PHONE_CARDS_STEP = 20;

export const moreCardsLabel = (left: number) =>
  `さらに${Math.min(left, PHONE_CARDS_STEP)}件表示（残り${left}件）`;

/** The phone's cards: the same fields, one card a document, shown PHONE_CARDS_STEP at a time. */
export function DocumentCards({
  items,
  receiptsVisible,
  actions,
}: {
  items: DocumentListItem[];
  receiptsVisible: boolean;
  actions: DocumentActions;
}) {
  const [shown, setShown] = useState(PHONE_CARDS_STEP);
  // Another page or search starts again from its first cards.
  const [shownOf, setShownOf] = useState(items);
  if (shownOf !== items) {
    setShownOf(items);
    setShown(PHONE_CARDS_STEP);
  }
  const left = items.length - shown;
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" className={classes.cards} aria-label="帳票一覧">
        {items.slice(0, shown).map((item) => (
          <Paper key={item.id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={700}>
                {DOCUMENT_TYPES[item.type as DocumentType]} {item.doc_no}
              </Text>
              <Text size="sm" fw={700} className={classes.nowrap}>
                {yen(item.amount)}
              </Text>
            </Group>
            <dl className={classes.fields}>
              <dt>取引年月日</dt>
              <dd>{day(item.doc_date)}</dd>
              <dt>取引先</dt>
              <dd>
                <PhrasedText text={item.customer_name} />
              </dd>
              <dt>登録番号</dt>
              <dd>{item.registration_no ?? '—'}</dd>
              <dt>版</dt>
              <dd>
                <VersionCell item={item} />
              </dd>
              <dt>{receiptsVisible ? '初回ダウンロード' : 'ダウンロード'}</dt>
              <dd>
                <PhrasedText text={receiptText(item, receiptsVisible)} />
              </dd>
            </dl>
            <Group mt="xs">
              <Actions item={item} actions={actions} />
            </Group>
          </Paper>
        ))}
      </Stack>
      {left > 0 && (
        <Button variant="default" onClick={() => setShown((n) => n + PHONE_CARDS_STEP)}>
          {moreCardsLabel(left)}
        </Button>
      )}
    </Stack>
  );
}
