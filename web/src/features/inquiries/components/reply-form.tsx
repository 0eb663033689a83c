import type { InquiryThread } from '@domain/api/inquiries';
import { INQUIRY_MESSAGES, INQUIRY_TEXT_MAX } from '@domain/inquiry';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { replyInquiry } from '../api/reply-inquiry';
import { messageOfError, problemOfFiles, readFiles } from '../utils/read-files';
import { SEND_ERROR } from '../utils/send-error';
import { AttachmentsInput } from './attachments-input';

/** A reply of either side, with up to three files. */
export function ReplyForm({
  thread,
  onDone,
}: {
  thread: InquiryThread;
  onDone: () => Promise<void>;
}) {
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
