import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { withEngineDb } from '../../engine/duckdb.js';
import { EngineError } from '../../engine/engine-error.js';
import { generateReferenceData } from '../../engine/reference-data/generate-merchants.js';
import {
  type MerchantMapping,
  importReferenceData,
  suggestMerchantMapping,
} from '../../engine/reference-data/import-merchants.js';
import {
  REFERENCE_MANIFEST,
  listReferenceVersions,
} from '../../engine/reference-data/reference-version.js';
import { sniffFile } from '../../engine/ingestion/sniff-file.js';
import { createFileStorage } from '../../storage/create-file-storage.js';
import { createStoredFolders } from '../../storage/stored-folders.js';

/**
 * Card-acceptance reference data from the command line (stored in the file storage under
 * `reference/`, that is DATA_DIR/files/reference or the S3 bucket of STORAGE_URL; new jobs match
 * against the newest version):
 *   npm run reference -w @b2b/server -- list
 *   npm run reference -w @b2b/server -- generate [count] [seed]
 *   npm run reference -w @b2b/server -- import <file.csv|xlsx> [--country=GBR] [--map=field:column,…]
 * `import` maps the file's columns from their header names; `--map` overrides a field with a
 * 0-based column index (fields: merchant_id, merchant_name, dba_name, address_line1, city,
 * postcode, country, tax_id, mcc, accepts_card, accepts_virtual_card, stp_enrolled, data_level,
 * last_transaction_date, network).
 */
const config = loadConfig();
const storage = createFileStorage(config.storage, config.dataDir);
const reference = createStoredFolders(() => storage, {
  prefix: 'reference',
  localRoot: path.join(config.dataDir, 'files', 'reference'),
  marker: REFERENCE_MANIFEST,
});
const rootDir = reference.localRoot;
const [command, ...rest] = process.argv.slice(2);
const option = (name: string) =>
  rest.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const positional = rest.filter((a) => !a.startsWith('--'));
const engineOptions = {
  threads: config.jobs.engineThreads,
  memoryLimit: config.jobs.engineMemoryLimit,
  tempDirectory: path.join(config.dataDir, 'tmp', 'duckdb'),
};

async function main(): Promise<void> {
  await fs.promises.mkdir(rootDir, { recursive: true });
  if (command === 'list') {
    await reference.pull();
    for (const v of await listReferenceVersions(rootDir)) {
      console.log(`${v.versionId}  ${v.merchantCount} merchants  ${v.source}  ${v.description}`);
    }
    return;
  }
  if (command === 'generate') {
    const count = Number(positional[0] ?? config.jobs.referenceDemoMerchants);
    const version = await withEngineDb(engineOptions, (db) =>
      generateReferenceData({ db, rootDir, seed: positional[1] ?? 'demo', count }),
    );
    await reference.publish(version.manifest.versionId);
    console.log(`Generated version ${version.manifest.versionId} (${count} merchants)`);
    return;
  }
  if (command === 'import' && positional[0]) {
    const file = path.resolve(positional[0]);
    const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'b2b-reference-'));
    try {
      const sniff = await sniffFile(file, { declaredName: path.basename(file), workDir });
      const mapping: MerchantMapping = { ...suggestMerchantMapping(sniff.headers) };
      for (const pair of (option('map') ?? '').split(',').filter(Boolean)) {
        const [field, column] = pair.split(':');
        (mapping as Record<string, number>)[field!] = Number(column);
      }
      console.log('Column mapping:');
      for (const [field, column] of Object.entries(mapping)) {
        console.log(
          `  ${field.padEnd(24)} ← ${sniff.headers[column as number]} (column ${column})`,
        );
      }
      const country = option('country');
      const result = await withEngineDb(engineOptions, (db) =>
        importReferenceData({
          db,
          rootDir,
          file,
          declaredName: path.basename(file),
          mapping,
          workDir,
          ...(country ? { defaultCountryIso3: country } : {}),
          description: `Imported from ${path.basename(file)}`,
        }),
      );
      await reference.publish(result.version.manifest.versionId);
      console.log(
        `Imported version ${result.version.manifest.versionId}: ${result.rowCount} rows, ${result.rejectedCount} rejected`,
      );
      for (const r of result.rejected.slice(0, 20))
        console.log(`  row ${r.rowNumber}: ${r.reason}`);
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
    return;
  }
  console.log(
    'Usage: reference list | generate [count] [seed] | import <file> [--country=ISO3] [--map=field:column,…]',
  );
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof EngineError ? error.message : error);
  process.exit(1);
});
