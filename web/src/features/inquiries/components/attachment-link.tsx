import type { InquiryThread } from '@domain/api/inquiries';
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { getAttachmentUrl, useAttachmentUrl } from '../api/get-attachment-url';
import classes from './inquiries.module.css';

/** A message's file: a photo as its thumbnail, a PDF as a button that opens it. */
export function AttachmentLink({
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
