import {
  ATTACHMENT_TYPES,
  INQUIRY_ATTACHMENT_MAX_BYTES,
  INQUIRY_MAX_ATTACHMENTS,
  INQUIRY_MESSAGES,
} from '@domain/inquiry';

export interface AttachmentInput {
  file_name: string;
  content_base64: string;
}

/** The files' problem the person can fix before sending (the server checks the bytes again). */
export function problemOfFiles(files: File[]): string | null {
  if (files.length > INQUIRY_MAX_ATTACHMENTS) return INQUIRY_MESSAGES.tooManyAttachments;
  if (files.some((f) => f.size > INQUIRY_ATTACHMENT_MAX_BYTES))
    return INQUIRY_MESSAGES.attachmentTooLarge;
  if (files.some((f) => f.size === 0)) return INQUIRY_MESSAGES.attachmentEmpty;
  if (
    files.some((f) => f.type !== '' && !(ATTACHMENT_TYPES as readonly string[]).includes(f.type))
  ) {
    return INQUIRY_MESSAGES.attachmentType;
  }
  return null;
}

/** The files as the API takes them (base64 of their bytes). */
export function readFiles(files: File[]): Promise<AttachmentInput[]> {
  return Promise.all(
    files.map(
      (file) =>
        new Promise<AttachmentInput>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => {
            const url = String(reader.result);
            resolve({ file_name: file.name, content_base64: url.slice(url.indexOf(',') + 1) });
          };
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(file);
        }),
    ),
  );
}

/** The server's Japanese sentence of a refused request, else a general one. */
export function messageOfError(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: string; fieldErrors?: { message: string }[] } })
    ?.body;
  return body?.fieldErrors?.[0]?.message ?? body?.message ?? fallback;
}
