import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { PreparedDownload } from '@b2b/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { renderPrintablePdf } from '../../apps/server/src/modules/reports/pdf-renderer.js';

/**
 * The Insights Report PDF (goal ≤ 5 s) and the Insights Presentation PPTX (goal ≤ 3 s) of the
 * biggest Completed job with insights in DATABASE_URL (default the database
 * `npm run bench -- pipeline` leaves, whose 100,000-supplier job went through the real pipeline,
 * so its insight bars are the engine's). Through the real app listening on loopback with the
 * built web app (`npm run build` first): the PDF is the prepared download's work — Chromium
 * printing the printable route as the signed-in user — and the PPTX the GET that makes it.
 */
export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/b2b_bench_pipeline';
  const RUNS = Number(process.env.BENCH_RUNS ?? 3);
  const password = process.env.BENCH_PASSWORD ?? 'Bench-Password-1';
  const webDist = path.resolve('apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.log('reports: no built web app in apps/web/dist: run `npm run build` first.');
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-bench-reports-'));
  const database = await openDatabase({ databaseUrl: url }).catch((error: unknown) => {
    console.log(`reports: cannot open ${url}: ${(error as Error).message}`);
    return undefined;
  });
  if (!database) return;
  await runMigrations(database);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    CHECK_RESPONSES: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DEMO_SEED: 'false',
    DEMO_JOBS: 'false',
    WORKERS: '0',
  });
  const rows = async <T>(statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const [job] = await rows<{ id: string; name: string; supplier_count: number }>(
    sql`select j.id, j.name, j.supplier_count from jobs j join job_insights i on i.job_id = j.id
        where j.status = 'Completed' order by j.supplier_count desc nulls last limit 1`,
  );
  if (!job) {
    console.log(
      `reports: no Completed job with insights in ${url.replace(/:[^:@/]*@/, ':***@')}: run \`npm run bench -- pipeline\` first.`,
    );
    await database.close();
    return;
  }
  // The renderer must reach this very server: its port is known once it listens.
  const appConfig = { ...config, loginMaxFailures: 1_000_000 };
  const app = await buildApp(appConfig, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  appConfig.reportBaseUrl = origin;
  console.log(`job: ${job.name} — ${Number(job.supplier_count).toLocaleString('en-GB')} suppliers`);

  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-protection': '1' },
    body: JSON.stringify({ username: 'ptcojobmanager@example.com', password }),
  });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { cookie, 'x-csrf-protection': '1', 'content-type': 'application/json' };

  // As a worker process does when it starts (PDF_BROWSER_WARM, on outside tests): Chromium is
  // running before the first PDF. BENCH_COLD=1 leaves it to the first PDF, as before.
  if (process.env.BENCH_COLD !== '1') {
    const warming = performance.now();
    const ready = await app.ctx.services.reports.warmPdfBrowser();
    console.log(
      `Chromium started with the worker: ${ready ? `${((performance.now() - warming) / 1000).toFixed(2)} s` : 'not installed'} (not part of any PDF's time below)`,
    );
  } else console.log('Chromium not started beforehand (BENCH_COLD=1): the first PDF starts it');
  for (let r = 1; r <= RUNS; r++) {
    const asked = await fetch(`${origin}/api/v1/job-artifacts/${job.id}/downloads`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        kind: 'report-pdf',
        format: 'pdf',
        params: { analysisReportType: 'insights' },
      }),
    });
    if (asked.status !== 201) throw new Error(`PDF request failed: ${await asked.text()}`);
    const { id } = (await asked.json()) as PreparedDownload;
    const started = performance.now();
    const done = await app.ctx.services.downloads.runPrepared(id, {
      reportProgress: async () => undefined,
      log: async () => undefined,
      signal: new AbortController().signal,
    });
    const seconds = (performance.now() - started) / 1000;
    if (done.state !== 'Ready') throw new Error(`PDF ended ${done.state}`);
    console.log(
      `Insights Report PDF, run ${r} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores): ${((done.sizeBytes ?? 0) / 1e3).toFixed(0)} kB in ${seconds.toFixed(2)} s (goal ≤ 5 s)`,
    );
  }
  // Where a PDF's time goes: the renderer alone, phase by phase, with the signed-in session.
  for (let r = 1; r <= RUNS; r++) {
    const phases: string[] = [];
    const started = performance.now();
    await renderPrintablePdf({
      baseUrl: origin,
      path: `/jobs/${job.id}/printable/insights`,
      session: cookie.slice(cookie.indexOf('=') + 1),
      onPhase: (phase, ms) => phases.push(`${phase} ${(ms / 1000).toFixed(2)} s`),
    });
    console.log(
      `  renderer alone, run ${r}: ${((performance.now() - started) / 1000).toFixed(2)} s = ${phases.join(' + ')}`,
    );
  }
  for (let r = 1; r <= RUNS; r++) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/v1/job-artifacts/${job.id}/presentation.pptx`, {
      headers: { cookie },
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    const seconds = (performance.now() - started) / 1000;
    if (res.status !== 200) throw new Error(`PPTX failed: ${res.status}`);
    console.log(
      `Insights Presentation PPTX, run ${r}: ${(bytes / 1e3).toFixed(0)} kB in ${seconds.toFixed(2)} s (goal ≤ 3 s)`,
    );
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
