import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlString } from '../duckdb.js';
import { createEngineTestKit } from '../engine-test-kit.js';
import { normaliseNames } from '../matching/normalise-sql.js';
import { generateReferenceData } from '../reference-data/generate-merchants.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { jaroWinkler } from './jaro-winkler.js';
import {
  VENDOR_SEARCH_DIR,
  type VendorSearchIndex,
  openVendorSearchIndex,
  readVendorRows,
} from './search-index.js';
import { type VendorSearchQuery, searchVendorIndex } from './search-query.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let version: ReferenceVersion;
let index: VendorSearchIndex;
type Merchant = { merchant_id: string; merchant_name: string; country: string };
let sample: Merchant[];

beforeAll(async () => {
  kit = await createEngineTestKit();
  version = await generateReferenceData({
    db: kit.db,
    rootDir: path.join(kit.dir, 'reference'),
    seed: 'search',
    count: 4000,
  });
  const opened = await openVendorSearchIndex(kit.db, version);
  expect(opened.built).toBe(true);
  index = opened.index;
  sample = await kit.db.all<Merchant>(
    `SELECT merchant_id, merchant_name, country FROM read_parquet(${sqlString(version.merchantsPath)})
     WHERE length(merchant_name) > 10 ORDER BY merchant_id LIMIT 12`,
  );
}, 120_000);
afterAll(() => kit.dispose());

/** The search as the SQL implementation ran it: a scan of every merchant. */
async function sqlSearch(query: VendorSearchQuery) {
  const where: string[] = [];
  const params: Record<string, string | number | boolean> = {};
  query.conditions.forEach((c, i) => {
    const p = `$p${i}`;
    params[`p${i}`] = c.value;
    const column = {
      country: 'm.country',
      postcode: 'm.postcode',
      mcc: 'm.mcc',
      acceptsCard: 'm.accepts_card',
      acceptsVirtualCard: 'm.accepts_virtual_card',
      stpEnrolled: 'm.stp_enrolled',
      dataLevel: 'm.data_level',
    }[c.field];
    const op = 'op' in c ? c.op : 'Equal';
    const sign = { Equal: '=', NotEqual: '<>', GreaterThanOrEqual: '>=', LessThanOrEqual: '<=' };
    if (op === 'StartsWith') where.push(`upper(${column}) LIKE upper(${p}) || '%'`);
    else if (c.field === 'country' || c.field === 'postcode')
      where.push(`upper(${column}) ${sign[op]} upper(${p})`);
    else where.push(`${column} ${sign[op]} ${p}`);
  });
  let similarity = 'CAST(NULL AS DOUBLE)';
  if (query.name) {
    params.qn = query.name.normalised;
    params.raw = query.name.raw;
    const contained = `contains(coalesce(i.name_norm, ''), $qn)
      OR contains(coalesce(i.dba_norm, ''), $qn) OR contains(lower(m.merchant_name), $raw)`;
    const close = `greatest(coalesce(jaro_winkler_similarity(i.name_norm, $qn), 0),
      coalesce(jaro_winkler_similarity(i.dba_norm, $qn), 0),
      jaro_winkler_similarity(lower(m.merchant_name), $raw))`;
    similarity = `CASE WHEN ${contained} THEN 1.0 ELSE ${close} END`;
    where.push(`(${contained} OR ${close} >= 0.88)`);
  }
  const sorts = {
    merchantName: 'm.merchant_name',
    country: 'm.country',
    postcode: 'm.postcode',
    mcc: 'm.mcc',
    nameSimilarity: 'sim',
  };
  const order = [
    ...(query.order.length > 0
      ? query.order.map((o) => `${sorts[o.key]} ${o.desc ? 'DESC' : 'ASC'} NULLS LAST`)
      : query.name
        ? ['sim DESC']
        : []),
    'm.merchant_name',
    'm.merchant_id',
  ];
  return kit.db.all<{ id: string; sim: number | null; total: number }>(
    `SELECT m.merchant_id AS id, ${similarity} AS sim, CAST(count(*) OVER () AS INTEGER) AS total
     FROM read_parquet(${sqlString(version.merchantsPath)}) m
     JOIN read_parquet(${sqlString(version.indexPath)}) i USING (merchant_id)
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${order.join(', ')} LIMIT ${query.limit} OFFSET ${query.offset}`,
    params,
  );
}

async function indexSearch(query: VendorSearchQuery) {
  const found = searchVendorIndex(index, query);
  const rows = await readVendorRows(index, found.rows);
  return {
    total: found.total,
    rows: rows.map((r, i) => ({ id: r.merchantId, sim: found.similarities[i] })),
  };
}

async function nameOf(name: string) {
  const [normalised] = await normaliseNames(kit.db, [name]);
  return { normalised: normalised ?? name.toLowerCase(), raw: name.trim().toLowerCase() };
}

const page = { offset: 0, limit: 25 };

describe('vendor search index', () => {
  it('is stored with the version and loaded from there the next time', async () => {
    expect(fs.existsSync(path.join(version.dir, VENDOR_SEARCH_DIR, 'index.bin'))).toBe(true);
    const again = await openVendorSearchIndex(kit.db, version);
    expect(again.built).toBe(false);
    expect(again.index.count).toBe(4000);
    expect([...again.index.postings.subarray(0, 100)]).toEqual([
      ...index.postings.subarray(0, 100),
    ]);
  });

  it('scores Jaro-Winkler exactly as DuckDB does', async () => {
    const names = sample.map((m) => m.merchant_name.toLowerCase());
    const pairs: [string, string][] = [
      ['a', 'a'],
      ['ab', 'ba'],
      ['', ''],
      ['é', 'e'],
      ['tesco', 'tesoc'],
    ];
    names.forEach((a, i) => {
      const b = names[(i + 1) % names.length]!;
      const mid = Math.floor(a.length / 2);
      pairs.push([a, b], [a, a.slice(0, mid) + a[mid + 1] + a[mid] + a.slice(mid + 2)]);
      pairs.push([a, a.slice(0, -3)], [a, `x${a.slice(1)}`]);
    });
    const rows = await kit.db.all<{ s: number }>(
      `SELECT jaro_winkler_similarity(a, b) AS s FROM (VALUES ${pairs
        .map(([a, b], i) => `(${sqlString(a)}, ${sqlString(b)}, ${i})`)
        .join(', ')}) t(a, b, i) ORDER BY i`,
    );
    rows.forEach((r, i) => {
      const a = Buffer.from(pairs[i]![0]);
      const b = Buffer.from(pairs[i]![1]);
      expect(jaroWinkler(a, 0, a.length, b, 0, b.length)).toBeCloseTo(r.s, 12);
    });
  });

  it('filters and sorts exactly as the SQL scan did', async () => {
    const m = sample[0]!;
    const cases: VendorSearchQuery[] = [
      { name: null, conditions: [], order: [], ...page },
      {
        name: null,
        conditions: [{ field: 'country', op: 'Equal', value: m.country.toLowerCase() }],
        order: [],
        offset: 25,
        limit: 25,
      },
      {
        name: null,
        conditions: [
          { field: 'country', op: 'NotEqual', value: m.country },
          { field: 'acceptsCard', value: true },
          { field: 'dataLevel', op: 'GreaterThanOrEqual', value: 2 },
        ],
        order: [{ key: 'country', desc: true }],
        ...page,
      },
      {
        name: null,
        conditions: [{ field: 'mcc', op: 'StartsWith', value: '5' }],
        order: [
          { key: 'mcc', desc: false },
          { key: 'postcode', desc: true },
        ],
        ...page,
      },
      {
        name: null,
        conditions: [{ field: 'postcode', op: 'StartsWith', value: '1' }],
        order: [{ key: 'postcode', desc: false }],
        offset: 10,
        limit: 50,
      },
      {
        name: null,
        conditions: [{ field: 'stpEnrolled', value: false }],
        order: [{ key: 'merchantName', desc: true }],
        ...page,
      },
    ];
    for (const query of cases) {
      const expected = await sqlSearch(query);
      const actual = await indexSearch(query);
      expect(
        actual.rows.map((r) => r.id),
        JSON.stringify(query),
      ).toEqual(expected.map((r) => r.id));
      expect(actual.total).toBe(expected[0]?.total ?? 0);
    }
  });

  it('finds names, parts of names and names with typos, scored as before', async () => {
    for (const [i, m] of sample.entries()) {
      const n = m.merchant_name;
      const mid = Math.floor(n.length / 2);
      const typo =
        i % 2
          ? n.slice(0, mid) + n[mid + 1] + n[mid] + n.slice(mid + 2)
          : n.slice(0, mid) + 'q' + n.slice(mid + 1);
      const part = n.split(' ').slice(0, 2).join(' ');
      for (const text of [n, typo, part]) {
        const query: VendorSearchQuery = {
          name: await nameOf(text),
          conditions: [],
          order: [],
          ...page,
        };
        const actual = await indexSearch(query);
        const all = await indexSearch({ ...query, limit: 10_000 });
        const expected = await sqlSearch({ ...query, limit: 10_000 });
        const expectedSim = new Map(expected.map((r) => [r.id, r.sim]));
        // Every hit is a hit of the scan, with the same similarity, in the same order.
        for (const row of all.rows) expect(row.sim).toBeCloseTo(expectedSim.get(row.id)!, 12);
        expect(all.rows.map((r) => r.id)).toEqual(
          expected.filter((r) => all.rows.some((a) => a.id === r.id)).map((r) => r.id),
        );
        // Containment is exact: the same names containing the query as the scan.
        const contained = (rows: { id: string; sim: number | null }[]) =>
          rows.filter((r) => r.sim === 1).map((r) => r.id);
        expect(contained(all.rows), text).toEqual(contained(expected));
        expect(actual.rows).toEqual(all.rows.slice(0, 25));
        // The merchant itself is on the first page (a part of a name may have many equal hits).
        if (text !== part)
          expect(
            actual.rows.map((r) => r.id),
            text,
          ).toContain(m.merchant_id);
        // The first page agrees with the scan's where the scan's hits are close names.
        const top = expected
          .slice(0, 5)
          .filter((r) => r.sim! >= 0.95)
          .map((r) => r.id);
        for (const id of top)
          expect(
            actual.rows.map((r) => r.id),
            text,
          ).toContain(id);
      }
    }
  });
});
