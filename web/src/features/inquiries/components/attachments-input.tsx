import { INQUIRY_MAX_ATTACHMENTS } from '@domain/inquiry';
import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

/** Up to three photos or PDFs (10 MB each); the server reads each file's type from its bytes. */
export function AttachmentsInput({
  value,
  onChange,
  error,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  error: string | null;
}) {
  return (
    <FileInput
      label="添付ファイル"
      description={`写真（JPEG・PNG・WebP）または PDF、${INQUIRY_MAX_ATTACHMENTS}件まで、1件10MBまで`}
      placeholder="ファイルを選ぶ"
      multiple
      clearable
      clearButtonProps={{ 'aria-label': '添付ファイルをすべて外す' }}
      accept="image/jpeg,image/png,image/webp,application/pdf"
      leftSection={<IconPaperclip size={16} aria-hidden="true" />}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
