import fs from 'node:fs';
import path from 'node:path';
import { openEngineDb, sqlString } from '../apps/server/src/engine/duckdb.js';
import { buildSupplierList } from '../apps/server/src/engine/ingestion/aggregate.js';
import { suggestColumnMapping } from '../apps/server/src/engine/ingestion/column-mapping.js';
import { ingest } from '../apps/server/src/engine/ingestion/ingest.js';
import { sniffFile } from '../apps/server/src/engine/ingestion/sniff-file.js';
import { defaultConfidenceRuleset } from '../apps/server/src/engine/matching/confidence-ruleset.js';
import { matchSuppliers } from '../apps/server/src/engine/matching/match-suppliers.js';
import { generateBuyerSuppliers } from './generators/buyer-suppliers.js';
import { BENCH_OUT, benchReference } from './generators/reference.js';
import { writeLabels, writeSummaryUpload } from './generators/summary-upload.js';

/**
 * Match quality: labelled buyer suppliers (derived from reference merchants with noise, plus
 * look-alikes and unknown companies) go through the real path (CSV → ingest → supplier list →
 * match) and the matches are scored against the labels. A match is correct when it is the
 * merchant the supplier was derived from, or a merchant with the same tax id (the same legal
 * entity, e.g. another outlet of a chain). Options: --merchants=N --suppliers=N --seed=S.
 */
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const merchantCount = Number(arg('merchants', '200000'));
const supplierCount = Number(arg('suppliers', '20000'));
const seed = arg('seed', 'matching');
const work = path.join(BENCH_OUT, 'matching');
fs.mkdirSync(work, { recursive: true });

const db = await openEngineDb({
  threads: 2,
  memoryLimit: '1500MB',
  tempDirectory: path.join(work, 'tmp'),
});
const { version, generatedMs } = await benchReference(db, `bench-${merchantCount}`, merchantCount);
console.log(
  `Reference: ${version.manifest.versionId}, ${merchantCount} merchants${generatedMs ? ` (generated in ${generatedMs} ms)` : ' (cached)'}`,
);

const suppliers = await generateBuyerSuppliers({
  db,
  reference: version,
  count: supplierCount,
  seed,
});
const file = path.join(work, 'suppliers.csv');
const labels = path.join(work, 'labels.csv');
await writeSummaryUpload(file, suppliers, seed);
writeLabels(labels, suppliers);
const kinds = suppliers.reduce<Record<string, number>>(
  (acc, s) => ((acc[s.kind] = (acc[s.kind] ?? 0) + 1), acc),
  {},
);
console.log(
  `Buyer suppliers: ${suppliers.length} (${Object.entries(kinds)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')})`,
);

const sniff = await sniffFile(file, { declaredName: 'suppliers.csv', workDir: work });
const { mapping } = suggestColumnMapping(sniff.headers, 'base');
const rows = await ingest({
  db,
  file,
  sniff,
  jobType: 'base',
  mapping,
  currency: 'GBP',
  outPath: path.join(work, 'rows.parquet'),
  workDir: work,
});
const list = await buildSupplierList({
  db,
  rowsPath: rows.parquetPath,
  outPath: path.join(work, 'suppliers.parquet'),
});
const ruleset = defaultConfidenceRuleset();
const start = performance.now();
const match = await matchSuppliers({
  db,
  suppliersPath: list.parquetPath,
  reference: version,
  ruleset,
  fallbackCountryIso3: 'GBR',
  outPath: path.join(work, 'matches.parquet'),
});
console.log(
  `Ingested ${rows.acceptedCount} rows (${rows.rejectedCount} rejected); matched ${list.supplierCount} suppliers in ${Math.round(performance.now() - start)} ms (${match.candidatePairs} candidate pairs; steps ${JSON.stringify(match.stepMs)})`,
);

await db.run(`CREATE TEMP TABLE judged AS
  SELECT l.kind, l.noise, l.expected_merchant_id, mt.confidence, mt.match_status, mt.rule_id,
    mt.candidate_merchant_id AS predicted,
    (mt.candidate_merchant_id = l.expected_merchant_id
      OR (em.tax_id IS NOT NULL AND em.tax_id = pm.tax_id)) AS correct
  FROM read_csv(${sqlString(labels)}, header = true, all_varchar = true) l
  JOIN read_parquet(${sqlString(list.parquetPath)}) s ON s.supplier_id = l.supplier_id
  JOIN read_parquet(${sqlString(match.parquetPath)}) mt ON mt.supplier_key = s.supplier_key
  LEFT JOIN read_parquet(${sqlString(version.merchantsPath)}) em ON em.merchant_id = l.expected_merchant_id
  LEFT JOIN read_parquet(${sqlString(version.merchantsPath)}) pm ON pm.merchant_id = mt.candidate_merchant_id`);
const positives = (await db.one<{ n: number }>(
  `SELECT CAST(count(*) AS INTEGER) AS n FROM judged WHERE expected_merchant_id IS NOT NULL`,
))!.n;
const rank = `CASE confidence WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END`;
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(4) : '  n/a ');
const line = (label: string, where: string, cumulative: boolean) =>
  db
    .one<{ p: number; c: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS p,
    CAST(count(*) FILTER (WHERE coalesce(correct, false)) AS INTEGER) AS c FROM judged WHERE ${where}`,
    )
    .then((row) => {
      const { p, c } = row!;
      const precision = c / p;
      const recall = c / positives;
      const f1 = (2 * precision * recall) / (precision + recall);
      console.log(
        `${label.padEnd(22)} predicted ${String(p).padStart(6)}  correct ${String(c).padStart(6)}  precision ${fmt(precision)}  ${cumulative ? `recall ${fmt(recall)}  F1 ${fmt(f1)}` : ''}`,
      );
    });
console.log(`\nMatchable suppliers (labelled with a merchant): ${positives}`);
console.log('Per confidence level:');
for (const level of ['High', 'Medium', 'Low'])
  await line(`  ${level}`, `confidence = '${level}'`, false);
console.log('At or above a level:');
await line('  High', `${rank} >= 3`, true);
await line('  Medium or High', `${rank} >= 2`, true);
await line('  Low or above', `${rank} >= 1`, true);
await line(`Overall (MATCHED: ${ruleset.matchedFrom}+)`, `match_status = 'MATCHED'`, true);

const misses = await db.all(`SELECT noise, CAST(count(*) AS INTEGER) AS n,
    CAST(count(*) FILTER (WHERE match_status = 'MATCHED' AND correct) AS INTEGER) AS found
  FROM judged WHERE kind = 'derived' GROUP BY noise ORDER BY n DESC LIMIT 12`);
console.log('\nRecall by noise (derived suppliers):');
for (const m of misses)
  console.log(`  ${String(m.noise).padEnd(40)} ${String(m.found).padStart(5)} / ${m.n}`);
const wrong =
  await db.all(`SELECT kind, confidence, rule_id, CAST(count(*) AS INTEGER) AS n FROM judged
  WHERE match_status = 'MATCHED' AND NOT coalesce(correct, false) GROUP BY ALL ORDER BY n DESC LIMIT 10`);
console.log('False matches by kind / level / rule:');
for (const w of wrong) console.log(`  ${w.kind} ${w.confidence} ${w.rule_id}: ${w.n}`);
db.close();
