/**
 * Jaro-Winkler similarity over UTF-8 bytes, the same arithmetic as DuckDB's
 * `jaro_winkler_similarity` (rapidfuzz: match window ⌊max length / 2⌋ − 1, transpositions
 * halved with integer division, prefix of at most 4 bytes weighted 0.1, applied only above
 * 0.7). The vendor search ranks its candidates in JavaScript, so a name scores here exactly as
 * it did in the SQL search (a test compares both on thousands of pairs).
 */

let flagsA = new Uint8Array(256);
let flagsB = new Uint8Array(256);

/** Similarity of `a[aStart, aEnd)` and `b[bStart, bEnd)`; 0 when either is empty. */
export function jaroWinkler(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (flagsA.length < la) flagsA = new Uint8Array(la * 2);
  if (flagsB.length < lb) flagsB = new Uint8Array(lb * 2);
  flagsA.fill(0, 0, la);
  flagsB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const c = a[aStart + i];
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (flagsB[j] === 0 && b[bStart + j] === c) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue;
    while (flagsB[k] === 0) k++;
    if (a[aStart + i] !== b[bStart + k]) transpositions++;
    k++;
  }
  transpositions = Math.floor(transpositions / 2);
  let sim = (matches / la + matches / lb + (matches - transpositions) / matches) / 3;
  if (sim > 0.7) {
    const maxPrefix = Math.min(4, la, lb);
    let prefix = 0;
    while (prefix < maxPrefix && a[aStart + prefix] === b[bStart + prefix]) prefix++;
    sim += prefix * 0.1 * (1 - sim);
  }
  return sim;
}
