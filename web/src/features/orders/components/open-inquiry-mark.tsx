import { IconMessageQuestion } from '@tabler/icons-react';

/** The mark of a line named by a request not yet 完了 (docs/decisions/032): seen, and read out. */
export function OpenInquiryMark() {
  return (
    <span
      role="img"
      aria-label="問い合わせ中"
      title="問い合わせ中"
      style={{ display: 'inline-flex' }}
    >
      <IconMessageQuestion size={18} color="var(--mantine-color-grape-7)" aria-hidden="true" />
    </span>
  );
}
