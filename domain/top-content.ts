// Spec §5 notice and banner rules, used by the editor (cell marks) and the server (400 answers).

export type FieldProblem = 'empty' | 'invalid';
export type FieldProblems<K extends string> = Partial<Record<K, FieldProblem>>;

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/** An absolute http(s) URL that starts with one of the configured prefixes (spec §5 {host}). */
export function isAllowedLink(value: string, prefixes: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return prefixes.some((p) => value.startsWith(p));
}

/** A banner image: an absolute http(s) URL, or a path on this site (the demo images). */
export function isAllowedImageUrl(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
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
  else if (notice.title.length > 200) problems.title = 'invalid';
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
  else if (banner.explanation.length > 200) problems.explanation = 'invalid';
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
};
