import type { ComparisonDifference } from '@b2b/contract';

/**
 * The field-by-field difference of two answers of the same endpoint (issue 21, SPEC §2 DevOps
 * endpoint comparison). Values are compared exactly — no tolerance for numbers: a release must
 * not change a figure at all. Arrays of records are matched by a stable key (supplier key,
 * username, step, …), never by position, so one missing supplier is one difference and not a
 * shift of every row after it; arrays of plain values are compared as sets.
 */

type Json = unknown;
type Item = Record<string, unknown>;

export type DiffRules = {
  /** The key of the items of an array, by the array's shape path (`users[].issuers`). */
  keys: Record<string, (item: Item) => string>;
  /**
   * Fields that always differ between environments: a bare name (`createdOn`) anywhere, or
   * a shape path (`insights.charts[].bars[].key`).
   */
  ignored: readonly string[];
};

const isRecord = (v: Json): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: Json): string | null => (v === undefined ? null : JSON.stringify(v));
/** A key written into a path: brackets inside it would make the path ambiguous. */
const pathKey = (key: string) => key.replace(/[[\]]/g, (c) => (c === '[' ? '(' : ')'));

/** Collects the differences between `here` (this environment) and `there` (the other one). */
export function diffAnswers(
  section: string,
  root: string,
  here: Json,
  there: Json,
  rules: DiffRules,
): ComparisonDifference[] {
  const out: ComparisonDifference[] = [];
  const ignoredNames = new Set(rules.ignored.filter((i) => !/[.[]/.test(i)));
  const ignoredPaths = new Set(rules.ignored.filter((i) => /[.[]/.test(i)));
  const add = (path: string, a: Json, b: Json, kind: ComparisonDifference['kind']): void => {
    out.push({ section, path, thisValue: text(a), otherValue: text(b), kind });
  };

  function walk(path: string, shape: string, a: Json, b: Json): void {
    if (a === undefined && b === undefined) return;
    if (a === undefined) return add(path, a, b, 'onlyThere');
    if (b === undefined) return add(path, a, b, 'onlyHere');
    if (Array.isArray(a) && Array.isArray(b)) return walkArray(path, shape, a, b);
    if (isRecord(a) && isRecord(b)) {
      const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const name of names) {
        const child = `${shape}.${name}`;
        if (ignoredNames.has(name) || ignoredPaths.has(child)) continue;
        walk(`${path}.${name}`, child, a[name], b[name]);
      }
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) add(path, a, b, 'changed');
  }

  function walkArray(path: string, shape: string, a: Json[], b: Json[]): void {
    const keyOf = rules.keys[shape];
    if (keyOf && a.every(isRecord) && b.every(isRecord)) {
      const here = keyed(a, keyOf);
      const there = keyed(b, keyOf);
      for (const key of [...new Set([...here.keys(), ...there.keys()])]) {
        walk(`${path}[${pathKey(key)}]`, `${shape}[]`, here.get(key), there.get(key));
      }
      return;
    }
    if (![...a, ...b].some((v) => typeof v === 'object' && v !== null)) {
      // Plain values (role names, permissions): a set, whatever the order.
      const inB = counts(b);
      const inA = counts(a);
      const at = (value: Json) =>
        `${path}[${pathKey(typeof value === 'string' ? value : JSON.stringify(value))}]`;
      for (const [value, n] of inA) {
        const parsed: Json = JSON.parse(value);
        for (let i = inB.get(value) ?? 0; i < n; i++)
          add(at(parsed), parsed, undefined, 'onlyHere');
      }
      for (const [value, n] of inB) {
        const parsed: Json = JSON.parse(value);
        for (let i = inA.get(value) ?? 0; i < n; i++)
          add(at(parsed), undefined, parsed, 'onlyThere');
      }
      return;
    }
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      walk(`${path}[${i}]`, `${shape}[]`, a[i], b[i]);
  }

  walk(root, root, here, there);
  return out;
}

/** Items by key; a key seen again gets `#2`, `#3`, … in the order the answer lists them. */
function keyed(items: Item[], keyOf: (item: Item) => string): Map<string, Item> {
  const map = new Map<string, Item>();
  for (const item of items) {
    const key = keyOf(item);
    let unique = key;
    for (let n = 2; map.has(unique); n++) unique = `${key}#${n}`;
    map.set(unique, item);
  }
  return map;
}

function counts(values: Json[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const v of values) map.set(JSON.stringify(v), (map.get(JSON.stringify(v)) ?? 0) + 1);
  return map;
}
