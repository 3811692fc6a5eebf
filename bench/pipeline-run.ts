import os from 'node:os';
import path from 'node:path';
import { openEngineDb } from '../apps/server/src/engine/duckdb.js';
import {
  aggregateConsultantDocuments,
  buildSupplierList,
} from '../apps/server/src/engine/ingestion/aggregate.js';
import { suggestColumnMapping } from '../apps/server/src/engine/ingestion/column-mapping.js';
import { ingest } from '../apps/server/src/engine/ingestion/ingest.js';
import { sniffFile } from '../apps/server/src/engine/ingestion/sniff-file.js';
import { defaultConfidenceRuleset } from '../apps/server/src/engine/matching/confidence-ruleset.js';
import { matchSuppliers } from '../apps/server/src/engine/matching/match-suppliers.js';
import { openReferenceVersion } from '../apps/server/src/engine/reference-data/reference-version.js';
import { scoreSuppliers } from '../apps/server/src/engine/scoring/score-suppliers.js';
import { defaultScoringRuleset } from '../apps/server/src/engine/scoring/scoring-ruleset.js';

/**
 * One timed engine run (a child process of pipeline.bench.ts, so its peak memory is its own):
 * upload file → sniff → ingest → per-supplier table → match → score. Prints one JSON line.
 */
const args = JSON.parse(process.argv[2]!) as {
  kind: 'consultant' | 'summary';
  file: string;
  referenceDir: string;
  workDir: string;
  memoryLimit: string;
};
const steps: { step: string; ms: number; cpuMs: number; detail: string }[] = [];
let mark = performance.now();
let cpuMark = process.cpuUsage();
const step = (name: string, detail: string) => {
  const cpu = process.cpuUsage(cpuMark);
  steps.push({
    step: name,
    ms: Math.round(performance.now() - mark),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    detail,
  });
  mark = performance.now();
  cpuMark = process.cpuUsage();
};

const loadBefore = os.loadavg()[0]!;
const start = performance.now();
const db = await openEngineDb({
  threads: 2,
  memoryLimit: args.memoryLimit,
  tempDirectory: path.join(args.workDir, 'duckdb-tmp'),
});
const reference = await openReferenceVersion(args.referenceDir, db);
step('open DuckDB + reference version', `${reference.manifest.merchantCount} merchants`);

const name = path.basename(args.file);
const sniff = await sniffFile(args.file, { declaredName: name, workDir: args.workDir });
const jobType = args.kind === 'consultant' ? 'advanced' : 'base';
const documentType = args.kind === 'consultant' ? 'Payment' : undefined;
const { mapping } = suggestColumnMapping(sniff.headers, jobType, documentType);
step(
  'sniff + suggest mapping',
  `${sniff.encoding}, "${sniff.delimiter}", ${sniff.headers.length} columns`,
);

const rows = await ingest({
  db,
  file: args.file,
  sniff,
  jobType,
  documentType,
  mapping,
  currency: 'GBP',
  outPath: path.join(args.workDir, 'rows.parquet'),
  rejectsPath: path.join(args.workDir, 'rejects.csv'),
  workDir: args.workDir,
});
step(
  'ingest → Parquet',
  `${rows.acceptedCount} rows accepted, ${rows.rejectedCount} rejected, ${rows.flaggedRedactedCount} redacted flagged`,
);

const suppliersPath = path.join(args.workDir, 'suppliers.parquet');
const suppliers =
  args.kind === 'consultant'
    ? await aggregateConsultantDocuments({
        db,
        documents: [{ documentType: 'Payment', parquetPath: rows.parquetPath }],
        outPath: suppliersPath,
      })
    : await buildSupplierList({ db, rowsPath: rows.parquetPath, outPath: suppliersPath });
step(
  args.kind === 'consultant' ? 'aggregate documents per supplier' : 'supplier list',
  `${suppliers.supplierCount} suppliers`,
);

const match = await matchSuppliers({
  db,
  suppliersPath,
  reference,
  ruleset: defaultConfidenceRuleset(),
  fallbackCountryIso3: 'GBR',
  outPath: path.join(args.workDir, 'matches.parquet'),
});
step(
  'match',
  `${match.matchedCount} matched (High ${match.byLevel.High}, Medium ${match.byLevel.Medium}, Low ${match.byLevel.Low}); ${match.candidatePairs} candidate pairs; ${Object.entries(
    match.stepMs,
  )
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ')}`,
);

const scores = await scoreSuppliers({
  db,
  suppliersPath,
  matchesPath: match.parquetPath,
  ruleset: defaultScoringRuleset(),
  asOfDate: '2025-06-30',
  buyerCountryIso3: 'GBR',
  outPath: path.join(args.workDir, 'scores.parquet'),
});
step('score', `${scores.supplierCount} suppliers × 8 products`);
const totalMs = Math.round(performance.now() - start);
db.close();
console.log(
  JSON.stringify({
    steps,
    totalMs,
    maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    loadBefore,
    loadAfter: os.loadavg()[0],
  }),
);
