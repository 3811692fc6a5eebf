import { jaroWinkler } from './jaro-winkler.js';
import type { VendorSearchIndex } from './index-format.js';
import { nameCandidates } from './name-candidates.js';
import { rowFilter } from './row-filter.js';

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

const encoder = new TextEncoder();

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
