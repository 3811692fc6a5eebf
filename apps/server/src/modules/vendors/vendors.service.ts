import path from 'node:path';
import type { DuckDBPreparedStatement } from '@duckdb/node-api';
import {
  VENDOR_SEARCH_FILTERS,
  VENDOR_SEARCH_SORTS,
  type FilterItem,
  type PagedListRequest,
  type Vendor,
  type VendorDetail,
  type VendorMatchedSupplier,
  type VendorSearchHit,
} from '@b2b/contract';
import { type EngineDb, openEngineDb, sqlString } from '../../engine/duckdb.js';
import { installNormaliseMacros, withNormalisedName } from '../../engine/matching/normalise-sql.js';
import {
  listReferenceVersions,
  openReferenceVersion,
} from '../../engine/reference-data/reference-version.js';
import {
  VENDOR_SELECT_SQL,
  type VendorSearchIndex,
  openVendorSearchIndex,
  readVendorRows,
} from '../../engine/vendor-search/search-index.js';
import {
  type VendorCondition,
  type VendorSortKey,
  searchVendorIndex,
} from '../../engine/vendor-search/search-query.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { Database } from '../../db/client.js';
import { jobViewer } from '../jobs/jobs.policy.js';
import { createVendorsRead } from './vendors.read.js';
import type { StoredFolders } from '../../storage/stored-folders.js';

/** Records of a merchant entity the detail lists. */
const ENTITY_RECORDS_SHOWN = 50;

/** Sort keys of the search (contract VENDOR_SEARCH_SORTS). */
const SORTS: Record<string, VendorSortKey> = {
  merchantName: 'merchantName',
  country: 'country',
  postcode: 'postcode',
  mcc: 'mcc',
  nameSimilarity: 'nameSimilarity',
};

function findKey<T extends object>(table: T, name: string): keyof T | undefined {
  return (Object.keys(table) as (keyof T & string)[]).find(
    (k) => k.toLowerCase() === name.toLowerCase(),
  );
}

/**
 * Checks the paged list request's filters and turns them into the search index's conditions;
 * anything not allowed is a 400 naming the field. The name filter is returned apart: it is
 * scored.
 */
function conditions(filters: readonly FilterItem[]) {
  const where: VendorCondition[] = [];
  let name: string | null = null;
  filters.forEach((item, i) => {
    const field = `body.filters[${i}]`;
    const key = findKey(VENDOR_SEARCH_FILTERS, item.propertyName);
    if (!key) {
      throw AppError.badRequest(
        `${field}.propertyName must be one of ${Object.keys(VENDOR_SEARCH_FILTERS).join(', ')}`,
        `${field}.propertyName`,
      );
    }
    const allowed = VENDOR_SEARCH_FILTERS[key] as readonly string[];
    const op = item.comparisonOperator;
    if (!allowed.includes(op)) {
      throw AppError.badRequest(
        `${field}.comparisonOperator: ${key} takes ${allowed.join(', ')}`,
        `${field}.comparisonOperator`,
      );
    }
    const value = item.value;
    if (value === null || value === '') {
      throw AppError.badRequest(`${field}.value must not be empty`, `${field}.value`);
    }
    if (key === 'name') {
      name = String(value);
    } else if (key === 'acceptsCard' || key === 'acceptsVirtualCard' || key === 'stpEnrolled') {
      if (typeof value !== 'boolean' && value !== 'true' && value !== 'false')
        throw AppError.badRequest(`${field}.value must be true or false`, `${field}.value`);
      where.push({ field: key, value: value === true || value === 'true' });
    } else if (key === 'dataLevel') {
      const n = Number(value);
      if (!Number.isInteger(n))
        throw AppError.badRequest(`${field}.value must be a whole number`, `${field}.value`);
      where.push({ field: key, op: op as 'Equal', value: n });
    } else {
      where.push({ field: key, op: op as 'Equal', value: String(value).trim() });
    }
  });
  return { where, name: name as string | null };
}

function orderTerm(value: string | undefined, field: string) {
  if (!value) return null;
  const [name = '', direction = 'asc', ...rest] = value.trim().split(/\s+/);
  const key = findKey(SORTS, name);
  const dir = direction.toLowerCase();
  if (!key || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) {
    throw AppError.badRequest(
      `${field} must be one of ${VENDOR_SEARCH_SORTS.join(', ')} optionally followed by asc or desc`,
      field,
    );
  }
  return { key: SORTS[key]!, desc: dir === 'desc' };
}

/**
 * Vendor search over the card-acceptance reference data: the newest version's merchants
 * through its search index (`engine/vendor-search`: built once per version, then loaded), with
 * names normalised as the matcher does; the detail reads the merchant from merchants.parquet;
 * the matched suppliers are those of the jobs the user may see (the jobs module's rule, in SQL).
 */
export function createVendorsService(
  db: Database,
  deps: {
    /** DuckDB's settings for a new connection: the resource guard's memory and threads. */
    engine: () => Promise<{ memoryLimit: string; threads: number }>;
    /** The reference data versions every node shares; searches use the newest one here. */
    reference: StoredFolders;
  },
) {
  const read = createVendorsRead(db);
  const referenceRoot = deps.reference.localRoot;

  /**
   * What is kept for the newest reference version: one DuckDB connection (opening an instance
   * and creating the normalisation macros costs more than a search) with the name
   * normalisation prepared once, and the version's search index in memory. Searches take
   * turns (one connection runs one statement at a time); a newer version replaces it all.
   */
  type Kept = {
    versionId: string;
    db: EngineDb;
    merchants: string;
    /** The match index: each record's merchant entity. */
    matchIndex: string;
    index: VendorSearchIndex;
    normalise: DuckDBPreparedStatement;
  };
  let open: Kept | null = null;
  let turn: Promise<unknown> = Promise.resolve();

  async function connectionFor(versionId: string): Promise<Kept> {
    if (open?.versionId === versionId) return open;
    open?.db.close();
    open = null;
    const engineDb = await openEngineDb(await deps.engine());
    try {
      const version = await openReferenceVersion(path.join(referenceRoot, versionId), engineDb);
      await installNormaliseMacros(engineDb);
      const { index } = await openVendorSearchIndex(engineDb, version);
      const normalise = await engineDb.connection.prepare(
        `SELECT norm FROM (${withNormalisedName('SELECT $1::VARCHAR AS name', 'name', 'norm')})`,
      );
      open = {
        versionId,
        db: engineDb,
        merchants: sqlString(version.merchantsPath),
        matchIndex: sqlString(version.indexPath),
        index,
        normalise,
      };
      return open;
    } catch (error) {
      engineDb.close();
      throw error;
    }
  }

  async function withReference<T>(fn: (kept: Kept) => Promise<T>): Promise<T> {
    // A version another node imported is pulled within a minute, not looked for per search.
    await deps.reference.pull({ maxAgeMs: 60_000 });
    const [newest] = await listReferenceVersions(referenceRoot);
    if (!newest) throw AppError.conflict('No card-acceptance reference data is loaded yet.');
    const run = turn.then(async () => fn(await connectionFor(newest.versionId)));
    turn = run.catch(() => undefined);
    return run;
  }

  /** The merchant entity of each of a page of records, from the match index (one query). */
  async function entitiesOf(kept: Kept, merchantIds: string[]) {
    const found = new Map<string, { entityId: string; recordCount: number }>();
    if (merchantIds.length === 0) return found;
    const rows = await kept.db.all<{ merchant_id: string; entity_id: string; n: number }>(
      `SELECT merchant_id, entity_id, CAST(entity_records AS INTEGER) AS n
       FROM read_parquet(${kept.matchIndex})
       WHERE merchant_id IN (${merchantIds.map(sqlString).join(', ')})`,
    );
    for (const r of rows) found.set(r.merchant_id, { entityId: r.entity_id, recordCount: r.n });
    return found;
  }

  return {
    /**
     * Loads the newest version's search index, building it first if this version has none (about
     * a minute at 1,000,000 merchants), so that the first search does not wait for it. Run in the
     * background at start and after a reference data import; without reference data it does
     * nothing.
     */
    async prepare(): Promise<void> {
      await deps.reference.pull();
      if ((await listReferenceVersions(referenceRoot)).length === 0) return;
      await withReference(async () => undefined);
    },

    /** Closes the kept connection (the app's onClose). */
    close() {
      open?.db.close();
      open = null;
    },

    async search(request: PagedListRequest) {
      const { where, name } = conditions(request.filters);
      const order = [
        orderTerm(request.orderBy, 'body.orderBy'),
        orderTerm(request.secondaryOrderBy, 'body.secondaryOrderBy'),
      ].filter((o) => o !== null);
      return withReference(async (kept) => {
        let names: { normalised: string; raw: string } | null = null;
        if (name !== null) {
          // The same normalisation as matching: legal forms, punctuation, accents and
          // abbreviations do not count; the name as typed (lower case) is compared too, as
          // some names normalise to nothing (e.g. a bare card descriptor "* Name").
          kept.normalise.bindVarchar(1, name);
          const [row] = (await kept.normalise.runAndReadAll()).getRowObjectsJson() as {
            norm: string | null;
          }[];
          names = { normalised: row?.norm ?? name.toLowerCase(), raw: name.trim().toLowerCase() };
        }
        const found = searchVendorIndex(kept.index, {
          name: names,
          conditions: where,
          order,
          offset: (request.pageNumber - 1) * request.pageSize,
          limit: request.pageSize,
        });
        const vendors = await readVendorRows(kept.index, found.rows);
        const entities = await entitiesOf(
          kept,
          vendors.map((v) => v.merchantId),
        );
        const hits: VendorSearchHit[] = vendors.map((vendor, i) => {
          const similarity = found.similarities[i];
          const entity = entities.get(vendor.merchantId);
          return {
            ...vendor,
            nameSimilarity: similarity == null ? null : Math.round(similarity * 1000) / 1000,
            entityId: entity?.entityId ?? vendor.merchantId,
            entityRecordCount: entity?.recordCount ?? 1,
          };
        });
        return pagedResponse(hits, found.total, request);
      });
    },

    async detail(merchantId: string): Promise<VendorDetail> {
      const found = await withReference(async (kept) => {
        const vendor = await kept.db.one<Vendor>(
          `SELECT ${VENDOR_SELECT_SQL} FROM read_parquet(${kept.merchants}) m WHERE m.merchant_id = $id`,
          { id: merchantId },
        );
        if (!vendor) return null;
        const entity = await kept.db.one<{ entity_id: string; n: number }>(
          `SELECT entity_id, CAST(entity_records AS INTEGER) AS n
           FROM read_parquet(${kept.matchIndex}) WHERE merchant_id = $id`,
          { id: merchantId },
        );
        const entityId = entity?.entity_id ?? merchantId;
        const records = await kept.db.all<Vendor>(
          `SELECT ${VENDOR_SELECT_SQL} FROM read_parquet(${kept.merchants}) m
           WHERE m.merchant_id IN (SELECT merchant_id FROM read_parquet(${kept.matchIndex})
                                   WHERE entity_id = $entity)
           ORDER BY m.merchant_name, m.merchant_id LIMIT ${ENTITY_RECORDS_SHOWN}`,
          { entity: entityId },
        );
        return {
          versionId: kept.versionId,
          vendor,
          entity: { entityId, recordCount: entity?.n ?? 1, records },
        };
      });
      if (!found) throw AppError.notFound('No such vendor in the reference data.');
      return { vendor: found.vendor, entity: found.entity, referenceVersionId: found.versionId };
    },

    /** The suppliers of the actor's visible jobs matched to the merchant, one page. */
    async matchedSuppliers(actor: Actor, merchantId: string, request: PagedListRequest) {
      const { rows, total } = await read.suppliersMatchedTo(jobViewer(actor), merchantId, request);
      return pagedResponse(
        rows.map((r) => ({
          ...r,
          matchStatus: r.matchStatus as VendorMatchedSupplier['matchStatus'],
          confidence: r.confidence as VendorMatchedSupplier['confidence'],
          matchSource: r.matchSource as VendorMatchedSupplier['matchSource'],
        })),
        total,
        request,
      );
    },
  };
}
