/** A single byte range of a file, both ends included (HTTP Range, RFC 9110 §14). */
export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header against a file of `size` bytes. A header this server does not honour
 * (not bytes, several ranges, malformed) is ignored, as RFC 9110 allows: the whole file is sent.
 * `unsatisfiable` is a well-formed range that starts past the end (or asks for no bytes): 416.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    // A suffix: the last n bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}
