import { distinctSorted, prefixCode, pushGrams } from './name-grams.js';
import type { VendorSearchIndex } from './index-format.js';

/**
 * Share of the query's trigram weight a merchant's names must have to be compared at all. A
 * name with a typo or two keeps most of its trigrams (a typo touches at most 3, a swap of two
 * letters 4); names sharing less than half are far below the 0.88 similarity.
 */
export const CANDIDATE_SHARE = 0.5;

// Per-row weight sums and the rows touched, reused by every search (allocated once per size).
let sums = new Float32Array(0);
let touched = new Int32Array(0);

function findGram(codes: Int32Array, code: number): number {
  let lo = 0;
  let hi = codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = codes[mid]!;
    if (c === code) return mid;
    if (c < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Candidate rows for a name: each query trigram weighs ln(merchants / merchants having it), so
 * rare trigrams count more and common ones ("limited", " and") hardly at all. A row is a
 * candidate when its trigrams weigh at least CANDIDATE_SHARE of the query's (trigrams no
 * merchant has, such as a typo's, are left out of that total), or when it has every trigram of
 * the query itself, which any name containing it has. Two queries are weighed apart: the
 * normalised name and the name as typed.
 */
export function nameCandidates(
  index: VendorSearchIndex,
  qn: Uint8Array,
  raw: Uint8Array,
): number[] {
  if (sums.length < index.count) {
    sums = new Float32Array(index.count);
    touched = new Int32Array(index.count);
  }
  const rows = [
    ...candidatesFor(index, qn),
    ...candidatesFor(index, raw),
    ...prefixed(index, qn),
    ...prefixed(index, raw),
  ].sort((a, b) => a - b);
  return rows.filter((r, i) => i === 0 || rows[i - 1] !== r);
}

/** Rows with a name starting with the same 4 bytes (see `prefixCodes`). */
function prefixed(index: VendorSearchIndex, bytes: Uint8Array): Uint32Array {
  const code = prefixCode(bytes, 0, bytes.length);
  const codes = index.prefixCodes;
  let lo = 0;
  let hi = codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (codes[mid] === code)
      return index.prefixPostings.subarray(index.prefixStarts[mid], index.prefixStarts[mid + 1]);
    if (codes[mid]! < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return new Uint32Array(0);
}

function hasRow(postings: Uint32Array, start: number, end: number, row: number): boolean {
  let lo = start;
  let hi = end - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = postings[mid]!;
    if (v === row) return true;
    if (v < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The rows reaching the threshold for one query string. Trigrams are taken rarest first; once
 * the ones left weigh less than the threshold, a row not seen yet cannot reach it, so the long
 * lists of common trigrams are never read: the rows already seen are looked up in them.
 */
function candidatesFor(index: VendorSearchIndex, bytes: Uint8Array): number[] {
  const { gramCodes, gramStarts, postings, count } = index;
  const own = new Set<number>();
  const ownList: number[] = [];
  pushGrams(bytes, 0, bytes.length, false, ownList);
  ownList.forEach((c) => own.add(c));
  const padded: number[] = [];
  pushGrams(bytes, 0, bytes.length, true, padded);
  const grams: { g: number; w: number }[] = [];
  let total = 0;
  let ownTotal = 0;
  for (const code of distinctSorted(padded)) {
    const g = findGram(gramCodes, code);
    if (g < 0) continue;
    const w = Math.log(count / (gramStarts[g + 1]! - gramStarts[g]!));
    if (w <= 0) continue;
    grams.push({ g, w });
    total += w;
    if (own.has(code)) ownTotal += w;
  }
  const threshold = Math.min(CANDIDATE_SHARE * total, ownTotal) - 1e-4;
  if (threshold <= 0) return Array.from({ length: count }, (_, r) => r);
  grams.sort((a, b) => b.w - a.w);
  const left = new Float64Array(grams.length + 1);
  for (let i = grams.length - 1; i >= 0; i--) left[i] = left[i + 1]! + grams[i]!.w;
  let nTouched = 0;
  let i = 0;
  for (; i < grams.length && left[i]! >= threshold; i++) {
    const { g, w } = grams[i]!;
    for (let p = gramStarts[g]!, end = gramStarts[g + 1]!; p < end; p++) {
      const row = postings[p]!;
      if (sums[row] === 0) touched[nTouched++] = row;
      sums[row] += w;
    }
  }
  let open: number[] = [];
  const result: number[] = [];
  for (let t = 0; t < nTouched; t++) {
    const row = touched[t]!;
    if (sums[row]! >= threshold) result.push(row);
    else open.push(row);
  }
  open.sort((a, b) => a - b);
  for (; i < grams.length && open.length > 0; i++) {
    const { g, w } = grams[i]!;
    const start = gramStarts[g]!;
    const end = gramStarts[g + 1]!;
    // Look each open row up, or walk the list beside them when that reads less.
    const merge = end - start < open.length * 16;
    let p = start;
    const still: number[] = [];
    for (const row of open) {
      if (sums[row]! + left[i]! < threshold) continue;
      if (merge) {
        while (p < end && postings[p]! < row) p++;
        if (p < end && postings[p] === row) sums[row] += w;
      } else if (hasRow(postings, start, end, row)) sums[row] += w;
      if (sums[row]! >= threshold) result.push(row);
      else still.push(row);
    }
    open = still;
  }
  for (let t = 0; t < nTouched; t++) sums[touched[t]!] = 0;
  return result;
}
