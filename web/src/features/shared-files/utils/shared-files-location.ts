import { normaliseSharedPath } from '@domain/shared-path';

// Where the screen is lives in the URL search params, so that the browser's back and forward
// buttons move through folders and pages, and a link to a folder can be shared.

/** The screen's place: staff's chosen customer, the folder below the Shared root, the page. */
export interface SharedFilesLocation {
  /** Staff only; null until chosen (the others always see their own customer). */
  customer: number | null;
  /** '' is the root. */
  folder: string;
  page: number;
}

const PARAM = { customer: 'customer', folder: 'folder', page: 'page' } as const;

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/**
 * The place the URL names. folder is null when the URL's folder is not a valid path below the
 * root (the server would refuse it), so the screen can fall back to the root.
 */
export function readSharedFilesLocation(
  params: URLSearchParams,
): Omit<SharedFilesLocation, 'folder'> & { folder: string | null } {
  const folder = normaliseSharedPath(params.get(PARAM.folder), 'folder');
  return {
    customer: positiveInteger(params.get(PARAM.customer)),
    folder: folder.ok ? folder.path : null,
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
  };
}

/** The search string of a place; the root, page 1 and no customer are left out. */
export function sharedFilesSearch({ customer, folder, page }: SharedFilesLocation): string {
  const params = new URLSearchParams();
  if (customer !== null) params.set(PARAM.customer, String(customer));
  if (folder !== '') params.set(PARAM.folder, folder);
  if (page > 1) params.set(PARAM.page, String(page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** One breadcrumb level: the root (すべてのファイル) or a folder below it. */
export interface FolderLevel {
  name: string;
  folder: string;
}

export const ROOT_FOLDER_LABEL = 'すべてのファイル';

/** The levels from the root down to the folder, the root named as docs/product.md §2 names it. */
export function folderLevels(folder: string): FolderLevel[] {
  const segments = folder === '' ? [] : folder.split('/');
  return [
    { name: ROOT_FOLDER_LABEL, folder: '' },
    ...segments.map((name, index) => ({ name, folder: segments.slice(0, index + 1).join('/') })),
  ];
}
