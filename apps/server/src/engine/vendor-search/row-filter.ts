import type { VendorSearchIndex } from './index-format.js';
import type { VendorCondition } from './search-query.js';

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

/** The filters as one test per row, over the index's typed arrays. */
export function rowFilter(index: VendorSearchIndex, conditions: VendorCondition[]) {
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
