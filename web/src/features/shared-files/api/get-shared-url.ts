import { sharedUrlAnswerSchema } from '@domain/api/shared-files';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface SharedFileRef {
  bucketName: string;
  /** The file's folder, relative to the Shared root; '' is the root. */
  folder: string;
  fileName: string;
}

/** POST /api/v1/shared-file/get-shared-url: a short-lived signed URL that downloads the file. */
export async function getSharedUrl(
  { bucketName, folder, fileName }: SharedFileRef,
  userId: number,
): Promise<string> {
  const { url } = await apiRequest({
    method: 'POST',
    path: '/shared-file/get-shared-url',
    body: { bucket_name: bucketName, folder_name: folder, file_name: fileName, user_id: userId },
    auth: { kind: 'bearer' },
    schema: sharedUrlAnswerSchema,
  });
  return url;
}

/**
 * Opens the signed URL by navigation, not fetch: the file may live on another origin (S3) that
 * the page's connect-src does not allow, and the answer is an attachment, so the page stays.
 */
export function openDownloadUrl(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Fetches the file's signed URL and starts the download. */
export function useDownloadSharedFile() {
  const { userInfo } = useSession();
  return useMutation({
    mutationFn: (file: SharedFileRef) => getSharedUrl(file, loginUserId(userInfo?.id)),
    onSuccess: openDownloadUrl,
  });
}
