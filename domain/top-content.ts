// docs/product.md §5 notice and banner rules, used by the editor (cell marks) and the server (400 answers).

export type FieldProblem = 'empty' | 'invalid' | 'tooLong' | 'notOneLine';

/** The longest text a field takes, in characters (docs/product.md §5's columns; the mail as RFC 5321). */
export const FIELD_MAX_LENGTHS: Readonly<Record<string, number>> = {
  title: 200,
  explanation: 200,
  user_name: 100,
  mail: 254,
};

const tooLong = (field: string, value: string) =>
  value.length > (FIELD_MAX_LENGTHS[field] ?? Infinity);
export type FieldProblems<K extends string> = Partial<Record<K, FieldProblem>>;

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/**
 * An absolute http(s) URL, read the same in every browser and in Node: no white space anywhere
 * (Chromium's parser takes "https://exa mple.com" as a host with %20 in it, Node's refuses it, so
 * the editor would pass what the server refuses) and a host name without escapes.
 */
function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && /^[^%]+$/.test(url.hostname);
}

/** An absolute http(s) URL that starts with one of the configured prefixes (docs/product.md §5 {host}). */
export function isAllowedLink(value: string, prefixes: readonly string[]): boolean {
  return isHttpUrl(value) && prefixes.some((p) => value.startsWith(p));
}

/** A banner image: an absolute http(s) URL, or a path on this site (the demo images). */
export function isAllowedImageUrl(value: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(value) || isHttpUrl(value);
}

export interface NoticeFields {
  title: string;
  url: string;
}

export function noticeProblems(
  notice: NoticeFields,
  prefixes: readonly string[],
): FieldProblems<keyof NoticeFields> {
  const problems: FieldProblems<keyof NoticeFields> = {};
  if (blank(notice.title)) problems.title = 'empty';
  else if (tooLong('title', notice.title)) problems.title = 'tooLong';
  if (blank(notice.url)) problems.url = 'empty';
  else if (!isAllowedLink(notice.url.trim(), prefixes)) problems.url = 'invalid';
  return problems;
}

export interface BannerFields {
  explanation: string;
  image_url: string;
  destination_url: string;
}

export function bannerProblems(
  banner: BannerFields,
  prefixes: readonly string[],
): FieldProblems<keyof BannerFields> {
  const problems: FieldProblems<keyof BannerFields> = {};
  if (blank(banner.explanation)) problems.explanation = 'empty';
  else if (tooLong('explanation', banner.explanation)) problems.explanation = 'tooLong';
  if (blank(banner.image_url)) problems.image_url = 'empty';
  else if (!isAllowedImageUrl(banner.image_url.trim())) problems.image_url = 'invalid';
  if (blank(banner.destination_url)) problems.destination_url = 'empty';
  else if (!isAllowedLink(banner.destination_url.trim(), prefixes)) {
    problems.destination_url = 'invalid';
  }
  return problems;
}

export const FIELD_PROBLEM_MESSAGES: Record<FieldProblem, string> = {
  empty: '入力してください。',
  invalid: '形式が正しくありません。',
  tooLong: '文字数が多すぎます。',
  notOneLine: '改行やURLを含めず、1行で入力してください。',
};

export const tooLongMessage = (max: number) => `${max}文字以内で入力してください。`;

/** A field's problem as the cell and the 400 answer say it: a text too long names its limit. */
export function fieldProblemMessage(problem: FieldProblem, field: string): string {
  const max = FIELD_MAX_LENGTHS[field];
  return problem === 'tooLong' && max ? tooLongMessage(max) : FIELD_PROBLEM_MESSAGES[problem];
}
