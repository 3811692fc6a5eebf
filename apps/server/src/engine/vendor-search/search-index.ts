import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Vendor } from '@b2b/contract';
import type { EngineDb } from '../duckdb.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { buildIndex } from './build-index.js';
import { VENDOR_SEARCH_DIR, type VendorSearchIndex, loadIndex } from './index-format.js';

// The vendor search's public face: open an index, read a page's rows. The format is
// `index-format.ts`, the build `build-index.ts`, the search itself `search-query.ts`.
export { VENDOR_SEARCH_DIR, VENDOR_SELECT_SQL, type VendorSearchIndex } from './index-format.js';

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
