/**
 * `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 with the
 * RFC 5987 extended parameter): browsers use filename*, so Japanese names arrive intact, and a
 * client that only knows filename still gets a safe ASCII name with the right extension.
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/**
 * Printable ASCII only, without the characters that end or escape a quoted string ('"', '\') or
 * that some browsers decode ('%'); each run of anything else becomes one '_'.
 */
export function asciiFallback(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\%]/g, '_');
  return ascii.trim() === '' ? 'download' : ascii;
}

/** RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * unescaped, which attr-char does not allow. */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
