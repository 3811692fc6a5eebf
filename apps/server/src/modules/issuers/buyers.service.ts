import { ISO_3166_ALPHA3, type PagedListRequest } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { createBuyersRepo } from './buyers.repo.js';
import { authorize, buyerScope, seesBuyersOf } from './buyers.policy.js';
import { createIssuerJobsRead } from './issuer-jobs.read.js';
import { createIssuersRepo } from './issuers.repo.js';
import { uiText } from '../../lib/ui-text.js';

type BuyerInput = { issuerId: string; name: string; countryIso3: string | null };

/** Buyer organisations: each belongs to one issuer; users see their issuers' buyers. */
export function createBuyersService(db: Database, deps: { systemLogs: SystemLogsService }) {
  const repo = createBuyersRepo(db);
  const issuers = createIssuersRepo(db);
  const issuerJobs = createIssuerJobsRead(db);

  async function requireBuyer(actor: Actor, id: string) {
    const row = await repo.findById(id);
    if (!row) throw AppError.notFound('Buyer not found.');
    authorize(actor, 'view', row);
    return row;
  }

  /** The issuer must exist and be one the actor may add buyers to. */
  async function checkInput(actor: Actor, input: BuyerInput) {
    const issuer = seesBuyersOf(actor, input.issuerId)
      ? await issuers.findById(input.issuerId)
      : undefined;
    if (!issuer) throw AppError.badRequest(`No issuer with id ${input.issuerId}`, 'body.issuerId');
    const countryIso3 = input.countryIso3?.toUpperCase() ?? null;
    if (countryIso3 && !ISO_3166_ALPHA3.has(countryIso3)) {
      throw AppError.badRequest(
        `body.countryIso3 must be an ISO 3166 alpha-3 country code; '${input.countryIso3}' is not one`,
        'body.countryIso3',
      );
    }
    return { issuerId: input.issuerId, name: input.name, countryIso3 };
  }

  return {
    get: requireBuyer,
    /** A buyer, or undefined, whoever asks: the caller scopes it (the job wizard, the pipeline). */
    findById: (id: string) => repo.findById(id),
    /** Buyer names for the active-users views (whoever asks: the caller scopes by issuer). */
    async namesByIds(ids: string[]) {
      return new Map((await repo.refsByIds(ids)).map((b) => [b.id, b.name]));
    },
    /** Each buyer's issuer, for the active-users views' issuer scope. */
    async issuerIdsOf(ids: string[]) {
      return new Map((await repo.refsByIds(ids)).map((b) => [b.id, [b.issuerId] as const]));
    },
    /** A buyer by its issuer's key and its name (the demo seed and the benchmarks). */
    findByIssuerKey: (issuerKey: string, name: string) => repo.findByIssuerKey(issuerKey, name),
    async list(actor: Actor, request: PagedListRequest) {
      const { rows, totalCount } = await repo.list(request, buyerScope(actor));
      return pagedResponse(rows, totalCount, request);
    },
    async create(actor: Actor, input: BuyerInput) {
      const row = await repo.insert(await checkInput(actor, input));
      await deps.systemLogs.record(actor, {
        action: 'BuyerCreated',
        entityType: 'buyer',
        entityId: row.id,
        entityName: row.name,
        after: row,
      });
      return {
        success: true,
        message: uiText(`Buyer '${row.name}' created.`),
        statusCode: 200,
        id: row.id,
      };
    },
    async update(actor: Actor, input: BuyerInput & { id: string }) {
      const before = await requireBuyer(actor, input.id);
      const after = await repo.update(input.id, await checkInput(actor, input));
      await deps.systemLogs.record(actor, {
        action: 'BuyerUpdated',
        entityType: 'buyer',
        entityId: input.id,
        entityName: after?.name ?? before.name,
        before,
        after,
      });
      return { success: true, message: uiText(`Buyer '${input.name}' updated.`), statusCode: 200 };
    },
    async delete(actor: Actor, id: string) {
      const before = await requireBuyer(actor, id);
      const jobs = await issuerJobs.countForBuyer(id);
      if (jobs > 0) {
        throw AppError.conflict(
          `Buyer '${before.name}' cannot be deleted while ${jobs} job(s) are run for it.`,
        );
      }
      await repo.delete(id);
      await deps.systemLogs.record(actor, {
        action: 'BuyerDeleted',
        entityType: 'buyer',
        entityId: id,
        entityName: before.name,
        before,
      });
      return { success: true, message: uiText(`Buyer '${before.name}' deleted.`), statusCode: 200 };
    },
  };
}
export type BuyersService = ReturnType<typeof createBuyersService>;
