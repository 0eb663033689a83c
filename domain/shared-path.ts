// Paths the shared-files calls take from a client (docs/product.md §7 folder_name, file_name), relative to the
// customer's Shared root (docs/product.md §9). docs/product.md §13: never used without normalising them and checking
// that they stay inside that root. One rule for the server (which enforces it) and the web app.

/** Longest accepted path below the root, in UTF-8 bytes ("Shared/" + path fits S3's 1024). */
export const SHARED_PATH_MAX_BYTES = 1000;
/** Longest accepted folder or file name, in UTF-8 bytes (the usual file-system limit). */
export const SHARED_NAME_MAX_BYTES = 255;

export const INVALID_PATH_MESSAGE = 'フォルダまたはファイルの指定が正しくありません。';

export type SharedPathProblem =
  | 'empty'
  | 'too-long'
  | 'control-character'
  | 'backslash'
  | 'encoded-separator'
  | 'absolute'
  | 'empty-segment'
  | 'dot-segment'
  | 'not-a-single-name';

/**
 * Why a file name an import names is not one plain name, as the imports' messages say it: such a
 * name would be stored and its download fail later.
 */
export const FILE_NAME_PROBLEMS: Record<SharedPathProblem, string> = {
  empty: '空です',
  'too-long': '255バイト、全角でおよそ85文字までです',
  'control-character': '改行・タブなどの制御文字は使えません',
  backslash: '「\\」は使えません',
  'encoded-separator': '「%2F」「%2E」「%5C」「%00」は使えません',
  absolute: '「/」や「C:」で始まるパスは使えません',
  'empty-segment': '「/」は使えません',
  'dot-segment': '「.」「..」はファイル名になりません',
  'not-a-single-name': '「/」は使えません',
};

export type SharedPathResult =
  | { ok: true /** '' for the root */; path: string; segments: string[] }
  | { ok: false; problem: SharedPathProblem };

/**
 * 'folder': '' or absent is the root, one trailing '/' is allowed. 'file': a non-empty path of a
 * file. 'name': one folder or file name, no '/' at all (e.g. a customer's registered folder name).
 */
export type SharedPathKind = 'folder' | 'file' | 'name';

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

// C0 controls (NUL among them), DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// A percent-encoded '/', '.', '\' or NUL: harmless to us, but a proxy, gateway or another tool that
// decodes once would see '..' or a separator where we saw a name.
const ENCODED_SEPARATOR = /%(2f|2e|5c|00)/i;
const DRIVE_LETTER = /^[A-Za-z]:(\/|$)/;

/**
 * Normalises a client path (Unicode NFC, so that a name typed on a Mac matches the stored one) and
 * refuses every form that could name something outside the root: '..' and '.' segments, absolute
 * paths, backslashes, encoded separators or dots, NUL and other control characters, empty segments
 * and over-long paths.
 */
export function normaliseSharedPath(
  input: string | null | undefined,
  kind: SharedPathKind,
): SharedPathResult {
  const fail = (problem: SharedPathProblem): SharedPathResult => ({ ok: false, problem });
  if (input === undefined || input === null || input === '') {
    return kind === 'folder' ? { ok: true, path: '', segments: [] } : fail('empty');
  }
  const text = input.normalize('NFC');
  if (utf8Length(text) > SHARED_PATH_MAX_BYTES) return fail('too-long');
  if (CONTROL.test(text)) return fail('control-character');
  if (text.includes('\\')) return fail('backslash');
  if (ENCODED_SEPARATOR.test(text)) return fail('encoded-separator');
  if (text.startsWith('/') || DRIVE_LETTER.test(text)) return fail('absolute');
  const body = kind === 'folder' && text.endsWith('/') ? text.slice(0, -1) : text;
  const segments = body.split('/');
  if (kind === 'name' && segments.length !== 1) return fail('not-a-single-name');
  for (const segment of segments) {
    if (segment === '') return fail('empty-segment');
    if (segment === '.' || segment === '..') return fail('dot-segment');
    if (utf8Length(segment) > SHARED_NAME_MAX_BYTES) return fail('too-long');
  }
  return { ok: true, path: segments.join('/'), segments };
}

/** Joins a folder and a path below it ('' is the root). */
export function joinSharedPath(folder: string, child: string): string {
  return folder === '' ? child : `${folder}/${child}`;
}

/**
 * Whether a text is one plain file name, as given (no NFC): what normaliseSharedPath accepts as a
 * 'name' and at most SHARED_NAME_MAX_BYTES. The storage takes such a name as the last segment of a
 * key and as a download's file name (server/storage/storage-port.ts checks both), so the ledger
 * import refuses any other document file name before it is stored instead of the
 * download failing later. Japanese, spaces and dots inside ('請求書 2026.11.pdf') are plain; '/',
 * '\', '.', '..', control characters and an encoded '/', '.', '\' or NUL (%2F, %2E, %5C, %00: one
 * decoding by a proxy or another tool would make a path of them) are not. Other '%' are plain.
 */
export function plainFileNameProblem(name: string): SharedPathProblem | null {
  if (utf8Length(name) > SHARED_NAME_MAX_BYTES) return 'too-long';
  const result = normaliseSharedPath(name, 'name');
  return result.ok ? null : result.problem;
}
