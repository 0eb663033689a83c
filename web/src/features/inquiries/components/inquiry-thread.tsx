import type { InquiryThread } from '@domain/api/inquiries';
import { japanDateTime } from '@domain/audit';
import {
  INQUIRY_CATEGORY_LABELS,
  INQUIRY_MESSAGES,
  INQUIRY_STATE_LABELS,
  INQUIRY_TEXT_MAX,
  type InquiryState,
} from '@domain/inquiry';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { assignInquiry, useInquiryStaff } from '../api/assign-inquiry';
import { getAttachmentUrl, useAttachmentUrl } from '../api/get-attachment-url';
import { useInquiry } from '../api/get-inquiry';
import { replyInquiry } from '../api/reply-inquiry';
import { setInquiryState } from '../api/set-inquiry-state';
import { messageOfError, problemOfFiles, readFiles } from '../utils/read-files';
import { AttachmentsInput } from './attachments-input';
import classes from './inquiries.module.css';
import { InquiryStateBadge } from './state-badge';

const SEND_ERROR = '送信できませんでした。時間をおいて再度お試しください。';
const STATE_ACTION: Record<InquiryState, string> = {
  open: '再開する',
  'in-progress': '対応中にする',
  answered: '回答済にする',
  closed: '完了にする',
};

function Attachment({
  inquiryId,
  file,
}: {
  inquiryId: number;
  file: InquiryThread['messages'][number]['attachments'][number];
}) {
  const image = file.content_type.startsWith('image/');
  const link = useAttachmentUrl(inquiryId, file.id, image);
  const open = async () => {
    const { url } = await getAttachmentUrl(inquiryId, file.id);
    window.location.assign(url);
  };
  if (image && link.data) {
    return (
      <a href={link.data.url} aria-label={`${file.file_name} を開く`}>
        <img src={link.data.url} alt={file.file_name} className={classes.thumbnail} />
      </a>
    );
  }
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
      onClick={() => void open()}
    >
      {file.file_name}
    </Button>
  );
}

function ReplyForm({ thread, onDone }: { thread: InquiryThread; onDone: () => Promise<void> }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const filesError = problemOfFiles(files);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return setError(INQUIRY_MESSAGES.textEmpty);
    if (trimmed.length > INQUIRY_TEXT_MAX) return setError(INQUIRY_MESSAGES.textTooLong);
    if (filesError) return;
    setSending(true);
    setError(null);
    try {
      await replyInquiry(thread.id, { text: trimmed, attachments: await readFiles(files) });
      setText('');
      setFiles([]);
      await onDone();
    } catch (err) {
      setError(messageOfError(err, SEND_ERROR));
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="返信" noValidate>
      <Stack gap="sm">
        <Textarea
          label="返信"
          autosize
          minRows={3}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
        />
        <AttachmentsInput value={files} onChange={setFiles} error={filesError} />
        <Group>
          <Button type="submit" loading={sending}>
            返信する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StaffControls({ thread, onDone }: { thread: InquiryThread; onDone: () => Promise<void> }) {
  const staff = useInquiryStaff(true);
  const [state, setState] = useState<InquiryState>(thread.state);
  const [agreed, setAgreed] = useState(thread.agreed_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await setInquiryState(
        thread.id,
        state,
        thread.category === 'delivery-change' && agreed ? agreed : undefined,
      );
      await onDone();
    } catch (err) {
      setError(messageOfError(err, SEND_ERROR));
    }
  };
  const assign = async (value: string) => {
    try {
      await assignInquiry(thread.id, value === '' ? null : Number(value));
      await onDone();
    } catch (err) {
      setError(messageOfError(err, SEND_ERROR));
    }
  };
  return (
    <Paper withBorder p="sm">
      <form onSubmit={save} aria-label="ステータスの変更">
        <Group align="end" gap="sm">
          <NativeSelect
            label="ステータス"
            value={state}
            onChange={(e) => setState(e.currentTarget.value as InquiryState)}
            data={(['open', 'in-progress', 'answered', 'closed'] as const).map((s) => ({
              value: s,
              label: INQUIRY_STATE_LABELS[s],
            }))}
          />
          {thread.category === 'delivery-change' && (
            <TextInput
              label="回答納期"
              type="date"
              value={agreed}
              onChange={(e) => setAgreed(e.currentTarget.value)}
            />
          )}
          <Button type="submit">ステータスを保存</Button>
          <NativeSelect
            label="担当者"
            value={thread.assigned ? String(thread.assigned.user_id) : ''}
            onChange={(e) => void assign(e.currentTarget.value)}
            data={[
              { value: '', label: '未割り当て' },
              ...(staff.data ?? []).map((s) => ({ value: String(s.user_id), label: s.name })),
            ]}
          />
        </Group>
        {error && (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        )}
      </form>
    </Paper>
  );
}

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
          {INQUIRY_CATEGORY_LABELS[thread.category]}（注文 {thread.sale_order_no}）
        </Title>
      </Group>
      <Text size="sm">
        {thread.customer_code} {thread.customer_name}・依頼者 {thread.requester.name}
        {thread.assigned ? `・担当 ${thread.assigned.name}` : ''}
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
                明細 {l.sale_order_line_no}・{l.item_name} {l.model_name}・数量 {l.quantity}・
                {l.status}
                {l.expected_delivery_date
                  ? `・納品予定 ${l.expected_delivery_date.replaceAll('-', '/')}`
                  : ''}
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
              {m.text}
            </Text>
            {m.attachments.length > 0 && (
              <Group gap="sm" mt="xs">
                {m.attachments.map((f) => (
                  <Attachment key={f.id} inquiryId={thread.id} file={f} />
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
