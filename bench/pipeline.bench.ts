import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openEngineDb } from '../apps/server/src/engine/duckdb.js';
import { generateBuyerSuppliers } from './generators/buyer-suppliers.js';
import { writeConsultantPayments } from './generators/consultant-payments.js';
import { BENCH_OUT, benchReference } from './generators/reference.js';
import {
  MESSY_VARIANTS,
  writeMessyVariant,
  type MessyVariant,
} from './generators/messy-encodings.js';
import { writeSummaryUpload } from './generators/summary-upload.js';
import { machineSpeedLine } from './machine-speed.js';

/**
 * Engine path at scale: a generated Consultant Upload of 1,000,000 payment rows over 50,000
 * suppliers matched against 1,000,000 reference merchants (goal: upload file → scores ready
 * ≤ 60 s, peak memory ≤ 2 GiB), and a Summary Upload of 100,000 suppliers (goal ≤ 20 s). Test
 * data is generated once into bench/.out and reused; each timed run is a child process so the
 * peak RSS (DuckDB included) is the run's own. The timed path is the product's: the jobs service,
 * ProQ commands run by a worker, supplier results copied into PostgreSQL (DATABASE_URL, default
 * a local b2b_bench_pipeline database; set DATABASE_URL= to use PGlite). Options: --merchants= --payments= --suppliers=
 * --summary-suppliers= --memory-limit= --variant= (windows-1252, utf-8-bom, utf-16le-tab, semicolon-decimal-comma)
 */
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const merchantCount = Number(arg('merchants', '1000000'));
const paymentRows = Number(arg('payments', '1000000'));
const consultantSuppliers = Number(arg('suppliers', '50000'));
const summarySuppliers = Number(arg('summary-suppliers', '100000'));
const memoryLimit = arg('memory-limit', '1200MB');
/** Re-encode the payment file as another kind of export: windows-1252, utf-8-bom, utf-16le-tab, semicolon-decimal-comma. */
const variant = arg('variant', 'utf-8');
const out = path.join(BENCH_OUT, 'pipeline');
fs.mkdirSync(out, { recursive: true });

const setupStart = performance.now();
const db = await openEngineDb({
  threads: 2,
  memoryLimit: '2GB',
  tempDirectory: path.join(out, 'tmp'),
});
const { version, generatedMs } = await benchReference(db, `bench-${merchantCount}`, merchantCount);
console.log(
  `Reference data: ${merchantCount} merchants, version ${version.manifest.versionId}${generatedMs ? ` (generated and indexed in ${(generatedMs / 1000).toFixed(1)} s, once per version)` : ' (cached)'}`,
);
// The files' suppliers are drawn from the reference (most are its businesses, written as a
// buyer's AP data writes them): a file is kept per reference size, not reused across sizes.
const plainPayments = path.join(
  out,
  `payments-${merchantCount}-${paymentRows}-${consultantSuppliers}.csv`,
);
if (!fs.existsSync(plainPayments)) {
  const suppliers = await generateBuyerSuppliers({
    db,
    reference: version,
    count: consultantSuppliers,
    seed: 'pipeline',
    derivedShare: 0.65,
    lookalikeShare: 0.1,
  });
  await writeConsultantPayments(plainPayments, suppliers, paymentRows, 'pipeline');
}
let paymentsFile = plainPayments;
if (variant !== 'utf-8') {
  if (!MESSY_VARIANTS.includes(variant as MessyVariant))
    throw new Error(`Unknown --variant ${variant}`);
  paymentsFile = plainPayments.replace(/\.csv$/, `-${variant}.csv`);
  if (!fs.existsSync(paymentsFile)) {
    await writeMessyVariant(plainPayments, paymentsFile, variant as MessyVariant);
  }
}
const summaryFile = path.join(out, `summary-${merchantCount}-${summarySuppliers}.csv`);
if (!fs.existsSync(summaryFile)) {
  const suppliers = await generateBuyerSuppliers({
    db,
    reference: version,
    count: summarySuppliers,
    seed: 'summary',
    derivedShare: 0.65,
    lookalikeShare: 0.1,
  });
  await writeSummaryUpload(summaryFile, suppliers, 'summary');
}
db.close();
console.log(
  `Test files ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s (not timed below)\n`,
);

/** PostgreSQL for the job tables (default: a dedicated local database); PGlite when unset and unreachable. */
const databaseUrl =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_pipeline';

function run(kind: 'consultant' | 'summary', file: string, goalSeconds: number) {
  const dataDir = path.join(out, `run-${kind}`);
  const stdout = execFileSync(
    process.execPath,
    [
      // As the server and worker run (apps/server/package.json).
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      new URL('./pipeline-run.ts', import.meta.url).pathname,
      JSON.stringify({
        kind,
        file,
        referenceDir: version.dir,
        dataDir,
        databaseUrl: databaseUrl || null,
        memoryLimit,
      }),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
    status: string;
    uploadMs: number;
    sniff: string;
    steps: {
      step: string;
      status: string;
      ms: number | null;
      detail: string;
      peakRssMiB: number;
    }[];
    totalMs: number;
    scoresReadyMs: number | null;
    cpuMs: number;
    maxRssMiB: number;
    database: string;
    loadBefore: number;
    loadAfter: number;
  };
  const size = (fs.statSync(file).size / 1024 ** 2).toFixed(0);
  console.log(
    `${kind === 'consultant' ? 'Consultant Upload' : 'Summary Upload'}: ${path.basename(file)} (${size} MiB), job tables on ${result.database}`,
  );
  console.log(
    `  ${'upload to file storage + sniff (untimed)'.padEnd(40)} ${(result.uploadMs / 1000).toFixed(2).padStart(7)} s  ${result.sniff}`,
  );
  for (const s of result.steps) {
    console.log(
      `  ${`${s.step} (ProQ command)`.padEnd(40)} ${((s.ms ?? 0) / 1000).toFixed(2).padStart(7)} s  peak RSS ${s.peakRssMiB} MiB  ${s.status}: ${s.detail}`,
    );
  }
  const stepsMs = result.steps.reduce((n, s) => n + (s.ms ?? 0), 0);
  console.log(
    `  ${'queue hand-offs and status polling'.padEnd(40)} ${((result.totalMs - stepsMs) / 1000).toFixed(2).padStart(7)} s`,
  );
  const seconds = (result.scoresReadyMs ?? result.totalMs) / 1000;
  console.log(
    `  ${'upload finished → scores ready'.padEnd(40)} ${seconds.toFixed(2).padStart(7)} s  goal ≤ ${goalSeconds} s: ${result.status === 'Completed' && seconds <= goalSeconds ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  ${'upload finished → job Completed'.padEnd(40)} ${(result.totalMs / 1000).toFixed(2).padStart(7)} s  (cpu of the run ${(result.cpuMs / 1000).toFixed(1)} s, PostgreSQL server not counted)`,
  );
  console.log(
    `  peak memory (max RSS of the run incl. DuckDB, memory_limit ${memoryLimit}): ${result.maxRssMiB} MiB  goal ≤ 2048 MiB: ${result.maxRssMiB <= 2048 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  machine load average (1 min) before / after: ${result.loadBefore.toFixed(2)} / ${result.loadAfter.toFixed(2)}; ${machineSpeedLine()}\n`,
  );
}

run('consultant', paymentsFile, 60);
run('summary', summaryFile, 20);
