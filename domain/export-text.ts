// Text the ledger's files carry (the import's CSV in, the export's .xlsx and CSV out). The .xlsx is
// XML 1.0, which has no way to write some characters at all, and the core system's text is not
// ours: the import refuses them, and an export replaces whatever the database still holds.

/**
 * A character the ledger's text may not hold: one XML 1.0 cannot write (the C0 controls but tab,
 * LF and CR; U+FFFE and U+FFFF; half of a surrogate pair without the other half), and DEL and the
 * C1 controls, which XML allows but exceljs drops or spreadsheets show as nothing. Matched one
 * UTF-16 unit at a time (no `u` flag), so that a lone surrogate is found.
 */
const UNWRITABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNWRITABLE_ALL = new RegExp(UNWRITABLE.source, 'g');

/** What an export writes in place of such a character: visible, and XML can write it. */
export const EXPORT_REPLACEMENT_CHARACTER = '\uFFFD';

/** The first character of `text` the ledger may not hold: its 1-based position and U+XXXX. */
export function firstUnwritableCharacter(
  text: string,
): { position: number; codePoint: string } | null {
  const match = UNWRITABLE.exec(text);
  if (!match) return null;
  // Positions count characters as a person does (a pair of surrogates is one).
  const position = [...text.slice(0, match.index)].length + 1;
  const codePoint = `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return { position, codePoint };
}

/** `text` with every character the ledger may not hold replaced by U+FFFD (「�」). */
export function exportableText(text: string): string {
  return UNWRITABLE.test(text) ? text.replace(UNWRITABLE_ALL, EXPORT_REPLACEMENT_CHARACTER) : text;
}
