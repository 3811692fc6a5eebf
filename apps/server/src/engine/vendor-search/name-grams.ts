/**
 * Byte trigrams of a name, the keys of the vendor search's candidate index. A name is read as
 * " name " (one space each side), so the first and last letters of a word are in as many
 * trigrams as the middle ones and a short name still has a few; a query's own trigrams
 * (without the padding) are all in any name that contains it.
 */
export const GRAM_SIZE = 3;
const SPACE = 0x20;

/** A trigram as one integer: three bytes. */
export function gramCode(b0: number, b1: number, b2: number): number {
  return (b0 << 16) | (b1 << 8) | b2;
}

/**
 * Appends the trigram codes of `bytes[start, end)` to `out` (duplicates included), padded with
 * a space each side when `padded`; returns how many were appended.
 */
export function pushGrams(
  bytes: Uint8Array,
  start: number,
  end: number,
  padded: boolean,
  out: number[],
): number {
  const len = end - start;
  const total = padded ? len + 2 : len;
  if (total < GRAM_SIZE) return 0;
  const at = padded
    ? (i: number) => (i === 0 || i === len + 1 ? SPACE : bytes[start + i - 1]!)
    : (i: number) => bytes[start + i]!;
  let b0 = at(0);
  let b1 = at(1);
  for (let p = 2; p < total; p++) {
    const b2 = at(p);
    out.push(gramCode(b0, b1, b2));
    b0 = b1;
    b1 = b2;
  }
  return total - 2;
}

/** Sorted distinct values of a list of codes. */
export function distinctSorted(codes: number[]): number[] {
  codes.sort((x, y) => x - y);
  let w = 0;
  for (let r = 0; r < codes.length; r++) {
    if (r === 0 || codes[r] !== codes[r - 1]) codes[w++] = codes[r]!;
  }
  codes.length = w;
  return codes;
}

/** The first 4 bytes of `bytes[start, end)` as one unsigned integer (zeros past the end). */
export function prefixCode(bytes: Uint8Array, start: number, end: number): number {
  let code = 0;
  for (let i = 0; i < 4; i++) code = code * 256 + (start + i < end ? bytes[start + i]! : 0);
  return code;
}
