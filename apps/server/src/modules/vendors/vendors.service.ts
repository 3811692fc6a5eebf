import path from 'node:path';
import {
  VENDOR_SEARCH_FILTERS,
  VENDOR_SEARCH_SORTS,
  type FilterItem,
  type JobDetails,
  type PagedListRequest,
  type Vendor,
  type VendorDetail,
  type VendorSearchHit,
} from '@b2b/contract';
import { type EngineDb, openEngineDb, sqlString } from '../../engine/duckdb.js';
import { installNormaliseMacros, normaliseNames } from '../../engine/matching/normalise-sql.js';
import {
  listReferenceVersions,
  openReferenceVersion,
} from '../../engine/reference-data/reference-version.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { Database } from '../../db/client.js';
import { createVendorsRepo } from './vendors.repo.js';

type JobLookup = (actor: Actor, jobId: string) => Promise<JobDetails>;

/** A name at least this close (Jaro-Winkler of the normalised names) is a hit: allows typos. */
const NAME_SIMILARITY_MIN = 0.88;
/** Matched suppliers read per vendor before visibility is applied. */
const MATCHED_SUPPLIERS_MAX = 200;

const COLUMNS: Record<string, string> = {
  country: 'm.country',
  postcode: 'm.postcode',
  mcc: 'm.mcc',
  acceptsCard: 'm.accepts_card',
  acceptsVirtualCard: 'm.accepts_virtual_card',
  stpEnrolled: 'm.stp_enrolled',
  dataLevel: 'm.data_level',
};
const SORTS: Record<string, string> = {
  merchantName: 'm.merchant_name',
  country: 'm.country',
  postcode: 'm.postcode',
  mcc: 'm.mcc',
  nameSimilarity: 'name_similarity',
};
const OPS: Record<string, string> = {
  Equal: '=',
  NotEqual: '<>',
  GreaterThanOrEqual: '>=',
  LessThanOrEqual: '<=',
};

const SELECT = `m.merchant_id AS "merchantId", m.merchant_name AS "merchantName",
  m.dba_name AS "dbaName", m.address_line1 AS "addressLine1", m.city, m.postcode, m.country,
  m.mcc, m.accepts_card AS "acceptsCard", m.accepts_virtual_card AS "acceptsVirtualCard",
  m.stp_enrolled AS "stpEnrolled", CAST(m.data_level AS INTEGER) AS "dataLevel",
  CAST(m.last_transaction_date AS VARCHAR) AS "lastTransactionDate", m.network`;

function findKey<T extends object>(table: T, name: string): keyof T | undefined {
  return (Object.keys(table) as (keyof T & string)[]).find(
    (k) => k.toLowerCase() === name.toLowerCase(),
  );
}

/**
 * Turns the paged list request's filters into DuckDB conditions with parameters; anything not
 * allowed is a 400 naming the field. The name filter is returned apart: it is scored.
 */
function conditions(filters: readonly FilterItem[]) {
  const where: string[] = [];
  const params: Record<string, string | number | boolean> = {};
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
    if (!allowed.includes(item.comparisonOperator)) {
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
      return;
    }
    const column = COLUMNS[key]!;
    const p = `p${i}`;
    if (key === 'acceptsCard' || key === 'acceptsVirtualCard' || key === 'stpEnrolled') {
      if (typeof value !== 'boolean' && value !== 'true' && value !== 'false')
        throw AppError.badRequest(`${field}.value must be true or false`, `${field}.value`);
      params[p] = value === true || value === 'true';
    } else if (key === 'dataLevel') {
      const n = Number(value);
      if (!Number.isInteger(n))
        throw AppError.badRequest(`${field}.value must be a whole number`, `${field}.value`);
      params[p] = n;
    } else {
      params[p] = String(value).trim();
    }
    if (item.comparisonOperator === 'StartsWith') {
      where.push(`upper(${column}) LIKE upper($${p}) || '%'`);
    } else if (key === 'country' || key === 'postcode') {
      where.push(`upper(${column}) ${OPS[item.comparisonOperator]} upper($${p})`);
    } else {
      where.push(`${column} ${OPS[item.comparisonOperator]} $${p}`);
    }
  });
  return { where, params, name: name as string | null };
}

function orderTerm(value: string | undefined, field: string): string | null {
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
  return `${SORTS[key]} ${dir} NULLS LAST`;
}

/**
 * Vendor search over the card-acceptance reference data. Reads the newest reference version's
 * merchants.parquet and its match index (normalised names) with DuckDB; the detail lists the
 * suppliers that matched a merchant in jobs the user may see (the jobs service decides).
 */
export function createVendorsService(
  db: Database,
  deps: {
    jobs: JobLookup;
    engine: { dataDir: string; memoryLimit: string; threads: number };
  },
) {
  const repo = createVendorsRepo(db);
  const referenceRoot = path.join(deps.engine.dataDir, 'files', 'reference');

  /**
   * One DuckDB connection kept for the newest reference version: opening an instance and
   * creating the normalisation macros costs more than a search. Searches take turns on it (one
   * connection runs one statement at a time); a newer version replaces it.
   */
  let open: { versionId: string; db: EngineDb; merchants: string; index: string } | null = null;
  let turn: Promise<unknown> = Promise.resolve();

  async function connectionFor(versionId: string) {
    if (open?.versionId === versionId) return open;
    open?.db.close();
    open = null;
    const engineDb = await openEngineDb({
      threads: deps.engine.threads,
      memoryLimit: deps.engine.memoryLimit,
    });
    try {
      const version = await openReferenceVersion(path.join(referenceRoot, versionId), engineDb);
      await installNormaliseMacros(engineDb);
      open = {
        versionId,
        db: engineDb,
        merchants: sqlString(version.merchantsPath),
        index: sqlString(version.indexPath),
      };
      return open;
    } catch (error) {
      engineDb.close();
      throw error;
    }
  }

  async function withReference<T>(
    fn: (engineDb: EngineDb, merchants: string, index: string, versionId: string) => Promise<T>,
  ): Promise<T> {
    const [newest] = await listReferenceVersions(referenceRoot);
    if (!newest) throw AppError.conflict('No card-acceptance reference data is loaded yet.');
    const run = turn.then(async () => {
      const c = await connectionFor(newest.versionId);
      return fn(c.db, c.merchants, c.index, c.versionId);
    });
    turn = run.catch(() => undefined);
    return run;
  }

  return {
    /** Closes the kept connection (the app's onClose). */
    close() {
      open?.db.close();
      open = null;
    },

    async search(request: PagedListRequest) {
      const { where, params, name } = conditions(request.filters);
      const order = [
        orderTerm(request.orderBy, 'body.orderBy'),
        orderTerm(request.secondaryOrderBy, 'body.secondaryOrderBy'),
      ].filter(Boolean);
      return withReference(async (engineDb, merchants, index) => {
        let similarity = 'CAST(NULL AS DOUBLE)';
        let from = `read_parquet(${merchants}) m`;
        if (name !== null) {
          // The same normalisation as matching: legal forms, punctuation, accents and
          // abbreviations do not count; a typo still scores close by Jaro-Winkler.
          const [normalised] = await normaliseNames(engineDb, [name]);
          params.qn = normalised ?? name.toLowerCase();
          from = `read_parquet(${merchants}) m JOIN read_parquet(${index}) i USING (merchant_id)`;
          // The raw lower-case name too: some names normalise to nothing (e.g. a bare card
          // descriptor "* Name"), and a user may type exactly what the data holds.
          params.raw = name.trim().toLowerCase();
          const contained = `contains(coalesce(i.name_norm, ''), $qn)
            OR contains(coalesce(i.dba_norm, ''), $qn) OR contains(lower(m.merchant_name), $raw)`;
          const close = `greatest(coalesce(jaro_winkler_similarity(i.name_norm, $qn), 0),
            coalesce(jaro_winkler_similarity(i.dba_norm, $qn), 0),
            jaro_winkler_similarity(lower(m.merchant_name), $raw))`;
          similarity = `CASE WHEN ${contained} THEN 1.0 ELSE ${close} END`;
          where.push(`(${contained} OR ${close} >= ${NAME_SIMILARITY_MIN})`);
        }
        const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
        const orderSql = [
          ...(order.length > 0 ? order : name !== null ? ['name_similarity DESC'] : []),
          'm.merchant_name ASC',
          'm.merchant_id ASC',
        ].join(', ');
        const offset = (request.pageNumber - 1) * request.pageSize;
        const rows = await engineDb.all<VendorSearchHit & { total: number }>(
          `SELECT ${SELECT}, CAST(round(${similarity}, 3) AS DOUBLE) AS "nameSimilarity",
             ${similarity} AS name_similarity, CAST(count(*) OVER () AS INTEGER) AS total
           FROM ${from} ${whereSql}
           ORDER BY ${orderSql} LIMIT ${request.pageSize} OFFSET ${offset}`,
          params,
        );
        let total = rows[0]?.total;
        if (total === undefined) {
          // An empty page past the end still reports how many there are.
          const counted = await engineDb.one<{ n: number }>(
            `SELECT CAST(count(*) AS INTEGER) AS n FROM ${from} ${whereSql}`,
            params,
          );
          total = counted?.n ?? 0;
        }
        const hits = rows.map(({ total: _t, ...hit }) => {
          const { name_similarity: _s, ...rest } = hit as VendorSearchHit & {
            name_similarity?: number;
          };
          return rest;
        });
        return pagedResponse(hits, total, request);
      });
    },

    async detail(actor: Actor, merchantId: string): Promise<VendorDetail> {
      const found = await withReference(async (engineDb, merchants, _index, versionId) => ({
        versionId,
        vendor: await engineDb.one<Vendor>(
          `SELECT ${SELECT} FROM read_parquet(${merchants}) m WHERE m.merchant_id = $id`,
          { id: merchantId },
        ),
      }));
      if (!found.vendor) throw AppError.notFound('No such vendor in the reference data.');
      const rows = await repo.suppliersMatchedTo(merchantId, MATCHED_SUPPLIERS_MAX);
      // Only jobs the jobs service shows this user: it answers 404 (or 403) for the others.
      const visible = new Map<string, boolean>();
      for (const jobId of new Set(rows.map((r) => r.jobId))) {
        visible.set(
          jobId,
          await deps.jobs(actor, jobId).then(
            () => true,
            (error: unknown) => {
              if (
                error instanceof AppError &&
                (error.statusCode === 404 || error.statusCode === 403)
              )
                return false;
              throw error;
            },
          ),
        );
      }
      return {
        vendor: found.vendor,
        referenceVersionId: found.versionId,
        matchedSuppliers: rows
          .filter((r) => visible.get(r.jobId))
          .map((r) => ({
            ...r,
            matchStatus: r.matchStatus as VendorDetail['matchedSuppliers'][number]['matchStatus'],
            confidence: r.confidence as VendorDetail['matchedSuppliers'][number]['confidence'],
            matchSource: r.matchSource as VendorDetail['matchedSuppliers'][number]['matchSource'],
          })),
      };
    },
  };
}
