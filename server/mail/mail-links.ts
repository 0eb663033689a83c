// URLs are ASCII (RFC 3986), so a URL ends at the first Japanese character or space; trailing
// sentence punctuation is not part of it.
const URL_PATTERN = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g;

/**
 * The http(s) URLs in a text, in order of appearance: the file mailer logs them so a developer
 * without a mail client can follow a reset or verification link, and the tests follow them.
 */
export function findLinks(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => trimUrl(m[0]));
}

function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last !== undefined && '.,;:!?\'"'.includes(last)) {
      end -= 1;
    } else if (last === ')' && count(url.slice(0, end), '(') < count(url.slice(0, end), ')')) {
      end -= 1;
    } else {
      return url.slice(0, end);
    }
  }
}

function count(s: string, c: string): number {
  return s.split(c).length - 1;
}
