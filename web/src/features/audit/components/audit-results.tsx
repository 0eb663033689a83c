import type { AuditEvent } from '@domain/api/audit';
import { auditActionLabel, japanDateTime } from '@domain/audit';
import { browserOf } from '@domain/user-agent';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { PhrasedText } from '../../../components/text/phrased-text';
import classes from './audit.module.css';

const customerOf = (event: AuditEvent) =>
  event.customer_code === null
    ? '—'
    : `${event.customer_code}${event.customer_name ? ` ${event.customer_name}` : ''}`;

/**
 * A mail or an address with the places a line may break after ('@', '.', ':'), so that the table
 * wraps them there instead of between any two letters or past the window's edge.
 */
function breakable(text: string | null): ReactNode {
  if (text === null) return '—';
  return text.split(/(?<=[@.:])/).map((part, i, parts) => (
    // The parts of one text never change order: the index is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** The desktop's table: one event a row, newest first. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <div className={classes.tableScroll}>
      <Table striped highlightOnHover stickyHeader className={classes.table}>
        <caption className={classes.caption}>操作履歴（日時の降順）</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">日時</Table.Th>
            <Table.Th scope="col">操作者</Table.Th>
            <Table.Th scope="col">取引先</Table.Th>
            <Table.Th scope="col">操作</Table.Th>
            <Table.Th scope="col">対象</Table.Th>
            <Table.Th scope="col">IPアドレス / ブラウザ</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td className={classes.nowrap}>{japanDateTime(event.created_at)}</Table.Td>
              <Table.Td className={classes.breakable}>{breakable(event.actor_mail)}</Table.Td>
              <Table.Td className={classes.breakable}>
                <PhrasedText text={customerOf(event)} sizing />
              </Table.Td>
              <Table.Td>{auditActionLabel(event.action)}</Table.Td>
              <Table.Td>
                {/* Codes and numbers kept whole (「SO2611-000163」 never breaks at its hyphen). */}
                <PhrasedText text={event.target} sizing />
              </Table.Td>
              <Table.Td className={classes.breakable}>
                <Text size="sm">{breakable(event.ip_address)}</Text>
                {event.user_agent && (
                  // The browser's short name; the whole header on hover and in the CSV export.
                  <Text size="xs" c="dimmed" title={event.user_agent}>
                    {browserOf(event.user_agent)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The phone's cards: the same fields, one card an event. */
export function AuditCards({ events }: { events: AuditEvent[] }) {
  return (
    <Stack gap="xs" component="ul" className={classes.cards} aria-label="操作履歴（日時の降順）">
      {events.map((event) => (
        <Paper key={event.id} component="li" withBorder p="sm" radius="md">
          <Text size="sm" fw={700}>
            {auditActionLabel(event.action)}
          </Text>
          <Text size="xs" c="dimmed">
            {japanDateTime(event.created_at)}
          </Text>
          <dl className={classes.fields}>
            <dt>操作者</dt>
            <dd>{event.actor_mail ?? '—'}</dd>
            <dt>取引先</dt>
            <dd>
              <PhrasedText text={customerOf(event)} />
            </dd>
            <dt>対象</dt>
            <dd>
              <PhrasedText text={event.target} />
            </dd>
            <dt>IPアドレス</dt>
            <dd>{event.ip_address ?? '—'}</dd>
            <dt>ブラウザ</dt>
            <dd>{event.user_agent ? browserOf(event.user_agent) : '—'}</dd>
          </dl>
        </Paper>
      ))}
    </Stack>
  );
}
