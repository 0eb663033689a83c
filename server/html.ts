// HTML text the server writes: the pages it sends and the mails' HTML parts.

/** Text made safe to stand in an HTML element's content or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page with `title` (escaped: configured text cannot end the element) as its <title>. */
export function withTitle(html: string, title: string): string {
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}
