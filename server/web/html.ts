// Small edits of the built index.html, shared by every page the server sends.

/** Text made safe to stand in an HTML element's content. */
export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The page with `title` (escaped: configured text cannot end the element) as its <title>. */
export function withTitle(html: string, title: string): string {
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}
