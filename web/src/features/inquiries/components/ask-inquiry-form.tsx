import {
  INQUIRY_CATEGORIES,
  INQUIRY_CATEGORY_LABELS,
  INQUIRY_MESSAGES,
  INQUIRY_TEXT_MAX,
  type InquiryCategory,
} from '@domain/inquiry';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { createInquiry } from '../api/create-inquiry';
import { lineKeysOf } from '../utils/line-keys';
import { messageOfError, problemOfFiles, readFiles } from '../utils/read-files';
import { AttachmentsInput } from './attachments-input';
import { OrderLinesChoice } from './order-lines-choice';

const SEND_ERROR = '送信できませんでした。時間をおいて再度お試しください。';

/**
 * 「この注文について問い合わせる」: the order detail's link names the line; the person may add the
 * order's other lines (decision 032).
 */
export function AskInquiryForm() {
  const [params] = useSearchParams();
  const from = lineKeysOf(params);
  const [lines, setLines] = useState(from);
  const [linesError, setLinesError] = useState<string | null>(null);
  const navigate = useNavigate();
  const [category, setCategory] = useState<InquiryCategory>('delivery-date');
  const [wishedDate, setWishedDate] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const filesError = problemOfFiles(files);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const trimmed = text.trim();
    const textProblem =
      trimmed === ''
        ? INQUIRY_MESSAGES.textEmpty
        : trimmed.length > INQUIRY_TEXT_MAX
          ? INQUIRY_MESSAGES.textTooLong
          : null;
    setTextError(textProblem);
    const linesProblem = lines.length === 0 ? INQUIRY_MESSAGES.noLines : null;
    setLinesError(linesProblem);
    if (textProblem || filesError || linesProblem) return;
    if (category === 'delivery-change' && wishedDate === '') {
      setError(INQUIRY_MESSAGES.wishedDateRequired);
      return;
    }
    setSending(true);
    try {
      const created = await createInquiry({
        category,
        ...(category === 'delivery-change' ? { wished_date: wishedDate } : {}),
        text: trimmed,
        lines,
        attachments: await readFiles(files),
      });
      navigate(`/inquiries/${created.id}`);
    } catch (err) {
      setError(messageOfError(err, SEND_ERROR));
    } finally {
      setSending(false);
    }
  };

  if (from.length === 0) {
    return (
      <Alert color="red">
        {INQUIRY_MESSAGES.noLines}注文一覧の明細の詳細から問い合わせてください。
      </Alert>
    );
  }
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} aria-labelledby="ask-title" noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="ask-title">
            この注文について問い合わせる
          </Title>
          <Text size="sm">注文番号 {from[0]!.sale_order_no}</Text>
          <OrderLinesChoice
            from={from}
            value={lines}
            onChange={(chosen) => {
              setLines(chosen);
              if (chosen.length > 0) setLinesError(null);
            }}
            error={linesError}
          />
          <NativeSelect
            label="お問い合わせの種類"
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value as InquiryCategory)}
            data={INQUIRY_CATEGORIES.map((c) => ({ value: c, label: INQUIRY_CATEGORY_LABELS[c] }))}
          />
          {category === 'delivery-change' && (
            <TextInput
              label="希望納期"
              type="date"
              required
              value={wishedDate}
              onChange={(e) => setWishedDate(e.currentTarget.value)}
            />
          )}
          <Textarea
            label="内容"
            description={`${INQUIRY_TEXT_MAX.toLocaleString('ja-JP')}文字まで（${text.length.toLocaleString('ja-JP')}文字）`}
            required
            autosize
            minRows={4}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={textError}
          />
          <AttachmentsInput value={files} onChange={setFiles} error={filesError} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={sending}>
              送信する
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
