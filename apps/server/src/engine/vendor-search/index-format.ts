import fs from 'node:fs';
import path from 'node:path';
import { NORMALISATION_VERSION } from '../matching/normalise-sql.js';

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
export const ROWS_FILE = 'rows.jsonl';

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

/** The index stored in `dir` when built for this format, normalisation and version; else null. */
export async function loadIndex(dir: string, versionId: string): Promise<VendorSearchIndex | null> {
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

/**
 * Writes `index.bin`: a 4-byte header length, the JSON header, then every array at an 8-byte
 * aligned offset (typed-array views over the one buffer `loadIndex` reads need that).
 */
export async function saveIndex(
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
