import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BandChartSchema, ChartKindSchema } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { openEngineDb, sqlString } from '../apps/server/src/engine/duckdb.js';
import { VENDOR_SEARCH_DIR } from '../apps/server/src/engine/vendor-search/search-index.js';
import { BENCH_OUT, benchReference } from './generators/reference.js';
import { percentile, summarize } from './stats.js';

/**
 * Insights and supplier-list calls on the pipeline benchmark's job (goal: any insights call
 * ≤ 100 ms p95, a filtered supplier page ≤ 100 ms p95, on real PostgreSQL), through the real app
 * with a signed-in session. Reads the database `npm run bench -- pipeline` leaves behind
 * (DATABASE_URL, default the local b2b_bench_pipeline database) and measures its biggest
 * completed job: run the pipeline benchmark first (without it only the vendor search runs).
 *
 * Then vendor search (goal: p95 ≤ 150 ms over 1,000,000 merchants): the benchmarks'
 * 1,000,000-merchant reference version (bench/.out/reference, generated once) becomes this
 * app's newest version; the first search loads its search index (building it once, stored beside
 * the version), then a mix of exact names, names with typos, partial names, names with country,
 * MCC and flag filters, and filter-only searches by country, postcode and MCC. `--merchants=`
 * changes the size.
 */
const databaseUrl =
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/b2b_bench_pipeline';
const password = 'Bench-Password-1';
const merchantCount = Number(
  process.argv.find((a) => a.startsWith('--merchants='))?.split('=')[1] ?? 1_000_000,
);

// The vendor search's reference data, generated once into bench/.out and linked into this
// app's data folder as its only (so newest) version.
const referenceDb = await openEngineDb({
  threads: 2,
  memoryLimit: '2GB',
  tempDirectory: path.join(BENCH_OUT, 'tmp'),
});
const reference = await benchReference(referenceDb, `bench-${merchantCount}`, merchantCount);
type SampleMerchant = {
  merchant_name: string;
  country: string;
  postcode: string | null;
  mcc: string | null;
};
const sampled = await referenceDb.all<SampleMerchant>(
  `SELECT merchant_name, country, postcode, mcc FROM read_parquet(${sqlString(
    reference.version.merchantsPath,
  )}) USING SAMPLE reservoir(100 ROWS) REPEATABLE (42) ORDER BY merchant_name`,
);
referenceDb.close();
const dataDir = path.join(BENCH_OUT, 'insights-data');
fs.rmSync(path.join(dataDir, 'files', 'reference'), { recursive: true, force: true });
fs.mkdirSync(path.join(dataDir, 'files', 'reference'), { recursive: true });
fs.symlinkSync(
  reference.version.dir,
  path.join(dataDir, 'files', 'reference', reference.version.manifest.versionId),
);
const indexStored = fs.existsSync(path.join(reference.version.dir, VENDOR_SEARCH_DIR, 'index.bin'));

const database = await openDatabase({ databaseUrl });
await runMigrations(database);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false', // what production runs: responses written once, not checked again
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  DEMO_SEED: 'false',
  DEMO_JOBS: 'false',
  WORKERS: '0',
  DATA_DIR: dataDir,
});
const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const [job] = await rows<{ id: string; name: string; supplier_count: number; bars: number }>(
  sql`select j.id, j.name, j.supplier_count, i.bar_count as bars
        from jobs j join job_insights i on i.job_id = j.id
        where j.status = 'Completed' order by j.supplier_count desc nulls last limit 1`,
);
if (!job) {
  console.log(
    `No completed job with insights in ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}: run \`npm run bench -- pipeline\` first. Measuring the vendor search only.`,
  );
}

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-csrf-protection': '1' },
  payload: { username: 'ptcojobmanager@example.com', password },
});
if (login.statusCode !== 200) throw new Error(`Sign-in failed: ${login.body}`);
const cookie = `b2b_session=${login.cookies.find((c) => c.name === 'b2b_session')!.value}`;

async function time(
  label: string,
  requests: { url: string; method?: 'GET' | 'POST'; payload?: object }[],
) {
  const durations: number[] = [];
  for (const r of requests) {
    const start = performance.now();
    const res = await app.inject({
      method: r.method ?? 'GET',
      url: r.url,
      headers: { cookie, 'x-csrf-protection': '1' },
      payload: r.payload,
    });
    durations.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${r.url}: ${res.statusCode} ${res.body}`);
  }
  console.log(summarize(label, durations));
  return durations;
}

const repeat = <T>(n: number, make: (i: number) => T) =>
  Array.from({ length: n }, (_, i) => make(i));
const p95 = (d: number[]) => percentile(d, 95);

if (job) {
  const [{ n: supplierRows } = { n: 0 }] = await rows<{ n: number }>(
    sql`select count(*)::int as n from job_supplier_results where job_id = ${job.id}`,
  );
  const base = `/api/v1/job-artifacts/${job.id}`;
  const slices = [
    'slicer=Overall&slicerValue=All&product=All',
    'slicer=Card%20Accepting&slicerValue=MATCHED&product=All',
    'slicer=Card%20Capability&slicerValue=Unmatched&product=Vcard',
    'slicer=Detail%20Level&slicerValue=3&product=Optima',
  ];
  const charts = [...ChartKindSchema.options, ...BandChartSchema.options];

  console.log(
    `job: ${job.name} — ${supplierRows.toLocaleString('en-GB')} suppliers, ${Number(job.bars).toLocaleString('en-GB')} insight bars; database: ${database.kind}`,
  );
  // Warm-up: the first calls pay for connection set-up and plan caching.
  await time(
    'warm-up (not counted)',
    repeat(20, (i) => ({ url: `${base}/insights/chart?chart=${charts[i % charts.length]}` })),
  );
  const all = [
    ...(await time(
      'GET …/insights/summary',
      repeat(200, (i) => ({ url: `${base}/insights/summary?${slices[i % slices.length]}` })),
    )),
    ...(await time(
      'GET …/insights/chart (20 charts × 4 slices)',
      repeat(800, (i) => ({
        url: `${base}/insights/chart?chart=${charts[i % charts.length]}&${slices[Math.floor(i / charts.length) % slices.length]}`,
      })),
    )),
    ...(await time(
      'GET …/insights/slicers',
      repeat(200, () => ({ url: `${base}/insights/slicers` })),
    )),
  ];
  console.log(summarize('any insights call', all));
  const supplierPages = await time(
    'POST …/suppliers (filtered, sorted page)',
    repeat(200, (i) => ({
      url: `${base}/suppliers`,
      method: 'POST',
      payload: {
        pageNumber: 1 + (i % 5),
        pageSize: 25,
        orderBy: i % 2 ? 'spend desc' : 'supplierName',
        filters: [
          {
            propertyName: 'matchStatus',
            comparisonOperator: 'Equal',
            value: i % 3 ? 'MATCHED' : 'UNMATCHED',
          },
          {
            propertyName: 'spend',
            comparisonOperator: 'GreaterThanOrEqual',
            value: 1000 * (i % 4),
          },
        ],
      },
    })),
  );
  console.log(
    `goals: any insights call p95 ≤ 100 ms: ${p95(all) <= 100 ? 'met' : 'NOT met'}; filtered supplier page p95 ≤ 100 ms: ${p95(supplierPages) <= 100 ? 'met' : 'NOT met'}`,
  );
}

// Vendor search (goal: p95 ≤ 150 ms over 1,000,000 merchants).
const f = (propertyName: string, comparisonOperator: string, value: unknown) => ({
  propertyName,
  comparisonOperator,
  value,
});
const vendorSearch = (filters: object[], extra: object = {}) => ({
  url: '/api/v1/vendors/search',
  method: 'POST' as const,
  payload: { pageNumber: 1, pageSize: 25, filters, ...extra },
});
/** A typing mistake in the middle of the name: two letters swapped, or one replaced. */
const typo = (name: string, i: number) => {
  const at = Math.floor(name.length / 2) + (i % 3) - 1;
  return i % 2
    ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2)
    : `${name.slice(0, at)}x${name.slice(at + 1)}`;
};
const firstWords = (name: string) => {
  const words = name.split(' ');
  return words[0]!.length >= 5 ? words[0]! : words.slice(0, 2).join(' ');
};
const loadBefore = os.loadavg();
const memoryBefore = process.memoryUsage();
const firstStart = performance.now();
const first = await app.inject({
  ...vendorSearch([f('name', 'Contains', sampled[0]!.merchant_name)]),
  headers: { cookie, 'x-csrf-protection': '1' },
});
if (first.statusCode !== 200) throw new Error(`vendor search: ${first.statusCode} ${first.body}`);
const firstMs = performance.now() - firstStart;
const memoryAfter = process.memoryUsage();
const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
console.log(
  `vendor search: ${merchantCount.toLocaleString('en-GB')} merchants, version ${reference.version.manifest.versionId}; search index ${indexStored ? 'loaded from disk' : 'built and stored (once per version)'} by the first search in ${(firstMs / 1000).toFixed(1)} s; memory +${mib(memoryAfter.arrayBuffers - memoryBefore.arrayBuffers)} array buffers, rss +${mib(memoryAfter.rss - memoryBefore.rss)}`,
);
const m = sampled;
const vendorLines: [string, ReturnType<typeof vendorSearch>[]][] = [
  ['vendors: exact name', m.map((x) => vendorSearch([f('name', 'Contains', x.merchant_name)]))],
  [
    'vendors: name with a typo',
    m.map((x, i) => vendorSearch([f('name', 'Contains', typo(x.merchant_name, i))])),
  ],
  [
    'vendors: partial name',
    m.map((x) => vendorSearch([f('name', 'Contains', firstWords(x.merchant_name))])),
  ],
  [
    'vendors: typo + country',
    m.map((x, i) =>
      vendorSearch([
        f('name', 'Contains', typo(x.merchant_name, i + 1)),
        f('country', 'Equal', x.country),
      ]),
    ),
  ],
  [
    'vendors: partial + MCC + card flag',
    m.map((x) =>
      vendorSearch([
        f('name', 'Contains', firstWords(x.merchant_name)),
        f('mcc', 'Equal', x.mcc ?? '5999'),
        f('acceptsCard', 'Equal', true),
      ]),
    ),
  ],
  [
    'vendors: country + flags, by name',
    m.map((x, i) =>
      vendorSearch(
        [
          f('country', 'Equal', x.country),
          f('acceptsVirtualCard', 'Equal', i % 2 === 0),
          f('dataLevel', 'GreaterThanOrEqual', 2),
        ],
        { orderBy: 'merchantName', pageNumber: 1 + (i % 3) },
      ),
    ),
  ],
  [
    'vendors: postcode + country',
    m.map((x) =>
      vendorSearch([
        f('postcode', 'StartsWith', (x.postcode ?? '1').slice(0, 3)),
        f('country', 'Equal', x.country),
      ]),
    ),
  ],
  [
    'vendors: MCC + STP, by postcode desc',
    m.map((x) =>
      vendorSearch(
        [f('mcc', 'StartsWith', (x.mcc ?? '5').slice(0, 3)), f('stpEnrolled', 'Equal', true)],
        {
          orderBy: 'postcode desc',
        },
      ),
    ),
  ],
];
const anyVendor: number[] = [];
// Interleaved as users would send them (one kind after another per merchant), timed per kind.
const byLine = vendorLines.map(() => [] as number[]);
for (let i = 0; i < m.length; i++) {
  for (const [k, [, requests]] of vendorLines.entries()) {
    const start = performance.now();
    const res = await app.inject({
      ...requests[i]!,
      headers: { cookie, 'x-csrf-protection': '1' },
    });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`vendor search: ${res.statusCode} ${res.body}`);
    byLine[k]!.push(ms);
    anyVendor.push(ms);
  }
}
vendorLines.forEach(([label], k) => console.log(summarize(label, byLine[k]!)));
console.log(summarize('any vendor search', anyVendor));
const loadAfter = os.loadavg();
const fmtLoad = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
console.log(
  `load average (1/5/15 min): before ${fmtLoad(loadBefore)}, after ${fmtLoad(loadAfter)} on ${os.cpus().length} cores`,
);
console.log(
  `goal: vendor search p95 ≤ 150 ms over ${merchantCount.toLocaleString('en-GB')} merchants: ${p95(anyVendor) <= 150 ? 'met' : 'NOT met'}`,
);

await app.close();
await database.close();
