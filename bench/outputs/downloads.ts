import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PreparedDownload } from '@b2b/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { seedDemoData } from '../../apps/server/src/seed/seed.js';

/**
 * Data downloads on a real PostgreSQL (issue goals: the analysis data CSV of a 100,000-supplier
 * job streamed at ≥ 50 MB/s with server RSS growth ≤ 100 MB; its XLSX ≤ 10 s). A Completed job
 * with BENCH_SUPPLIERS (100,000) generated supplier results, every column filled, read through
 * the real app with a signed-in session over a real socket. The CSV is timed over the whole
 * response (first byte to last) while the process's RSS is sampled every 20 ms; the XLSX is the
 * prepared download's work (the PrepareDownload command's producer writing the file), since a
 * workbook of that size is prepared rather than streamed. DATABASE_URL names a dedicated
 * database (default postgres://postgres@127.0.0.1:5432/b2b_bench_downloads), filled once.
 */
export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_downloads';
  const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 100_000);
  const RUNS = Number(process.env.BENCH_RUNS ?? 3);
  const password = 'Bench-Password-1';
  const JOB_NAME = `Bench downloads ${SUPPLIERS}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-bench-downloads-'));

  await createDatabaseIfMissing(url);
  const database = await openDatabase({ databaseUrl: url });
  await runMigrations(database);
  await seedDemoData(database.db, { password });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    CHECK_RESPONSES: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    DEMO_JOBS: 'false',
    WORKERS: '0',
  });
  const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const rows = async <T>(statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;

  const setup = performance.now();
  let [job] = await rows<{ id: string }>(sql`select id from jobs where name = ${JOB_NAME}`);
  if (!job) {
    const [owner] = await rows<{ id: string }>(
      sql`select id from users where username = 'ptcojobmanager@example.com'`,
    );
    [job] = await rows<{ id: string }>(sql`
      insert into jobs (type, issuer_id, buyer_id, owner_id, name, currency, status,
        analysis_date, supplier_count, completed_at, is_published)
      select 'base', b.issuer_id, b.id, ${owner!.id}::uuid, ${JOB_NAME}, 'GBP', 'Completed',
        current_date, ${SUPPLIERS}, now(), true
      from buyers b order by b.id limit 1
      returning id`);
    // Every column a download can carry is filled, so the file is as wide as a real one.
    await database.db.execute(sql`
      insert into job_supplier_results (job_id, supplier_key, supplier_id, supplier_name, country,
        city, postcode, spend, annual_spend, po_count, invoice_count, payment_count,
        main_payment_method, payment_frequency, payment_terms_days, actual_days_to_pay,
        match_status, confidence, match_source, rule_id, merchant_id, merchant_name,
        merchant_dba_name, candidate_merchant_id, candidate_merchant_name, match_score,
        match_weight, match_probability, entity_id, mcc, accepts_card, accepts_virtual_card,
        stp_enrolled, data_level, optima_score, optima_level, optima_product, stp_score,
        stp_level, vcard_score, vcard_level, pcard_score, pcard_level, tande_card_score,
        tande_card_level, scf_score, scf_level, instant_pay_score, instant_pay_level,
        boost_score, boost_level, card_accepting, vc_accepting, detail_level, stp_capable,
        card_capability)
      select ${job!.id}::uuid, 'K' || lpad(i::text, 7, '0'), 'V' || i,
        'Supplier ' || i || ' Trading Ltd', (array['GBR','FRA','DEU','USA'])[1 + i % 4],
        (array['London','Paris','Berlin','New York','Zürich'])[1 + i % 5], 'AB' || (i % 99) || ' 1CD',
        s.spend, s.spend, i % 50, i % 80, 1 + i % 40,
        (array['Cheque','ACH','Wire','Card'])[1 + i % 4], 'Monthly', 30, 38.5,
        case when m then 'MATCHED' else 'UNMATCHED' end,
        case when not m then 'None' else (array['High','Medium','Low'])[1 + i % 3] end,
        'computed', 'match-weight', 'M' || i, 'Supplier ' || i || ' Trading Ltd', 'SUPPLIER ' || i,
        'M' || i, 'Supplier ' || i || ' Trading Ltd', 0.97, 12.5, 0.99, 'M' || i,
        (array['5111','3001','7011','5812','4814'])[1 + i % 5], m, m and i % 2 = 0, i % 3 = 0,
        1 + i % 3, i % 101, 'Medium', 'Vcard', (i * 7) % 101, 'Medium', (i * 13) % 101, 'High',
        (i * 17) % 101, 'Low', (i * 19) % 101, 'Low', (i * 23) % 101, 'None',
        (i * 29) % 101, 'Medium', (i * 31) % 101, 'High',
        case when m then 'MATCHED' else 'UNMATCHED' end,
        case when not m then 'UNMATCHED' when i % 2 = 0 then 'YES' else 'NO' end,
        case when m then '2' else 'none' end, case when m and i % 3 = 0 then 'TRUE' else 'FALSE' end,
        case when m then 'Card Acceptor' else 'Unmatched' end
      from generate_series(1, ${SUPPLIERS}::int) as i
      cross join lateral (select i % 5 < 2 as m,
        round((1000000 / (1 + i % 997))::numeric, 2)::float8 as spend) s`);
    await database.db.execute(sql`analyze job_supplier_results`);
  }
  const jobId = job!.id;
  console.log(
    `setup (${SUPPLIERS.toLocaleString()} suppliers): ${(performance.now() - setup).toFixed(0)} ms`,
  );

  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-protection': '1' },
    body: JSON.stringify({ username: 'ptcojobmanager@example.com', password }),
  });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { cookie, 'x-csrf-protection': '1' };

  // CSV streamed: bytes over the whole response, RSS sampled throughout.
  const csvUrl = `${origin}/api/v1/job-artifacts/${jobId}/analysis-data-download?profile=analysis&format=csv`;
  for (let r = 1; r <= RUNS; r++) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const res = await fetch(csvUrl, { headers });
    if (res.status !== 200) throw new Error(`CSV failed: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      for (let at = buf.indexOf(10); at >= 0; at = buf.indexOf(10, at + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    if (lines !== SUPPLIERS + 1) throw new Error(`CSV had ${lines} lines`);
    console.log(
      `CSV streamed, run ${r} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores): ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${(bytes / 1e6 / seconds).toFixed(1)} MB/s; RSS growth ${((rssPeak - rssBefore) / 1e6).toFixed(1)} MB (goal ≥ 50 MB/s, ≤ 100 MB)`,
    );
  }

  // The same CSV read by curl in another process, as a browser would read it: the figures
  // above include this process reading (and counting the lines of) what it serves.
  for (let r = 1; r <= RUNS; r++) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        'curl',
        [
          '-sS',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code} %{size_download}',
          '-H',
          `cookie: ${cookie}`,
          csvUrl,
        ],
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const [status, size] = out.split(' ').map(Number);
    if (status !== 200) throw new Error(`CSV by curl failed: ${status}`);
    console.log(
      `CSV streamed to curl, run ${r} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores): ${(size! / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${(size! / 1e6 / seconds).toFixed(1)} MB/s; RSS growth ${((rssPeak - rssBefore) / 1e6).toFixed(1)} MB (goal ≥ 50 MB/s, ≤ 100 MB)`,
    );
  }

  // XLSX: a prepared download, its producer timed as the PrepareDownload command runs it.
  const downloads = app.ctx.services.downloads;
  for (let r = 1; r <= Math.min(RUNS, Number(process.env.BENCH_XLSX_RUNS ?? 2)); r++) {
    const asked = await fetch(`${origin}/api/v1/job-artifacts/${jobId}/downloads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'analysis-data',
        format: 'xlsx',
        params: { profile: 'analysis' },
      }),
    });
    if (asked.status !== 201) throw new Error(`XLSX request failed: ${await asked.text()}`);
    const { id } = (await asked.json()) as PreparedDownload;
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const done = await downloads.runPrepared(id, {
      reportProgress: async () => undefined,
      log: async () => undefined,
      signal: new AbortController().signal,
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      `XLSX prepared, run ${r}: ${((done.sizeBytes ?? 0) / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s; RSS growth ${((rssPeak - rssBefore) / 1e6).toFixed(1)} MB (goal ≤ 10 s)`,
    );
  }

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function createDatabaseIfMissing(target: string): Promise<void> {
  const name = new URL(target).pathname.slice(1);
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}
