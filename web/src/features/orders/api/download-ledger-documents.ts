import { bulkDownloadAnswerSchema } from '@domain/api/order-documents';
import { ORDER_DOCUMENTS_FOLDER } from '@domain/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { customerBucketNameQueryOptions } from '../../../api/get-customer-bucket-name';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export type BulkDownloadAnswer = z.infer<typeof bulkDownloadAnswerSchema>;

/**
 * POST /api/v1/shared-file/get-shared-files: prepares one zip of the named order documents and
 * answers its short-lived URL, with the caution flag when some files do not exist.
 */
export function downloadLedgerDocuments({
  bucketName,
  downloadName,
  fileNames,
  userId,
}: {
  bucketName: string;
  downloadName: string;
  fileNames: string[];
  userId: number;
}): Promise<BulkDownloadAnswer> {
  return apiRequest({
    method: 'POST',
    path: '/shared-file/get-shared-files',
    body: {
      bucket_name: bucketName,
      download_name: downloadName,
      folder_name: ORDER_DOCUMENTS_FOLDER,
      file_names: fileNames,
      user_id: userId,
    },
    auth: { kind: 'bearer' },
    schema: bulkDownloadAnswerSchema,
  });
}

export interface BulkDownloadInput {
  customerCode: number;
  downloadName: string;
  fileNames: string[];
}

/** The bucket lookup (cached per customer) followed by the zip request. */
export function useDownloadLedgerDocuments() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const userId = loginUserId(userInfo?.id);
  return useMutation({
    mutationFn: async ({ customerCode, downloadName, fileNames }: BulkDownloadInput) => {
      const bucketName = await queryClient.fetchQuery(
        customerBucketNameQueryOptions(customerCode, userId),
      );
      return downloadLedgerDocuments({ bucketName, downloadName, fileNames, userId });
    },
  });
}
