import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REFERENCE_MERCHANT_FIELDS, type ReferenceMerchantField } from '@b2b/contract';
import { installCountries } from '../countries.js';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
import { EngineError } from '../engine-error.js';
import { normaliseHeader } from '../ingestion/column-mapping.js';
import { installParseMacros } from '../ingestion/parse-macros.js';
import { loadRawTable, RAW_TABLE } from '../ingestion/raw-table.js';
import { prepareCsv, sniffFile } from '../ingestion/sniff-file.js';
import { buildMatchIndex } from '../matching/match-index.js';
import { NORMALISATION_VERSION } from '../matching/normalise-sql.js';
import {
  MERCHANTS_FILE,
  makeVersionId,
  merchantCountries,
  publishReferenceVersion,
  type MerchantColumn,
  type ReferenceVersion,
} from './reference-version.js';
import { uiText } from '../../lib/ui-text.js';

/** Every rejected row of an import (row number, reason, the merchant's fields as read). */
export const REJECTED_FILE = 'rejected.parquet';

/** Column index (0-based) per merchant field of the file being imported. */
export type MerchantMapping = Partial<Record<MerchantColumn, number>>;

const MERCHANT_SYNONYMS: Record<MerchantColumn, string[]> = {
  merchant_id: ['merchant id', 'mid', 'merchant number', 'id', 'card acceptor id'],
  merchant_name: ['merchant name', 'legal name', 'name', 'company name', 'merchant legal name'],
  dba_name: ['dba name', 'dba', 'doing business as', 'trading name', 'merchant dba name'],
  address_line1: ['address', 'address line 1', 'street', 'street address', 'address1'],
  city: ['city', 'town'],
  postcode: ['postcode', 'postal code', 'zip', 'zip code', 'post code'],
  country: ['country', 'country code', 'country iso'],
  tax_id: ['tax id', 'vat number', 'tin', 'ein', 'company number', 'vat'],
  mcc: ['mcc', 'merchant category code', 'mcc code'],
  accepts_card: ['accepts card', 'card acceptance', 'card accepting'],
  accepts_virtual_card: ['accepts virtual card', 'virtual card', 'vc accepting', 'accepts vc'],
  stp_enrolled: ['stp enrolled', 'stp', 'stp capable'],
  data_level: ['data level', 'level', 'detail level', 'l2 l3', 'enhanced data level'],
  last_transaction_date: ['last transaction date', 'last txn date', 'last transaction'],
  network: ['network', 'scheme', 'card network'],
};

// The contract's field list is the engine's merchant columns, no more and no fewer.
const FIELDS_AGREE: [MerchantColumn] extends [ReferenceMerchantField]
  ? [ReferenceMerchantField] extends [MerchantColumn]
    ? true
    : never
  : never = true;
const FIELDS: readonly string[] = FIELDS_AGREE && REFERENCE_MERCHANT_FIELDS;

/**
 * Checks a mapping against the file's headers before anything is imported: known fields only,
 * column indexes inside the file, a merchant name, and a country column unless a default
 * country covers the file. Throws MAPPING_INVALID naming what is wrong.
 */
export function checkMerchantMapping(
  mapping: Readonly<Record<string, number | undefined>>,
  headers: readonly string[],
  defaultCountryIso3?: string,
): asserts mapping is MerchantMapping {
  for (const [field, column] of Object.entries(mapping)) {
    if (!FIELDS.includes(field)) {
      throw new EngineError(
        'MAPPING_INVALID',
        `"${field}" is not a merchant field; the fields are ${FIELDS.join(', ')}.`,
      );
    }
    if (column === undefined) continue;
    if (!Number.isInteger(column) || column < 0 || column >= headers.length) {
      throw new EngineError(
        'MAPPING_INVALID',
        `Column ${column} for ${field} is out of range: the file has ${headers.length} columns (0 to ${headers.length - 1}).`,
      );
    }
  }
  if (mapping.merchant_name === undefined) {
    throw new EngineError('MAPPING_INVALID', 'Map a column to the merchant name (merchant_name).');
  }
  if (mapping.country === undefined && !defaultCountryIso3) {
    throw new EngineError(
      'MAPPING_INVALID',
      'Map a column to the country (country) or give a default country for the file.',
    );
  }
}

/** Suggests which column of a merchant file holds which field, from its headers. */
export function suggestMerchantMapping(headers: string[]): MerchantMapping {
  const mapping: MerchantMapping = {};
  const used = new Set<number>();
  for (const [field, names] of Object.entries(MERCHANT_SYNONYMS) as [MerchantColumn, string[]][]) {
    // A header that is the field's own name ("address_line1", as the product writes it) too.
    const known = [...names, normaliseHeader(field)];
    const column = headers.findIndex((h, i) => !used.has(i) && known.includes(normaliseHeader(h)));
    if (column >= 0) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
}

export interface ImportReferenceDataInput {
  db: EngineDb;
  rootDir: string;
  /** Local path of the file (CSV or XLSX) and the name it was uploaded with. */
  file: string;
  declaredName: string;
  mapping: MerchantMapping;
  workDir: string;
  /** Country (ISO3) for rows without one. */
  defaultCountryIso3?: string;
  description?: string;
  /** Recorded in the manifest, so the caller can tell whether this import already published. */
  importId?: string;
  /** Called between stages (percent 0–100 and what is being done). */
  onProgress?: (percent: number, stage: string) => Promise<void>;
}

export interface ImportReferenceDataResult {
  version: ReferenceVersion;
  rowCount: number;
  rejectedCount: number;
  /** The first rejected rows with their reason. */
  rejected: { rowNumber: number; reason: string }[];
}

/**
 * Imports a real card acceptance file: maps its columns to the merchant fields, parses flags
 * (Y/N, true/false, 1/0), data levels (L3, Level 2, 1), dates and countries, rejects rows
 * without a name or with a duplicate merchant id, writes merchants.parquet and its match index,
 * and publishes a new version whose id joins the import time and the file's SHA-256.
 */
export async function importReferenceData(
  input: ImportReferenceDataInput,
): Promise<ImportReferenceDataResult> {
  const { db, mapping } = input;
  const progress = input.onProgress ?? (async () => {});
  const sniff = await sniffFile(input.file, {
    declaredName: input.declaredName,
    workDir: input.workDir,
  });
  checkMerchantMapping(mapping, sniff.headers, input.defaultCountryIso3);
  await progress(5, uiText('Reading the file'));
  const csv = await prepareCsv(input.file, sniff, input.workDir);
  const scratch = path.join(input.rootDir, `.tmp-${randomUUID()}`);
  await fs.promises.mkdir(scratch, { recursive: true });
  try {
    await installParseMacros(db);
    await installCountries(db);
    await loadRawTable(db, csv, sniff.headers.length);
    await progress(30, uiText('Parsing the merchants'));
    const col = (f: MerchantColumn) => (mapping[f] !== undefined ? `r.c${mapping[f]}` : 'NULL');
    const flag = (f: MerchantColumn, fallback: boolean) =>
      `coalesce(CASE WHEN lower(b2b_text(${col(f)})) IN ('y', 'yes', 'true', 't', '1', 'x') THEN true
        WHEN lower(b2b_text(${col(f)})) IN ('n', 'no', 'false', 'f', '0') THEN false END, ${fallback})`;
    const defaultCountry = input.defaultCountryIso3 ? sqlString(input.defaultCountryIso3) : 'NULL';
    await db.run(`CREATE OR REPLACE TEMP TABLE b2b_import AS
      SELECT r.row_number,
        coalesce(b2b_text(${col('merchant_id')}), 'R' || lpad(CAST(r.row_number AS VARCHAR), 9, '0')) AS merchant_id,
        b2b_text(${col('merchant_name')}) AS merchant_name,
        b2b_text(${col('dba_name')}) AS dba_name,
        b2b_text(${col('address_line1')}) AS address_line1,
        b2b_text(${col('city')}) AS city,
        upper(b2b_text(${col('postcode')})) AS postcode,
        coalesce(k.iso3, ${defaultCountry}) AS country,
        b2b_text(${col('country')}) AS country_raw,
        upper(b2b_text(${col('tax_id')})) AS tax_id,
        b2b_parse_code(${col('mcc')}, 4) AS mcc,
        ${flag('accepts_card', true)} AS accepts_card,
        ${flag('accepts_virtual_card', false)} AS accepts_virtual_card,
        ${flag('stp_enrolled', false)} AS stp_enrolled,
        CAST(try_cast(regexp_extract(b2b_text(${col('data_level')}), '[1-3]', 0) AS INTEGER) AS TINYINT) AS data_level,
        b2b_parse_date(${col('last_transaction_date')}, true) AS last_transaction_date,
        b2b_text(${col('network')}) AS network
      FROM ${RAW_TABLE} r
      LEFT JOIN b2b_countries k ON k.key = b2b_country_key(${col('country')})`);
    await db.run(`CREATE OR REPLACE TEMP TABLE b2b_import_checked AS
      SELECT *, CASE WHEN merchant_name IS NULL THEN 'Merchant name is blank'
          WHEN country IS NULL THEN 'Country is blank or not recognised'
          WHEN row_number() OVER (PARTITION BY merchant_id ORDER BY row_number) > 1
            THEN 'Duplicate merchant id ' || merchant_id END AS reject_reason
      FROM b2b_import`);
    await progress(50, uiText('Writing merchants.parquet'));
    const merchantsPath = path.join(scratch, MERCHANTS_FILE);
    const merchantCount = await copyToParquet(
      db,
      `SELECT * EXCLUDE (row_number, reject_reason, country_raw) FROM b2b_import_checked
       WHERE reject_reason IS NULL ORDER BY row_number`,
      merchantsPath,
    );
    // Every rejected row, kept with the version: the status shows the first thousand, the
    // DevOps screen downloads them all.
    await db.run(`COPY (SELECT row_number, reject_reason AS reason, merchant_id, merchant_name,
        city, postcode, country_raw AS country
      FROM b2b_import_checked WHERE reject_reason IS NOT NULL ORDER BY row_number)
      TO ${sqlString(path.join(scratch, REJECTED_FILE))} (FORMAT parquet)`);
    const rejected = await db.all<{ rowNumber: number; reason: string }>(
      `SELECT row_number AS "rowNumber", reject_reason AS reason FROM b2b_import_checked
       WHERE reject_reason IS NOT NULL ORDER BY row_number LIMIT 1000`,
    );
    const counts = await db.one<{ n: number }>(
      'SELECT CAST(count(*) AS INTEGER) AS n FROM b2b_import_checked',
    );
    // The file's tables are done with: freed before the index build, the import's peak.
    await dropImportTables(db);
    await progress(65, uiText('Building the match index'));
    await buildMatchIndex(db, merchantsPath, scratch);
    await progress(95, uiText('Publishing the version'));
    const contentHash = await fileHash(input.file);
    const version = await publishReferenceVersion(scratch, input.rootDir, {
      versionId: makeVersionId(contentHash),
      createdAt: new Date().toISOString(),
      source: 'import',
      description: input.description ?? `Imported from ${input.declaredName}`,
      merchantCount,
      contentHash,
      normalisationVersion: NORMALISATION_VERSION,
      countries: await merchantCountries(db, merchantsPath),
      import: {
        fileName: input.declaredName,
        rejectedCount: (counts?.n ?? 0) - merchantCount,
        ...(input.importId ? { importId: input.importId } : {}),
      },
    });
    return {
      version,
      rowCount: counts?.n ?? 0,
      rejectedCount: (counts?.n ?? 0) - merchantCount,
      rejected,
    };
  } catch (error) {
    await fs.promises.rm(scratch, { recursive: true, force: true });
    throw error;
  } finally {
    await dropImportTables(db);
    if (csv.converted) await fs.promises.rm(csv.csvPath, { force: true });
  }
}

async function dropImportTables(db: EngineDb) {
  await db.run(`DROP TABLE IF EXISTS b2b_import; DROP TABLE IF EXISTS b2b_import_checked;
    DROP TABLE IF EXISTS ${RAW_TABLE};`);
}

async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
