import { getSharedFilenameAnswerSchema, type SharedFileEntry } from '@domain/api/shared-files';
import { PAGE_SIZE } from '@domain/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface SharedFolderPage {
  /** Folders first, then files, each by name (the server's order). */
  items: SharedFileEntry[];
  /** Entries in the whole folder. */
  total: number;
  page: number;
  pageSize: number;
}

export interface SharedFolderRequest {
  bucketName: string;
  /** Relative to the customer's Shared root; '' is the root. */
  folder: string;
  page: number;
}

/**
 * POST /api/v1/shared-file/get-shared-filename: one page of a folder (docs/product.md §9: 100 entries). A 404
 * means the folder is not there.
 */
export async function getSharedFilename(
  { bucketName, folder, page }: SharedFolderRequest,
  userId: number,
): Promise<SharedFolderPage> {
  const answer = await apiRequest({
    method: 'POST',
    path: '/shared-file/get-shared-filename',
    body: {
      bucket_name: bucketName,
      folder_name: folder,
      user_id: userId,
      page,
      page_size: PAGE_SIZE,
    },
    auth: { kind: 'bearer' },
    schema: getSharedFilenameAnswerSchema,
  });
  // A server of the original contract answers the whole folder; page it here.
  if (Array.isArray(answer)) {
    return {
      items: answer.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: answer.length,
      page,
      pageSize: PAGE_SIZE,
    };
  }
  return {
    items: answer.items,
    total: answer.total,
    page: answer.page,
    pageSize: answer.page_size,
  };
}

export const sharedFolderQueryOptions = (request: SharedFolderRequest, userId: number) =>
  queryOptions({
    queryKey: ['shared-folder', request.bucketName, request.folder, request.page],
    queryFn: () => getSharedFilename(request, userId),
  });

/** null: nothing to list yet (no bucket known). */
export function useSharedFolder(request: SharedFolderRequest | null) {
  const { userInfo } = useSession();
  const fallback: SharedFolderRequest = { bucketName: '', folder: '', page: 1 };
  return useQuery({
    ...sharedFolderQueryOptions(request ?? fallback, loginUserId(userInfo?.id)),
    enabled: request !== null,
    // Paging within one folder keeps the grid in place while the next page loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === request?.bucketName &&
      previousQuery?.queryKey[2] === request?.folder
        ? keepPreviousData(previous)
        : undefined,
  });
}
