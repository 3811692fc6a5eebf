import fs from 'node:fs';
import path from 'node:path';
import { type EngineDb, sqlString } from '../duckdb.js';
import { NORMALISATION_VERSION } from '../matching/normalise-sql.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { buildPostings, forEachRowGram, forEachRowPrefix } from './build-postings.js';
import {
  ROWS_FILE,
  VENDOR_SEARCH_INDEX_FORMAT,
  VENDOR_SELECT_SQL,
  saveIndex,
} from './index-format.js';

type BuildRow = {
  row_json: string;
  name_norm: string | null;
  dba_norm: string | null;
  raw_lower: string;
  name_rank: number;
  country: string | null;
  mcc: string | null;
  postcode: string | null;
  packed: number;
};

/** A growing dictionary: first-seen ids now, sorted ids once every value is known. */
function dictionary() {
  const ids = new Map<string, number>();
  return {
    id(value: string | null): number {
      if (value === null) return -1;
      let id = ids.get(value);
      if (id === undefined) {
        id = ids.size;
        ids.set(value, id);
      }
      return id;
    },
    /** The sorted values and, per first-seen id, its rank among them. */
    finish(): { values: string[]; rankOf: Int32Array } {
      const values = [...ids.keys()].sort();
      const rankOf = new Int32Array(ids.size);
      values.forEach((v, rank) => (rankOf[ids.get(v)!] = rank));
      return { values, rankOf };
    },
  };
}

function remap<T extends Int16Array | Int32Array>(ids: T, rankOf: Int32Array): T {
  for (let i = 0; i < ids.length; i++) if (ids[i]! >= 0) ids[i] = rankOf[ids[i]!]!;
  return ids;
}

/**
 * Reads the version's merchants in name order (DuckDB sorts), writing each one's `Vendor` JSON
 * to rows.jsonl and keeping only the columns the arrays need (dictionary ids first-seen: they
 * are sorted once every value is known).
 */
async function writeRows(db: EngineDb, version: ReferenceVersion, dir: string) {
  const merchants = sqlString(version.merchantsPath);
  const matchIndex = sqlString(version.indexPath);
  const counted = await db.one<{ n: number }>(
    `SELECT CAST(count(*) AS INTEGER) AS n FROM read_parquet(${merchants})`,
  );
  const count = counted?.n ?? 0;
  let names = new Uint8Array(Math.max(1024, count * 64));
  const nameOffsets = new Uint32Array(count * 3 + 1);
  const nameRank = new Int32Array(count);
  const country = new Int16Array(count);
  const mcc = new Int16Array(count);
  const postcode = new Int32Array(count);
  const acceptsCard = new Int8Array(count);
  const acceptsVirtualCard = new Int8Array(count);
  const stpEnrolled = new Int8Array(count);
  const dataLevel = new Int8Array(count);
  const rowOffsets = new Float64Array(count + 1);
  const countries = dictionary();
  const mccs = dictionary();
  const postcodes = dictionary();
  const encoder = new TextEncoder();
  let used = 0;
  const putName = (value: string) => {
    if (names.length - used < value.length * 3) {
      const bigger = new Uint8Array(Math.max(names.length * 2, used + value.length * 3));
      bigger.set(names.subarray(0, used));
      names = bigger;
    }
    used += encoder.encodeInto(value, names.subarray(used)).written;
  };

  const out = fs.createWriteStream(path.join(dir, ROWS_FILE));
  let rowBytes = 0;
  let r = 0;
  try {
    // The row's JSON is written by DuckDB; only the columns the arrays need come to JavaScript.
    await db.forEachBatch<BuildRow>(
      `SELECT CAST(to_json(v) AS VARCHAR) AS row_json, name_norm, dba_norm, raw_lower, name_rank,
         v.country, v.mcc, v.postcode,
         CAST(coalesce(CAST(v."acceptsCard" AS INTEGER), -1) + 1
           + 3 * (coalesce(CAST(v."acceptsVirtualCard" AS INTEGER), -1) + 1)
           + 9 * (coalesce(CAST(v."stpEnrolled" AS INTEGER), -1) + 1)
           + 27 * (coalesce(v."dataLevel", -1) + 1) AS INTEGER) AS packed
       FROM (
         SELECT ${VENDOR_SELECT_SQL}, m.merchant_name AS sort_name,
           i.name_norm, i.dba_norm, lower(m.merchant_name) AS raw_lower,
           CAST(dense_rank() OVER (ORDER BY m.merchant_name) AS INTEGER) AS name_rank
         FROM read_parquet(${merchants}) m
         LEFT JOIN read_parquet(${matchIndex}) i ON i.merchant_id = m.merchant_id
       ) s, LATERAL (SELECT s."merchantId", s."merchantName", s."dbaName", s."addressLine1",
         s.city, s.postcode, s.country, s.mcc, s."acceptsCard", s."acceptsVirtualCard",
         s."stpEnrolled", s."dataLevel", s."lastTransactionDate", s.network) v
       ORDER BY s.sort_name, s."merchantId"`,
      10_000,
      async (rows) => {
        let text = '';
        for (const row of rows) {
          const line = `${row.row_json}\n`;
          text += line;
          rowOffsets[r] = rowBytes;
          rowBytes += Buffer.byteLength(line);
          nameOffsets[r * 3] = used;
          putName(row.name_norm ?? '');
          nameOffsets[r * 3 + 1] = used;
          putName(row.dba_norm ?? '');
          nameOffsets[r * 3 + 2] = used;
          putName(row.raw_lower);
          nameRank[r] = row.name_rank;
          country[r] = countries.id(row.country);
          mcc[r] = mccs.id(row.mcc);
          postcode[r] = postcodes.id(row.postcode);
          // Packed base 3 (flags: NULL, false, true) and data level + 1 at 27.
          const packed = row.packed;
          acceptsCard[r] = (packed % 3) - 1;
          acceptsVirtualCard[r] = (Math.floor(packed / 3) % 3) - 1;
          stpEnrolled[r] = (Math.floor(packed / 9) % 3) - 1;
          dataLevel[r] = Math.floor(packed / 27) - 1;
          r++;
        }
        if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
      },
    );
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  }
  rowOffsets[r] = rowBytes;
  nameOffsets[count * 3] = used;
  names = names.slice(0, used);
  return {
    count,
    names,
    nameOffsets,
    nameRank,
    country,
    mcc,
    postcode,
    acceptsCard,
    acceptsVirtualCard,
    stpEnrolled,
    dataLevel,
    rowOffsets,
    countries,
    mccs,
    postcodes,
  };
}

/**
 * Reads the version's merchants in name order (DuckDB sorts), writes rows.jsonl and the
 * arrays. Trigram postings are made in two passes over the stored name bytes (count, then
 * place), so the build never holds a second copy of them.
 */
export async function buildIndex(db: EngineDb, version: ReferenceVersion, dir: string) {
  const {
    count,
    names,
    nameOffsets,
    nameRank,
    country,
    mcc,
    postcode,
    acceptsCard,
    acceptsVirtualCard,
    stpEnrolled,
    dataLevel,
    rowOffsets,
    countries,
    mccs,
    postcodes,
  } = await writeRows(db, version, dir);
  const trigrams = buildPostings(names, nameOffsets, count, forEachRowGram);
  const prefixes = buildPostings(names, nameOffsets, count, forEachRowPrefix);
  const countryDict = countries.finish();
  const mccDict = mccs.finish();
  const postcodeDict = postcodes.finish();
  const uppers = [...new Set(postcodeDict.values.map((p) => p.toUpperCase()))].sort();
  const upperRank = new Map(uppers.map((u, i) => [u, i]));
  const postcodeUpperRank = Int32Array.from(postcodeDict.values, (p) =>
    upperRank.get(p.toUpperCase())!,
  );
  await saveIndex(
    dir,
    {
      format: VENDOR_SEARCH_INDEX_FORMAT,
      normalisationVersion: NORMALISATION_VERSION,
      versionId: version.manifest.versionId,
      count,
      countries: countryDict.values,
      mccs: mccDict.values,
      postcodes: postcodeDict.values,
      postcodeUppers: uppers,
    },
    {
      names,
      nameOffsets,
      gramCodes: Int32Array.from(trigrams.gramCodes),
      gramStarts: trigrams.gramStarts,
      postings: trigrams.postings,
      prefixCodes: Uint32Array.from(prefixes.gramCodes),
      prefixStarts: prefixes.gramStarts,
      prefixPostings: prefixes.postings,
      nameRank,
      country: remap(country, countryDict.rankOf),
      mcc: remap(mcc, mccDict.rankOf),
      postcode: remap(postcode, postcodeDict.rankOf),
      postcodeUpperRank,
      acceptsCard,
      acceptsVirtualCard,
      stpEnrolled,
      dataLevel,
      rowOffsets,
    },
  );
}
