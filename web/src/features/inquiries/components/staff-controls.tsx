import type { InquiryThread } from '@domain/api/inquiries';
import { INQUIRY_STATE_LABELS, type InquiryState } from '@domain/inquiry';
import { Alert, Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { assignInquiry, useInquiryStaff } from '../api/assign-inquiry';
import { setInquiryState } from '../api/set-inquiry-state';
import { messageOfError } from '../utils/read-files';
import { SEND_ERROR } from '../utils/send-error';

/** Staff's state, agreed date and assignee of a request. */
export function StaffControls({
  thread,
  onDone,
}: {
  thread: InquiryThread;
  onDone: () => Promise<void>;
}) {
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
