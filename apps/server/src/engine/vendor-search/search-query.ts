import { jaroWinkler } from './jaro-winkler.js';
import { distinctSorted, prefixCode, pushGrams } from './name-grams.js';
import type { VendorSearchIndex } from './search-index.js';

/** One filter of a vendor search, already checked (the vendors service answers 400s). */
export type VendorCondition =
  | {
      field: 'country' | 'mcc' | 'postcode';
      op: 'Equal' | 'NotEqual' | 'StartsWith';
      value: string;
    }
  | { field: 'acceptsCard' | 'acceptsVirtualCard' | 'stpEnrolled'; value: boolean }
  | { field: 'dataLevel'; op: 'Equal' | 'GreaterThanOrEqual' | 'LessThanOrEqual'; value: number };

export type VendorSortKey = 'merchantName' | 'country' | 'postcode' | 'mcc' | 'nameSimilarity';

export interface VendorSearchQuery {
  /** The name as the matcher normalises it, and as typed (trimmed, lower case). */
  name: { normalised: string; raw: string } | null;
  conditions: VendorCondition[];
  /** Requested order; after it: name similarity (when searching by name and no order is given), name, id. */
  order: { key: VendorSortKey; desc: boolean }[];
  offset: number;
  limit: number;
}

export interface VendorSearchResult {
  total: number;
  /** Index rows of the page, in order, and their name similarity (null without a name). */
  rows: number[];
  similarities: (number | null)[];
  /** Rows whose names were compared (all filtered rows when the name is too short to index). */
  compared: number;
}

/** A name at least this close (Jaro-Winkler) is a hit: typos are allowed. */
export const NAME_SIMILARITY_MIN = 0.88;
/**
 * Share of the query's trigram weight a merchant's names must have to be compared at all. A
 * name with a typo or two keeps most of its trigrams (a typo touches at most 3, a swap of two
 * letters 4); names sharing less than half are far below the 0.88 similarity.
 */
export const CANDIDATE_SHARE = 0.5;

const encoder = new TextEncoder();
let sums = new Float32Array(0);
let touched = new Int32Array(0);

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

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

/** Whether `hay[start, end)` contains `needle` (an empty needle is in everything, as in SQL). */
function containsBytes(hay: Uint8Array, start: number, end: number, needle: Uint8Array): boolean {
  const n = needle.length;
  if (n === 0) return true;
  const first = needle[0];
  for (let i = start; i <= end - n; i++) {
    if (hay[i] !== first) continue;
    let k = 1;
    while (k < n && hay[i + k] === needle[k]) k++;
    if (k === n) return true;
  }
  return false;
}

/** The filters as one test per row, over the index's typed arrays. */
function rowFilter(index: VendorSearchIndex, conditions: VendorCondition[]) {
  const tests: ((r: number) => boolean)[] = conditions.map((c) => {
    switch (c.field) {
      case 'acceptsCard':
      case 'acceptsVirtualCard':
      case 'stpEnrolled': {
        const column = index[c.field];
        const want = c.value ? 1 : 0;
        return (r) => column[r] === want;
      }
      case 'dataLevel': {
        const column = index.dataLevel;
        const v = c.value;
        if (c.op === 'Equal') return (r) => column[r] === v;
        if (c.op === 'GreaterThanOrEqual') return (r) => column[r]! >= 0 && column[r]! >= v;
        return (r) => column[r]! >= 0 && column[r]! <= v;
      }
      case 'postcode': {
        // upper(postcode) = upper(value) or LIKE upper(value) || '%': a range of the sorted
        // upper-case postcodes.
        const value = c.value.toUpperCase();
        const lo = lowerBound(index.postcodeUppers, value);
        const hi =
          c.op === 'StartsWith'
            ? lowerBound(index.postcodeUppers, `${value}\uffff`)
            : lo + (index.postcodeUppers[lo] === value ? 1 : 0);
        const { postcode, postcodeUpperRank } = index;
        const inRange = (r: number) => {
          const id = postcode[r]!;
          if (id < 0) return false;
          const u = postcodeUpperRank[id]!;
          return u >= lo && u < hi;
        };
        return c.op === 'NotEqual' ? (r) => postcode[r]! >= 0 && !inRange(r) : inRange;
      }
      case 'country':
      case 'mcc': {
        // Few distinct values: decide once per dictionary entry. Country compares upper case,
        // MCC as stored (StartsWith is upper-case LIKE for both, as the SQL search did).
        const values = c.field === 'country' ? index.countries : index.mccs;
        const column = c.field === 'country' ? index.country : index.mcc;
        const fold = c.field === 'country' ? (s: string) => s.toUpperCase() : (s: string) => s;
        const want = c.op === 'StartsWith' ? c.value.toUpperCase() : fold(c.value);
        const pass = Uint8Array.from(values, (v) =>
          (
            c.op === 'StartsWith'
              ? v.toUpperCase().startsWith(want)
              : c.op === 'Equal'
                ? fold(v) === want
                : fold(v) !== want
          )
            ? 1
            : 0,
        );
        return (r) => column[r]! >= 0 && pass[column[r]!] === 1;
      }
    }
  });
  if (tests.length === 0) return null;
  if (tests.length === 1) return tests[0]!;
  return (r: number) => tests.every((t) => t(r));
}

/**
 * Candidate rows for a name: each query trigram weighs ln(merchants / merchants having it), so
 * rare trigrams count more and common ones ("limited", " and") hardly at all. A row is a
 * candidate when its trigrams weigh at least CANDIDATE_SHARE of the query's (trigrams no
 * merchant has, such as a typo's, are left out of that total), or when it has every trigram of
 * the query itself, which any name containing it has. Two queries are weighed apart: the
 * normalised name and the name as typed.
 */
function nameCandidates(index: VendorSearchIndex, qn: Uint8Array, raw: Uint8Array): number[] {
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

/** The best `k` items of `items` by `compare`, sorted (a bounded heap when k is small). */
function topK(items: number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (k >= items.length / 4) return items.sort(compare).slice(0, k);
  // Max-heap of the k best so far: its root is the worst of them.
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && compare(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && compare(heap[r]!, heap[m]!) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (k > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}

/**
 * Runs a vendor search on the in-memory index: the same hits, order and similarity as the
 * SQL search (contained, or Jaro-Winkler ≥ 0.88 against the normalised name, the normalised
 * DBA or the lower-case name), computed only for the trigram candidates.
 */
export function searchVendorIndex(
  index: VendorSearchIndex,
  query: VendorSearchQuery,
): VendorSearchResult {
  const filter = rowFilter(index, query.conditions);
  const end = query.offset + query.limit;
  if (!query.name && query.order.length === 0) {
    // Row order is the default order: count, keep the page.
    const rows: number[] = [];
    let total = 0;
    for (let r = 0; r < index.count; r++) {
      if (filter && !filter(r)) continue;
      if (total >= query.offset && total < end) rows.push(r);
      total++;
    }
    return { total, rows, similarities: rows.map(() => null), compared: 0 };
  }

  const hits: number[] = [];
  const sims = new Map<number, number>();
  let compared = 0;
  if (query.name) {
    const { names, nameOffsets } = index;
    const qn = encoder.encode(query.name.normalised);
    const raw = encoder.encode(query.name.raw);
    const check = (r: number) => {
      if (filter && !filter(r)) return;
      compared++;
      const o = r * 3;
      const n0 = nameOffsets[o]!;
      const n1 = nameOffsets[o + 1]!;
      const n2 = nameOffsets[o + 2]!;
      const n3 = nameOffsets[o + 3]!;
      let sim: number;
      if (
        containsBytes(names, n0, n1, qn) ||
        containsBytes(names, n1, n2, qn) ||
        containsBytes(names, n2, n3, raw)
      ) {
        sim = 1;
      } else {
        sim = Math.max(
          jaroWinkler(names, n0, n1, qn, 0, qn.length),
          jaroWinkler(names, n1, n2, qn, 0, qn.length),
          jaroWinkler(names, n2, n3, raw, 0, raw.length),
        );
        if (sim < NAME_SIMILARITY_MIN) return;
      }
      hits.push(r);
      sims.set(r, sim);
    };
    if (qn.length < 3 || raw.length < 3) {
      // Too short to have a trigram of its own: compare every (filtered) merchant.
      for (let r = 0; r < index.count; r++) check(r);
    } else {
      for (const r of nameCandidates(index, qn, raw)) check(r);
    }
  } else {
    for (let r = 0; r < index.count; r++) if (!filter || filter(r)) hits.push(r);
  }

  const keys = (
    query.order.length > 0
      ? query.order
      : query.name
        ? [{ key: 'nameSimilarity' as const, desc: true }]
        : []
  ).map(({ key, desc }) => {
    const value: (r: number) => number | null =
      key === 'nameSimilarity'
        ? (r) => sims.get(r) ?? null
        : key === 'merchantName'
          ? (r) => index.nameRank[r]!
          : (r) => {
              const id = index[key][r]!;
              return id < 0 ? null : id;
            };
    return { value, desc };
  });
  const compare = (a: number, b: number) => {
    for (const { value, desc } of keys) {
      const va = value(a);
      const vb = value(b);
      if (va === vb) continue;
      // NULLS LAST whichever the direction.
      if (va === null) return 1;
      if (vb === null) return -1;
      return desc ? vb - va : va - vb;
    }
    return a - b;
  };
  const page = (keys.length > 0 ? topK(hits, end, compare) : hits).slice(query.offset, end);
  return {
    total: hits.length,
    rows: page,
    similarities: page.map((r) => (query.name ? sims.get(r)! : null)),
    compared,
  };
}
