import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ANY_PERMISSIONS, type ScoringRuleset } from '@b2b/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import type { Actor } from '../apps/server/src/lib/actor.js';
import { BENCH_OUT } from './generators/reference.js';

/**
 * A ruleset dry-run on the biggest Completed Summary Upload job the pipeline benchmark left
 * (goal: ≤ 10 s on a 100,000-supplier job). Run the pipeline first, e.g.
 * `BENCH_RUNS=1 npm run bench -- pipeline --merchants=200000 --suppliers=20000 --payments=200000`;
 * DATABASE_URL (default the local b2b_bench_pipeline database) and BENCH_DATA_DIR (default
 * bench/.out/pipeline/run-summary) must be the ones it used. Timed: the dry-run command's work
 * (the rulesets service's `run`, as a ProQ worker calls it) for a scoring draft whose level
 * cut-offs are raised, and for a confidence draft equal to the active match model (a full
 * re-match of the job's suppliers). The ProQ hand-off is not in the figure. The drafts are
 * discarded afterwards.
 */
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/b2b_bench_pipeline';
const dataDir = process.env.BENCH_DATA_DIR || path.join(BENCH_OUT, 'pipeline', 'run-summary');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_SECONDS = 10;

if (!fs.existsSync(path.join(dataDir, 'files'))) {
  console.log(
    `ruleset-dry-run: no pipeline data in ${dataDir}: run \`npm run bench -- pipeline\`.`,
  );
  process.exit(0);
}
const database = await openDatabase({ databaseUrl: url });
await runMigrations(database);
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
  ENGINE_MEMORY_LIMIT: process.env.ENGINE_MEMORY_LIMIT ?? '1200MB',
});
const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
const [job] = await rows<{ id: string; name: string; supplier_count: number }>(
  sql`select id, name, supplier_count from jobs where status = 'Completed' and type = 'base'
      order by supplier_count desc nulls last limit 1`,
);
if (!job) {
  console.log('ruleset-dry-run: no Completed Summary Upload job: run `npm run bench -- pipeline`.');
  await database.close();
  process.exit(0);
}
const app = await buildApp(config, database);
await app.ready();
const { rulesets, rulesetDryRuns, jobs } = app.ctx.services;
const owner = (await jobs.demo.userByUsername('sysadmin@example.com'))!;
const actor: Actor = {
  userId: owner.id,
  username: owner.username,
  sessionId: 'bench',
  permissions: ANY_PERMISSIONS,
  issuerIds: [],
  managedIssuerIds: [],
  eligible: true,
};

console.log(
  `job: ${job.name} — ${Number(job.supplier_count).toLocaleString('en-GB')} suppliers; ${os.cpus().length} cores, load average (1 min) ${os.loadavg()[0]!.toFixed(2)}`,
);

async function timed(kind: 'confidence' | 'scoring', versionNumber: number, label: string) {
  const seconds: number[] = [];
  let detail = '';
  for (let r = 0; r < RUNS; r++) {
    const started = await rulesetDryRuns.start(actor, kind, versionNumber, job!.id);
    const t0 = performance.now();
    const message = await rulesetDryRuns.run(started.id);
    seconds.push((performance.now() - t0) / 1000);
    const done = await rulesetDryRuns.get(kind, started.id);
    if (done.state !== 'Done') throw new Error(`${label}: ${message}`);
    detail = `${done.summary!.changedCount.toLocaleString('en-GB')} of ${done.summary!.supplierCount.toLocaleString('en-GB')} suppliers change`;
  }
  const best = Math.min(...seconds);
  const median = [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)]!;
  console.log(
    `${label.padEnd(52)} median ${median.toFixed(2)} s, best ${best.toFixed(2)} s over ${RUNS} run(s)  goal ≤ ${GOAL_SECONDS} s: ${median <= GOAL_SECONDS ? 'met' : 'NOT met'}  (${detail})`,
  );
}

const scoring = await rulesets.get('scoring');
const scoringDraft = await rulesets.createDraft(actor, 'scoring', scoring.versionNumber);
const raised: ScoringRuleset = {
  ...scoringDraft.ruleset,
  levels: {
    high: Math.min(100, scoringDraft.ruleset.levels.high + 5),
    medium: Math.min(99, scoringDraft.ruleset.levels.medium + 5),
  },
};
await rulesets.saveDraft(actor, 'scoring', scoringDraft.versionNumber, {
  name: 'Bench: raised cut-offs',
  description: '',
  ruleset: raised,
});
const confidence = await rulesets.get('confidence');
const confidenceDraft = await rulesets.createDraft(actor, 'confidence', confidence.versionNumber);
try {
  await timed('scoring', scoringDraft.versionNumber, 'Scoring dry-run (level cut-offs +5)');
  await timed(
    'confidence',
    confidenceDraft.versionNumber,
    'Confidence dry-run (full re-match, same model)',
  );
} finally {
  await rulesets.deleteDraft(actor, 'scoring', scoringDraft.versionNumber);
  await rulesets.deleteDraft(actor, 'confidence', confidenceDraft.versionNumber);
  console.log(`load average (1 min) after: ${os.loadavg()[0]!.toFixed(2)}`);
  await app.close();
  await database.close();
}
