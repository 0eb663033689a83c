import { japanDateTime } from '@domain/audit';
import { INQUIRY_CATEGORY_LABELS, type InquiryState } from '@domain/inquiry';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PhrasedText } from '../../../components/text/phrased-text';
import { useInquiry } from '../api/get-inquiry';
import { setInquiryState } from '../api/set-inquiry-state';
import { messageOfError } from '../utils/read-files';
import { SEND_ERROR } from '../utils/send-error';
import { AttachmentLink } from './attachment-link';
import classes from './inquiries.module.css';
import { ReplyForm } from './reply-form';
import { StaffControls } from './staff-controls';
import { InquiryStateBadge } from './state-badge';

const STATE_ACTION: Record<InquiryState, string> = {
  open: '再開する',
  'in-progress': '対応中にする',
  answered: '回答済にする',
  closed: '完了にする',
};

/** One request: its lines, the messages of both sides, the reply and the state. */
export function InquiryThreadView({ id, staff }: { id: number; staff: boolean }) {
  const query = useInquiry(id);
  const client = useQueryClient();
  const [stateError, setStateError] = useState<string | null>(null);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['inquiry', id] });
    await client.invalidateQueries({ queryKey: ['inquiries'] });
  };
  if (query.isPending) return <Loader aria-label="読み込み中" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {messageOfError(query.error, 'お問い合わせを読み込めませんでした。')}
      </Alert>
    );
  }
  const thread = query.data;
  const customerStates = staff ? [] : thread.can.set_states;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/inquiries" size="sm">
        ← お問い合わせ一覧へ
      </Anchor>
      <Group gap="sm">
        <InquiryStateBadge state={thread.state} />
        <Title order={2} size="h3">
          {INQUIRY_CATEGORY_LABELS[thread.category]}（注文{' '}
          {/* The order's number with its closing bracket, on one line: never 「SO2611- / 000166」. */}
          <span className={classes.nowrap}>{thread.sale_order_no}）</span>
        </Title>
      </Group>
      <Text size="sm">
        <PhrasedText
          text={`${thread.customer_code} ${thread.customer_name}・依頼者 ${thread.requester.name}${thread.assigned ? `・担当 ${thread.assigned.name}` : ''}`}
        />
      </Text>
      {thread.wished_date && (
        <Text size="sm">希望納期: {thread.wished_date.replaceAll('-', '/')}</Text>
      )}
      {thread.agreed_date && (
        <Alert color="blue" title="回答納期">
          {thread.agreed_date.replaceAll('-', '/')}
        </Alert>
      )}
      <Paper withBorder p="sm">
        <Text size="sm" fw={700}>
          対象の明細
        </Text>
        <ul>
          {thread.lines.map((l) => (
            <li key={`${l.sale_order_line_no}-${l.delivery_no}-${l.delivery_line_no}`}>
              <Text size="sm">
                <PhrasedText
                  text={`明細 ${l.sale_order_line_no}・${l.item_name} ${l.model_name}・数量 ${l.quantity}・${l.status}${
                    l.expected_delivery_date
                      ? `・納品予定 ${l.expected_delivery_date.replaceAll('-', '/')}`
                      : ''
                  }`}
                />
              </Text>
            </li>
          ))}
        </ul>
      </Paper>
      <Stack gap="sm" component="section" aria-label="やりとり">
        {thread.messages.map((m) => (
          <Paper
            key={m.id}
            withBorder
            p="sm"
            className={m.author.staff ? classes.staffMessage : classes.customerMessage}
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={700}>
                {m.author.name}
                {m.author.staff ? '（担当）' : ''}
              </Text>
              <Text size="xs" c="dark.3">
                {japanDateTime(m.created_at).slice(0, 16).replaceAll('-', '/')}
              </Text>
            </Group>
            <Text size="sm" className={classes.text} mt={4}>
              <PhrasedText text={m.text} />
            </Text>
            {m.attachments.length > 0 && (
              <Group gap="sm" mt="xs">
                {m.attachments.map((f) => (
                  <AttachmentLink key={f.id} inquiryId={thread.id} file={f} />
                ))}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      {staff && (
        <StaffControls
          key={`${thread.state}-${thread.agreed_date}`}
          thread={thread}
          onDone={refresh}
        />
      )}
      {customerStates.length > 0 && (
        <Group>
          {customerStates.map((s) => (
            <Button
              key={s}
              variant="outline"
              onClick={async () => {
                setStateError(null);
                try {
                  await setInquiryState(thread.id, s);
                  await refresh();
                } catch (err) {
                  setStateError(messageOfError(err, SEND_ERROR));
                }
              }}
            >
              {STATE_ACTION[s]}
            </Button>
          ))}
        </Group>
      )}
      {stateError && (
        <Alert color="red" role="alert">
          {stateError}
        </Alert>
      )}
      <ReplyForm thread={thread} onDone={refresh} />
    </Stack>
  );
}
