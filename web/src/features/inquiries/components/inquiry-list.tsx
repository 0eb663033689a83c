import type { InquirySummary } from '@domain/api/inquiries';
import { japanDateTime } from '@domain/audit';
import { INQUIRY_CATEGORY_LABELS } from '@domain/inquiry';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PhrasedText } from '../../../components/text/phrased-text';
import classes from './inquiries.module.css';
import { InquiryStateBadge } from './state-badge';

/** 2026/11/28 04:15, Japan time, as the other screens write dates. */
const when = (iso: string) => japanDateTime(iso).slice(0, 16).replaceAll('-', '/');

/** The desktop's table: one request a row, newest activity first. */
export function InquiryTable({ inquiries }: { inquiries: InquirySummary[] }) {
  return (
    <div className={classes.tableScroll}>
      <Table striped highlightOnHover className={classes.table}>
        <caption className={classes.caption}>お問い合わせ（最終更新の降順）</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">ステータス</Table.Th>
            <Table.Th scope="col">種類</Table.Th>
            <Table.Th scope="col">取引先</Table.Th>
            <Table.Th scope="col">注文番号</Table.Th>
            <Table.Th scope="col">内容</Table.Th>
            <Table.Th scope="col">依頼者</Table.Th>
            <Table.Th scope="col">担当</Table.Th>
            <Table.Th scope="col">最終更新</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inquiries.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td className={classes.nowrap}>
                <InquiryStateBadge state={i.state} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>{INQUIRY_CATEGORY_LABELS[i.category]}</Table.Td>
              <Table.Td>
                <PhrasedText text={`${i.customer_code} ${i.customer_name}`} sizing />
              </Table.Td>
              <Table.Td className={classes.nowrap}>{i.sale_order_no}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/inquiries/${i.id}`} className={classes.snippet}>
                  <PhrasedText text={i.first_text} sizing />
                </Anchor>
              </Table.Td>
              <Table.Td>
                <PhrasedText text={i.requester.name} sizing />
              </Table.Td>
              <Table.Td>
                {i.assigned ? <PhrasedText text={i.assigned.name} sizing /> : '—'}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{when(i.last_activity_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The phone's cards: the same requests, one a card. */
export function InquiryCards({ inquiries }: { inquiries: InquirySummary[] }) {
  return (
    <ul className={classes.cards} aria-label="お問い合わせ（最終更新の降順）">
      {inquiries.map((i) => (
        <li key={i.id}>
          <Paper withBorder p="sm">
            <Stack gap={6}>
              <Group gap="xs" justify="space-between">
                <InquiryStateBadge state={i.state} />
                <Text size="xs" c="dark.3">
                  {when(i.last_activity_at)}
                </Text>
              </Group>
              <Text size="sm" fw={700}>
                {INQUIRY_CATEGORY_LABELS[i.category]}・注文 {i.sale_order_no}
              </Text>
              <Anchor
                component={Link}
                to={`/inquiries/${i.id}`}
                size="sm"
                className={classes.snippet}
              >
                <PhrasedText text={i.first_text} />
              </Anchor>
              <Text size="xs" c="dark.3">
                <PhrasedText
                  text={`${i.customer_name}・${i.requester.name}${i.assigned ? `・担当 ${i.assigned.name}` : ''}`}
                />
              </Text>
            </Stack>
          </Paper>
        </li>
      ))}
    </ul>
  );
}
