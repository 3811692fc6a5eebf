import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { csvLine } from '../csv-text.js';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
import { buildMatchIndex } from '../matching/match-index.js';
import { NORMALISATION_VERSION } from '../matching/normalise-sql.js';
import {
  BUSINESS_COLUMNS,
  BUSINESSES_FILE,
  CARD_FEED_GENERATOR_VERSION,
  writeCardFeedCsv,
  type CardFeedMixName,
  type ReferenceStyle,
} from './card-feed.js';
import { createMerchantFactory } from './merchant-factory.js';
import {
  MERCHANT_COLUMNS,
  MERCHANTS_FILE,
  makeVersionId,
  merchantCountries,
  publishReferenceVersion,
  type ReferenceVersion,
} from './reference-version.js';

export interface GenerateReferenceDataInput {
  db: EngineDb;
  /** Folder holding reference versions (e.g. DATA_DIR/reference); the version is a sub-folder. */
  rootDir: string;
  seed: string | number;
  count: number;
  /** The date the data describes; default 2025-06-30 (fixed, so output is reproducible). */
  asOf?: string;
  /**
   * 'classic' (default): one merchant per record, as every version so far. 'card-feed':
   * businesses written as several records each, as card networks deliver them, with the truth
   * in businesses.parquet (`card-feed.ts`); `count` is then the number of records.
   */
  style?: ReferenceStyle;
  /** The card-feed noise mix: 'dev' (default) or 'holdout', which nobody tunes on. */
  mix?: CardFeedMixName;
}

const BATCH = 20_000;

/** Reads a CSV written with MERCHANT_COLUMNS into merchants.parquet. */
export function merchantsFromCsvSql(csvPath: string): string {
  const columns = Object.entries(MERCHANT_COLUMNS)
    .map(([name, type]) => `'${name}': '${type}'`)
    .join(', ');
  return `SELECT * FROM read_csv(${sqlString(csvPath)}, header = true, auto_detect = false,
    delim = ',', quote = '"', escape = '"', columns = {${columns}})`;
}

/**
 * Generates a synthetic card acceptance database (seeded: the same seed and count give the same
 * merchants and the same content hash), writes merchants.parquet, builds its match index and
 * publishes it as a new reference version.
 */
export async function generateReferenceData(
  input: GenerateReferenceDataInput,
): Promise<ReferenceVersion> {
  const asOf = input.asOf ?? '2025-06-30';
  if (input.style === 'card-feed') return generateCardFeed(input, asOf);
  const scratch = path.join(input.rootDir, `.tmp-${randomUUID()}`);
  await fs.promises.mkdir(scratch, { recursive: true });
  try {
    const csvPath = path.join(scratch, 'merchants.csv');
    const contentHash = await writeMerchantsCsv(csvPath, input.seed, input.count, asOf);
    const merchantsPath = path.join(scratch, MERCHANTS_FILE);
    const merchantCount = await copyToParquet(
      input.db,
      merchantsFromCsvSql(csvPath),
      merchantsPath,
    );
    await fs.promises.rm(csvPath);
    await buildMatchIndex(input.db, merchantsPath, scratch);
    return await publishReferenceVersion(scratch, input.rootDir, {
      versionId: makeVersionId(contentHash),
      createdAt: new Date().toISOString(),
      source: 'generator',
      description: `Synthetic card acceptance data: ${input.count} merchants, seed ${input.seed}`,
      merchantCount,
      contentHash,
      normalisationVersion: NORMALISATION_VERSION,
      countries: await merchantCountries(input.db, merchantsPath),
      generator: { seed: String(input.seed), count: input.count, asOf, style: 'classic' },
    });
  } catch (error) {
    await fs.promises.rm(scratch, { recursive: true, force: true });
    throw error;
  }
}

/** Reads the truth CSV `writeCardFeedCsv` wrote. */
function businessesFromCsvSql(csvPath: string): string {
  const columns = Object.entries(BUSINESS_COLUMNS)
    .map(([name, type]) => `'${name}': '${type}'`)
    .join(', ');
  return `SELECT * FROM read_csv(${sqlString(csvPath)}, header = true, auto_detect = false,
    delim = ',', quote = '"', escape = '"', columns = {${columns}})`;
}

/** The card-feed style: merchants.parquet as always, plus businesses.parquet (the truth). */
async function generateCardFeed(
  input: GenerateReferenceDataInput,
  asOf: string,
): Promise<ReferenceVersion> {
  const mix = input.mix ?? 'dev';
  const scratch = path.join(input.rootDir, `.tmp-${randomUUID()}`);
  await fs.promises.mkdir(scratch, { recursive: true });
  try {
    const merchantsCsv = path.join(scratch, 'merchants.csv');
    const businessesCsv = path.join(scratch, 'businesses.csv');
    const { contentHash, businessCount } = await writeCardFeedCsv({
      merchantsCsv,
      businessesCsv,
      seed: input.seed,
      count: input.count,
      asOf,
      mix,
    });
    const merchantsPath = path.join(scratch, MERCHANTS_FILE);
    const merchantCount = await copyToParquet(
      input.db,
      merchantsFromCsvSql(merchantsCsv),
      merchantsPath,
    );
    await copyToParquet(
      input.db,
      businessesFromCsvSql(businessesCsv),
      path.join(scratch, BUSINESSES_FILE),
    );
    await Promise.all([fs.promises.rm(merchantsCsv), fs.promises.rm(businessesCsv)]);
    await buildMatchIndex(input.db, merchantsPath, scratch);
    return await publishReferenceVersion(scratch, input.rootDir, {
      versionId: makeVersionId(contentHash),
      createdAt: new Date().toISOString(),
      source: 'generator',
      description: `Synthetic card-feed data (${mix} mix): ${merchantCount} merchant records of ${businessCount} businesses, seed ${input.seed}`,
      merchantCount,
      contentHash,
      normalisationVersion: NORMALISATION_VERSION,
      countries: await merchantCountries(input.db, merchantsPath),
      generator: {
        seed: String(input.seed),
        count: input.count,
        asOf,
        style: 'card-feed',
        mix,
        businessCount,
        generatorVersion: CARD_FEED_GENERATOR_VERSION,
      },
    });
  } catch (error) {
    await fs.promises.rm(scratch, { recursive: true, force: true });
    throw error;
  }
}

/** Streams generated merchants to CSV; returns the SHA-256 of the text. */
export async function writeMerchantsCsv(
  csvPath: string,
  seed: string | number,
  count: number,
  asOf: string,
): Promise<string> {
  const next = createMerchantFactory({ seed, count, asOf });
  const columns = Object.keys(MERCHANT_COLUMNS) as (keyof typeof MERCHANT_COLUMNS)[];
  const hash = createHash('sha256');
  const out = fs.createWriteStream(csvPath);
  const write = async (text: string) => {
    hash.update(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  try {
    await write(csvLine(columns));
    for (let start = 0; start < count; start += BATCH) {
      let chunk = '';
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const merchant = next(i);
        chunk += csvLine(columns.map((c) => merchant[c]));
      }
      await write(chunk);
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  }
  return hash.digest('hex');
}
