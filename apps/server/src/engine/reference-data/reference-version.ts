import fs from 'node:fs';
import path from 'node:path';
import { EngineError } from '../engine-error.js';
import { MATCH_INDEX_FILES, buildMatchIndex } from '../matching/match-index.js';
import { NORMALISATION_VERSION } from '../matching/normalise-sql.js';
import { sqlString, type EngineDb } from '../duckdb.js';

/** Columns of merchants.parquet and their DuckDB types. */
export const MERCHANT_COLUMNS = {
  merchant_id: 'VARCHAR',
  merchant_name: 'VARCHAR',
  dba_name: 'VARCHAR',
  address_line1: 'VARCHAR',
  city: 'VARCHAR',
  postcode: 'VARCHAR',
  country: 'VARCHAR',
  tax_id: 'VARCHAR',
  mcc: 'VARCHAR',
  accepts_card: 'BOOLEAN',
  accepts_virtual_card: 'BOOLEAN',
  stp_enrolled: 'BOOLEAN',
  data_level: 'TINYINT',
  last_transaction_date: 'DATE',
  network: 'VARCHAR',
} as const;
export type MerchantColumn = keyof typeof MERCHANT_COLUMNS;

/** What a reference data version is; a job records `versionId` to say what it matched against. */
export interface ReferenceManifest {
  versionId: string;
  createdAt: string;
  source: 'generator' | 'import';
  description: string;
  merchantCount: number;
  /** SHA-256 of the source content (generated CSV text or imported file). */
  contentHash: string;
  normalisationVersion: number;
  /** ISO3 codes of the merchants' countries (absent in versions stored before it was kept). */
  countries?: string[];
  /** `style` and `mix` (card-feed only) tell generated versions apart; absent means classic. */
  generator?: {
    seed: string;
    count: number;
    asOf: string;
    style?: 'classic' | 'card-feed';
    mix?: string;
    businessCount?: number;
    /** The card-feed generator's `CARD_FEED_GENERATOR_VERSION`. */
    generatorVersion?: number;
  };
  /** `importId`: the caller's key for the import, so a repeated import can find its version. */
  import?: { fileName: string; rejectedCount: number; importId?: string };
}

export interface ReferenceVersion {
  dir: string;
  manifest: ReferenceManifest;
  merchantsPath: string;
  indexPath: string;
  tokensPath: string;
  tokenStatsPath: string;
  pairsPath: string;
  pairStatsPath: string;
  /** A fixed-seed sample of the match index's rows (`MATCH_INDEX_SAMPLE_SIZE`). */
  indexSamplePath: string;
}

/** Written last into a version folder: a folder without it is not (yet) a version. */
export const REFERENCE_MANIFEST = 'manifest.json';
const MANIFEST = REFERENCE_MANIFEST;
export const MERCHANTS_FILE = 'merchants.parquet';

/** `20250630T120000Z-1a2b3c4d5e6f`: sortable by time, unique by content. */
export function makeVersionId(contentHash: string, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${contentHash.slice(0, 12)}`;
}

function versionOf(dir: string, manifest: ReferenceManifest): ReferenceVersion {
  return {
    dir,
    manifest,
    merchantsPath: path.join(dir, MERCHANTS_FILE),
    indexPath: path.join(dir, MATCH_INDEX_FILES.index),
    tokensPath: path.join(dir, MATCH_INDEX_FILES.tokens),
    tokenStatsPath: path.join(dir, MATCH_INDEX_FILES.tokenStats),
    pairsPath: path.join(dir, MATCH_INDEX_FILES.pairs),
    pairStatsPath: path.join(dir, MATCH_INDEX_FILES.pairStats),
    indexSamplePath: path.join(dir, MATCH_INDEX_FILES.sample),
  };
}

/** The distinct countries of a merchants.parquet, for the manifest. */
export async function merchantCountries(db: EngineDb, merchantsPath: string): Promise<string[]> {
  const rows = await db.all<{ country: string }>(
    `SELECT DISTINCT country FROM read_parquet(${sqlString(merchantsPath)})
     WHERE country IS NOT NULL ORDER BY country`,
  );
  return rows.map((r) => r.country);
}

/** Finishes a version built in a scratch folder: writes the manifest, moves it into the root. */
export async function publishReferenceVersion(
  scratchDir: string,
  rootDir: string,
  manifest: ReferenceManifest,
): Promise<ReferenceVersion> {
  await fs.promises.writeFile(path.join(scratchDir, MANIFEST), JSON.stringify(manifest, null, 2));
  const dir = path.join(rootDir, manifest.versionId);
  await fs.promises.rm(dir, { recursive: true, force: true });
  await fs.promises.rename(scratchDir, dir);
  return versionOf(dir, manifest);
}

/**
 * Opens a stored version. When its match index was built by an older normalisation, the index
 * is rebuilt first (pass `db`), so matching never mixes two normalisations.
 */
export async function openReferenceVersion(dir: string, db?: EngineDb): Promise<ReferenceVersion> {
  let manifest: ReferenceManifest;
  try {
    manifest = JSON.parse(await fs.promises.readFile(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    throw new EngineError('REFERENCE_INVALID', `No reference data version in ${dir}.`);
  }
  const version = versionOf(dir, manifest);
  if (
    manifest.normalisationVersion !== NORMALISATION_VERSION ||
    !fs.existsSync(version.pairsPath)
  ) {
    if (!db)
      throw new EngineError('REFERENCE_INVALID', 'The reference match index is out of date.');
    await buildMatchIndex(db, version.merchantsPath, dir);
    manifest.normalisationVersion = NORMALISATION_VERSION;
    await fs.promises.writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
  }
  return version;
}

/** Every stored version under a root folder, newest first. */
export async function listReferenceVersions(rootDir: string): Promise<ReferenceManifest[]> {
  let names: string[] = [];
  try {
    names = await fs.promises.readdir(rootDir);
  } catch {
    return [];
  }
  const manifests: ReferenceManifest[] = [];
  for (const name of names) {
    try {
      manifests.push(
        JSON.parse(await fs.promises.readFile(path.join(rootDir, name, MANIFEST), 'utf8')),
      );
    } catch {
      // not a version folder (or one still being written)
    }
  }
  // Newest first by the millisecond it was made: ids only carry the second, so two versions
  // made within one second (an import right after the demo set) would order by content hash.
  return manifests.sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.versionId.localeCompare(a.versionId),
  );
}
