/**
 * A value as JSON in UTF-8 bytes, encoded in one pass. `Buffer.from(text)` measures the text's
 * UTF-8 length first and then encodes it, two passes over it; here the text is written into room
 * for its longest encoding (3 bytes per UTF-16 unit) and the written part answered: 1 ms instead
 * of 2 ms for the 1.2 MB of Japanese of 1,441 order lines (docs/decisions/005).
 */
export function jsonBytes(value: unknown): Buffer {
  const text = JSON.stringify(value);
  const bytes = Buffer.allocUnsafe(text.length * 3);
  return bytes.subarray(0, bytes.write(text));
}
