import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Vendor } from '@b2b/contract';
import { type EngineDb, sqlString } from '../duckdb.js';
import { NORMALISATION_VERSION } from '../matching/normalise-sql.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { prefixCode } from './name-grams.js';

/**
 * The vendor search index of one reference version, held in memory.
 *
 * Why: the SQL search scanned every merchant and ran Jaro-Winkler three times per row (p95
 * 290 ms at 200,000 merchants, over a second at 1,000,000). Here each merchant is a row number
 * `r` (merchants in name order, so the default order is the row order) and the search touches
 * only the rows that share enough name trigrams with the query (`postings`), ranking those with
 * the same similarity as before (`jaro-winkler.ts`). Filter and sort columns are small typed
 * arrays (dictionary ids, flags), so a filter-only search is one tight loop over 1,000,000
 * entries. The full merchant rows stay on disk (`rows.jsonl`, one JSON object a line, byte
 * offsets in memory): a page reads its 25 lines, nothing else is kept.
 *
 * Built once per reference version (and per normalisation) into `<version>/vendor-search/`
 * and loaded from there afterwards: at 1,000,000 merchants about 210 MB of arrays on disk and
 * in memory, ~300 MB of rows on disk only.
 */
export interface VendorSearchIndex {
  versionId: string;
  count: number;
  /**
   * Per row three UTF-8 strings back to back: normalised name, normalised DBA, lower-case name.
   * A NULL is stored empty: the SQL compared `coalesce(name_norm, '')`, the same thing.
   */
  names: Uint8Array;
  /** 3 × count + 1 offsets into `names`. */
  nameOffsets: Uint32Array;
  /** Sorted trigram codes, where each one's rows start in `postings`, and the rows (ascending). */
  gramCodes: Int32Array;
  gramStarts: Uint32Array;
  postings: Uint32Array;
  /**
   * The same for the first 4 bytes of each of a row's names (fewer when shorter): Jaro-Winkler
   * rewards a shared 4-letter prefix so much that a name starting like the query can be close
   * while sharing few trigrams.
   */
  prefixCodes: Uint32Array;
  prefixStarts: Uint32Array;
  prefixPostings: Uint32Array;
  /** Rank of the row's merchant name (equal names share it). */
  nameRank: Int32Array;
  /** Dictionary ids (−1 = NULL) into the sorted dictionaries below, so the id order is the sort order. */
  country: Int16Array;
  mcc: Int16Array;
  postcode: Int32Array;
  countries: string[];
  mccs: string[];
  postcodes: string[];
  /** Upper-case postcodes, sorted and distinct, and for each `postcodes` entry its rank here. */
  postcodeUppers: string[];
  postcodeUpperRank: Int32Array;
  /** −1 NULL, 0 false, 1 true. */
  acceptsCard: Int8Array;
  acceptsVirtualCard: Int8Array;
  stpEnrolled: Int8Array;
  /** −1 NULL, else 1–3. */
  dataLevel: Int8Array;
  /** count + 1 byte offsets of the rows in rows.jsonl. */
  rowOffsets: Float64Array;
  rowsPath: string;
}

/** Bump when the layout or the way it is built changes: stored indexes are then rebuilt. */
export const VENDOR_SEARCH_INDEX_FORMAT = 2;
export const VENDOR_SEARCH_DIR = 'vendor-search';
const INDEX_FILE = 'index.bin';
const ROWS_FILE = 'rows.jsonl';

/** The merchant as the contract's `Vendor`, selected from `read_parquet(merchants) m`. */
export const VENDOR_SELECT_SQL = `m.merchant_id AS "merchantId", m.merchant_name AS "merchantName",
  m.dba_name AS "dbaName", m.address_line1 AS "addressLine1", m.city, m.postcode, m.country,
  m.mcc, m.accepts_card AS "acceptsCard", m.accepts_virtual_card AS "acceptsVirtualCard",
  m.stp_enrolled AS "stpEnrolled", CAST(m.data_level AS INTEGER) AS "dataLevel",
  CAST(m.last_transaction_date AS VARCHAR) AS "lastTransactionDate", m.network`;

type ArrayName =
  | 'names'
  | 'nameOffsets'
  | 'gramCodes'
  | 'gramStarts'
  | 'postings'
  | 'prefixCodes'
  | 'prefixStarts'
  | 'prefixPostings'
  | 'nameRank'
  | 'country'
  | 'mcc'
  | 'postcode'
  | 'postcodeUpperRank'
  | 'acceptsCard'
  | 'acceptsVirtualCard'
  | 'stpEnrolled'
  | 'dataLevel'
  | 'rowOffsets';
const ARRAY_TYPES = {
  names: Uint8Array,
  nameOffsets: Uint32Array,
  gramCodes: Int32Array,
  gramStarts: Uint32Array,
  postings: Uint32Array,
  prefixCodes: Uint32Array,
  prefixStarts: Uint32Array,
  prefixPostings: Uint32Array,
  nameRank: Int32Array,
  country: Int16Array,
  mcc: Int16Array,
  postcode: Int32Array,
  postcodeUpperRank: Int32Array,
  acceptsCard: Int8Array,
  acceptsVirtualCard: Int8Array,
  stpEnrolled: Int8Array,
  dataLevel: Int8Array,
  rowOffsets: Float64Array,
} as const;

interface IndexHeader {
  format: number;
  normalisationVersion: number;
  versionId: string;
  count: number;
  countries: string[];
  mccs: string[];
  postcodes: string[];
  postcodeUppers: string[];
  arrays: { name: ArrayName; offset: number; length: number }[];
}

/** Bytes held in memory by an index's arrays (the figure the benchmark prints). */
export function vendorSearchIndexBytes(index: VendorSearchIndex): number {
  return (Object.keys(ARRAY_TYPES) as ArrayName[]).reduce(
    (sum, name) => sum + index[name].byteLength,
    0,
  );
}

/**
 * The version's search index: loaded from `<version>/vendor-search/` when built for this
 * format and normalisation, else built (with `db`, which must have the normalisation macros'
 * output in the match index) and stored first. `built` says whether it was built now.
 */
export async function openVendorSearchIndex(
  db: EngineDb,
  version: ReferenceVersion,
): Promise<{ index: VendorSearchIndex; built: boolean }> {
  const dir = path.join(version.dir, VENDOR_SEARCH_DIR);
  const existing = await loadIndex(dir, version.manifest.versionId);
  if (existing) return { index: existing, built: false };
  const scratch = path.join(version.dir, `.${VENDOR_SEARCH_DIR}-${randomUUID()}`);
  await fs.promises.mkdir(scratch, { recursive: true });
  try {
    await buildIndex(db, version, scratch);
    await fs.promises.rm(dir, { recursive: true, force: true });
    await fs.promises.rename(scratch, dir);
  } catch (error) {
    await fs.promises.rm(scratch, { recursive: true, force: true });
    // Another process may have published the same index meanwhile: use it.
    const other = await loadIndex(dir, version.manifest.versionId);
    if (other) return { index: other, built: false };
    throw error;
  }
  const index = await loadIndex(dir, version.manifest.versionId);
  if (!index) throw new Error(`The vendor search index in ${dir} could not be read back.`);
  return { index, built: true };
}

async function loadIndex(dir: string, versionId: string): Promise<VendorSearchIndex | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(path.join(dir, INDEX_FILE), 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    const headerLength = head.readUInt32LE(0);
    const headerBytes = Buffer.alloc(headerLength);
    await handle.read(headerBytes, 0, headerLength, 4);
    const header = JSON.parse(headerBytes.toString('utf8')) as IndexHeader;
    if (
      header.format !== VENDOR_SEARCH_INDEX_FORMAT ||
      header.normalisationVersion !== NORMALISATION_VERSION ||
      header.versionId !== versionId
    )
      return null;
    const { size } = await handle.stat();
    const dataStart = align8(4 + headerLength);
    // One ArrayBuffer for every array (typed-array views need aligned offsets, so no pooled Buffer).
    const data = new ArrayBuffer(size - dataStart);
    const view = new Uint8Array(data);
    for (let done = 0; done < view.length;) {
      const { bytesRead } = await handle.read(
        view,
        done,
        Math.min(view.length - done, 1 << 26),
        dataStart + done,
      );
      if (bytesRead === 0) return null;
      done += bytesRead;
    }
    const arrays = {} as { [K in ArrayName]: InstanceType<(typeof ARRAY_TYPES)[K]> };
    for (const a of header.arrays) {
      const Type = ARRAY_TYPES[a.name];
      (arrays as Record<string, unknown>)[a.name] = new Type(data, a.offset, a.length);
    }
    return {
      versionId,
      count: header.count,
      countries: header.countries,
      mccs: header.mccs,
      postcodes: header.postcodes,
      postcodeUppers: header.postcodeUppers,
      ...arrays,
      rowsPath: path.join(dir, ROWS_FILE),
    };
  } finally {
    await handle.close();
  }
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

async function saveIndex(
  dir: string,
  header: Omit<IndexHeader, 'arrays'>,
  arrays: { [K in ArrayName]: ArrayBufferView },
) {
  const list: IndexHeader['arrays'] = [];
  let offset = 0;
  for (const name of Object.keys(ARRAY_TYPES) as ArrayName[]) {
    const a = arrays[name] as unknown as { length: number; byteLength: number };
    list.push({ name, offset, length: a.length });
    offset = align8(offset + a.byteLength);
  }
  const headerBytes = Buffer.from(JSON.stringify({ ...header, arrays: list }), 'utf8');
  const handle = await fs.promises.open(path.join(dir, INDEX_FILE), 'w');
  try {
    const head = Buffer.alloc(4);
    head.writeUInt32LE(headerBytes.length, 0);
    await handle.write(head, 0, 4, 0);
    await handle.write(headerBytes, 0, headerBytes.length, 4);
    const dataStart = align8(4 + headerBytes.length);
    for (const entry of list) {
      const a = arrays[entry.name];
      const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      for (let done = 0; done < bytes.length;) {
        const { bytesWritten } = await handle.write(
          bytes,
          done,
          Math.min(bytes.length - done, 1 << 26),
          dataStart + entry.offset + done,
        );
        done += bytesWritten;
      }
    }
  } finally {
    await handle.close();
  }
}

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
 * Reads the version's merchants in name order (DuckDB sorts), writes rows.jsonl and the
 * arrays. Trigram postings are made in two passes over the stored name bytes (count, then
 * place), so the build never holds a second copy of them.
 */
async function buildIndex(db: EngineDb, version: ReferenceVersion, dir: string) {
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

/**
 * Calls `visit` with each padded trigram of a row's three names (repeats included: the caller
 * keeps one per row).
 */
function forEachRowGram(
  names: Uint8Array,
  nameOffsets: Uint32Array,
  r: number,
  visit: (code: number) => void,
) {
  for (let k = 0; k < 3; k++) {
    const start = nameOffsets[r * 3 + k]!;
    const end = nameOffsets[r * 3 + k + 1]!;
    if (end <= start) continue;
    // " name ": (space, n0, n1), (n0, n1, n2), …, (n[len-2], n[len-1], space).
    let b0 = 0x20;
    let b1 = names[start]!;
    for (let p = start + 1; p <= end; p++) {
      const b2 = p < end ? names[p]! : 0x20;
      visit((b0 << 16) | (b1 << 8) | b2);
      b0 = b1;
      b1 = b2;
    }
  }
}

/** Calls `visit` with the 4-byte prefix of each of a row's names. */
function forEachRowPrefix(
  names: Uint8Array,
  nameOffsets: Uint32Array,
  r: number,
  visit: (code: number) => void,
) {
  for (let k = 0; k < 3; k++) {
    const start = nameOffsets[r * 3 + k]!;
    const end = nameOffsets[r * 3 + k + 1]!;
    if (end > start) visit(prefixCode(names, start, end));
  }
}

/**
 * Rows per key (trigram or prefix), each list ascending, keys sorted. Two passes over the
 * names (count, then place) instead of holding every (key, row) pair; a key is taken once per
 * row (the last row that took it is remembered).
 */
function buildPostings(
  names: Uint8Array,
  nameOffsets: Uint32Array,
  count: number,
  keysOf: typeof forEachRowGram,
) {
  // Key → dense id while building: trigrams (24 bits) through a 64 MB table, dropped
  // afterwards; prefixes (32 bits) through a Map.
  const table = keysOf === forEachRowGram ? new Int32Array(1 << 24).fill(-1) : null;
  const map = new Map<number, number>();
  const codes: number[] = [];
  let sizes = new Uint32Array(1024);
  let lastRow = new Int32Array(1024).fill(-1);
  let r = 0;
  const idOf = (code: number): number => {
    let id = table ? table[code]! : (map.get(code) ?? -1);
    if (id < 0) {
      id = codes.length;
      if (table) table[code] = id;
      else map.set(code, id);
      codes.push(code);
      if (id >= sizes.length) {
        const bigger = new Uint32Array(sizes.length * 2);
        bigger.set(sizes);
        sizes = bigger;
        const biggerLast = new Int32Array(lastRow.length * 2).fill(-1);
        biggerLast.set(lastRow);
        lastRow = biggerLast;
      }
    }
    return id;
  };
  const count1 = (code: number) => {
    const id = idOf(code);
    if (lastRow[id] === r) return;
    lastRow[id] = r;
    sizes[id]!++;
  };
  for (r = 0; r < count; r++) keysOf(names, nameOffsets, r, count1);
  const order = codes.map((_, id) => id).sort((x, y) => codes[x]! - codes[y]!);
  const gramCodes = new Float64Array(codes.length);
  const gramStarts = new Uint32Array(codes.length + 1);
  const cursor = new Uint32Array(codes.length);
  let total = 0;
  order.forEach((id, rank) => {
    gramCodes[rank] = codes[id]!;
    gramStarts[rank] = total;
    cursor[id] = total;
    total += sizes[id]!;
  });
  gramStarts[codes.length] = total;
  const postings = new Uint32Array(total);
  lastRow.fill(-1);
  const place = (code: number) => {
    const id = table ? table[code]! : map.get(code)!;
    if (lastRow[id] === r) return;
    lastRow[id] = r;
    postings[cursor[id]!++] = r;
  };
  for (r = 0; r < count; r++) keysOf(names, nameOffsets, r, place);
  return { gramCodes, gramStarts, postings };
}

/** The merchants of the given rows, in that order, read from rows.jsonl. */
export async function readVendorRows(index: VendorSearchIndex, rows: number[]): Promise<Vendor[]> {
  if (rows.length === 0) return [];
  const handle = await fs.promises.open(index.rowsPath, 'r');
  try {
    const vendors: Vendor[] = [];
    for (const r of rows) {
      const start = index.rowOffsets[r]!;
      const length = index.rowOffsets[r + 1]! - start;
      const bytes = Buffer.alloc(length);
      await handle.read(bytes, 0, length, start);
      vendors.push(JSON.parse(bytes.toString('utf8')) as Vendor);
    }
    return vendors;
  } finally {
    await handle.close();
  }
}
