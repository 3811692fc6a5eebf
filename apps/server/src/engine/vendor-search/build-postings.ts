import { prefixCode } from './name-grams.js';

/**
 * Calls `visit` with each padded trigram of a row's three names (repeats included: the caller
 * keeps one per row).
 */
export function forEachRowGram(
  names: Uint8Array,
  nameOffsets: Uint32Array,
  r: number,
  visit: (code: number) => void,
) {
  for (let k = 0; k < 3; k++) {
    const start = nameOffsets[r * 3 + k]!;
    const end = nameOffsets[r * 3 + k + 1]!;
    if (end <= start) continue;
    // " name ": (space, n0, n1), (n0, n1, n2), …, (n[len-2], n[len-1], space).
    let b0 = 0x20;
    let b1 = names[start]!;
    for (let p = start + 1; p <= end; p++) {
      const b2 = p < end ? names[p]! : 0x20;
      visit((b0 << 16) | (b1 << 8) | b2);
      b0 = b1;
      b1 = b2;
    }
  }
}

/** Calls `visit` with the 4-byte prefix of each of a row's names. */
export function forEachRowPrefix(
  names: Uint8Array,
  nameOffsets: Uint32Array,
  r: number,
  visit: (code: number) => void,
) {
  for (let k = 0; k < 3; k++) {
    const start = nameOffsets[r * 3 + k]!;
    const end = nameOffsets[r * 3 + k + 1]!;
    if (end > start) visit(prefixCode(names, start, end));
  }
}

/**
 * Rows per key (trigram or prefix), each list ascending, keys sorted. Two passes over the
 * names (count, then place) instead of holding every (key, row) pair; a key is taken once per
 * row (the last row that took it is remembered).
 */
export function buildPostings(
  names: Uint8Array,
  nameOffsets: Uint32Array,
  count: number,
  keysOf: typeof forEachRowGram,
) {
  // Key → dense id while building: trigrams (24 bits) through a 64 MB table, dropped
  // afterwards; prefixes (32 bits) through a Map.
  const table = keysOf === forEachRowGram ? new Int32Array(1 << 24).fill(-1) : null;
  const map = new Map<number, number>();
  const codes: number[] = [];
  let sizes = new Uint32Array(1024);
  let lastRow = new Int32Array(1024).fill(-1);
  let r = 0;
  const idOf = (code: number): number => {
    let id = table ? table[code]! : (map.get(code) ?? -1);
    if (id < 0) {
      id = codes.length;
      if (table) table[code] = id;
      else map.set(code, id);
      codes.push(code);
      if (id >= sizes.length) {
        const bigger = new Uint32Array(sizes.length * 2);
        bigger.set(sizes);
        sizes = bigger;
        const biggerLast = new Int32Array(lastRow.length * 2).fill(-1);
        biggerLast.set(lastRow);
        lastRow = biggerLast;
      }
    }
    return id;
  };
  const count1 = (code: number) => {
    const id = idOf(code);
    if (lastRow[id] === r) return;
    lastRow[id] = r;
    sizes[id]!++;
  };
  for (r = 0; r < count; r++) keysOf(names, nameOffsets, r, count1);
  const order = codes.map((_, id) => id).sort((x, y) => codes[x]! - codes[y]!);
  const gramCodes = new Float64Array(codes.length);
  const gramStarts = new Uint32Array(codes.length + 1);
  const cursor = new Uint32Array(codes.length);
  let total = 0;
  order.forEach((id, rank) => {
    gramCodes[rank] = codes[id]!;
    gramStarts[rank] = total;
    cursor[id] = total;
    total += sizes[id]!;
  });
  gramStarts[codes.length] = total;
  const postings = new Uint32Array(total);
  lastRow.fill(-1);
  const place = (code: number) => {
    const id = table ? table[code]! : map.get(code)!;
    if (lastRow[id] === r) return;
    lastRow[id] = r;
    postings[cursor[id]!++] = r;
  };
  for (r = 0; r < count; r++) keysOf(names, nameOffsets, r, place);
  return { gramCodes, gramStarts, postings };
}
