import {
  JOB_TYPE_CREATE_PERMISSIONS,
  type IssuerInputDataOptionSchema,
  type JobType,
} from '@b2b/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type Actor, actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { BuyersService } from '../issuers/buyers.service.js';
import { buyerScope, seesBuyersOf } from '../issuers/buyers.policy.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import { createJobAssignmentsRepo } from './job-assignments.repo.js';
import type { JobLookup } from './job-lookup.js';
import { createJobStepsRepo } from './job-steps.repo.js';
import { stepsFor } from './job-workflow.service.js';
import { createJobsRepo } from './jobs.repo.js';

/** The job wizard's setup: the issuers and buyers to choose from, a new buyer, the Draft job. */
export function createJobWizardService(
  db: Database,
  deps: {
    lookup: JobLookup;
    issuers: Pick<IssuersService, 'findById' | 'listWithBuyers'>;
    buyers: Pick<BuyersService, 'create' | 'findById'>;
  },
) {
  const { lookup, issuers } = deps;
  const jobsRepo = createJobsRepo(db);
  const assignments = createJobAssignmentsRepo(db);
  const steps = createJobStepsRepo(db);

  /** An issuer whose buyers the actor sees (issuers' buyers.policy), or 404. */
  async function usableIssuer(actor: Actor, issuerId: string) {
    const issuer = seesBuyersOf(actor, issuerId) ? await issuers.findById(issuerId) : undefined;
    if (!issuer) throw AppError.notFound('No such issuer.');
    return issuer;
  }

  return {
    async wizardIssuers(actor: Actor) {
      const rows = await issuers.listWithBuyers(buyerScope(actor) ?? 'all');
      return rows.map(({ issuer, buyers }) => ({
        id: issuer.id,
        name: issuer.name,
        currency: issuer.currency,
        fallbackCountryIso3: issuer.fallbackCountryIso3,
        inputDataOptions: issuer.inputDataOptions as z.infer<typeof IssuerInputDataOptionSchema>[],
        buyers: buyers.map((b) => ({ id: b.id, name: b.name, countryIso3: b.countryIso3 })),
      }));
    },

    /**
     * "New buyer" in the wizard: the same buyer creation as buyer administration (its country
     * check and its BuyerCreated audit entry), for an issuer the wizard offers; without a
     * country, the issuer's fallback country.
     */
    async createBuyer(
      actor: Actor,
      input: { issuerId: string; name: string; countryIso3?: string | undefined },
    ) {
      const issuer = await usableIssuer(actor, input.issuerId);
      const created = await deps.buyers.create(actor, {
        issuerId: issuer.id,
        name: input.name,
        countryIso3: input.countryIso3 ?? (issuer.fallbackCountryIso3 || null),
      });
      const buyer = (await deps.buyers.findById(created.id))!;
      return {
        id: buyer.id,
        issuerId: buyer.issuerId,
        name: buyer.name,
        countryIso3: buyer.countryIso3,
      };
    },

    async create(
      actor: Actor,
      input: { type: JobType; issuerId: string; buyerId: string; name: string; currency: string },
      /** `id`: chosen by the caller beforehand, so a retried creation finds its job (SFTP). */
      extra: { analysisDate?: string; demoKey?: string; id?: string } = {},
    ) {
      if (!JOB_TYPE_CREATE_PERMISSIONS[input.type].every((p) => actorCan(actor, p))) {
        throw AppError.forbidden();
      }
      const issuer = await usableIssuer(actor, input.issuerId);
      const buyer = await deps.buyers.findById(input.buyerId);
      if (!buyer || buyer.issuerId !== issuer.id) {
        throw AppError.badRequest('query.buyerId must be a buyer of the chosen issuer', 'buyerId');
      }
      const job = await jobsRepo.insertJob({
        ...(extra.id ? { id: extra.id } : {}),
        type: input.type,
        issuerId: issuer.id,
        buyerId: buyer.id,
        ownerId: actor.userId,
        name: input.name,
        currency: input.currency,
        analysisDate: extra.analysisDate ?? new Date().toISOString().slice(0, 10),
        demoKey: extra.demoKey ?? null,
      });
      await assignments.assign(job.id, actor.userId, 'Owner', actor.userId);
      await steps.upsertSteps(
        stepsFor(job.type).map((step, position) => ({
          jobId: job.id,
          step,
          position,
          status: 'Blocked',
        })),
      );
      return lookup.details(actor, job);
    },

    async updateWizard(
      actor: Actor,
      id: string,
      input: {
        name?: string | undefined;
        currency?: string | undefined;
        buyerId?: string | undefined;
      },
    ) {
      const job = await lookup.editableJob(actor, id);
      if (input.buyerId) {
        const buyer = await deps.buyers.findById(input.buyerId);
        if (!buyer || buyer.issuerId !== job.issuerId) {
          throw AppError.badRequest('body.buyerId must be a buyer of the job’s issuer', 'buyerId');
        }
      }
      const updated = await jobsRepo.updateJob(job.id, {
        ...(input.name ? { name: input.name } : {}),
        ...(input.currency ? { currency: input.currency } : {}),
        ...(input.buyerId ? { buyerId: input.buyerId } : {}),
      });
      return lookup.details(actor, updated);
    },
  };
}
