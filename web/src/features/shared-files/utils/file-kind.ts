/** The icons of docs/product.md §2 Shared files: folder, zip, pdf, xlsx, and one for every other file. */
export type FileKind = 'folder' | 'zip' | 'pdf' | 'xlsx' | 'other';

// Spreadsheets of every Excel flavour share the xlsx icon.
const KIND_OF_EXTENSION: Record<string, FileKind> = {
  zip: 'zip',
  pdf: 'pdf',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xls: 'xlsx',
};

/** The icon of one entry, from its type and the extension of its name (any case). */
export function fileKindOf(entry: { file_name: string; is_dir: boolean }): FileKind {
  if (entry.is_dir) return 'folder';
  const dot = entry.file_name.lastIndexOf('.');
  if (dot <= 0) return 'other';
  return KIND_OF_EXTENSION[entry.file_name.slice(dot + 1).toLowerCase()] ?? 'other';
}
